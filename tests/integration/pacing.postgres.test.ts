import { describePacing } from './pacing.shared';

describePacing('postgres');
