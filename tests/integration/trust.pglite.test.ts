import { describeTrust } from './trust.shared';

describeTrust('pglite');
