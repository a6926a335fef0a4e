import { describeShiftLocks } from './shift-locks.shared';

describeShiftLocks('pglite');
