import { describeStaff } from './staff.shared';

describeStaff('pglite');
