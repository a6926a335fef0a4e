import { describeTrust } from './trust.shared';

describeTrust('postgres');
