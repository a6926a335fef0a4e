import { describePacing } from './pacing.shared';

describePacing('pglite');
