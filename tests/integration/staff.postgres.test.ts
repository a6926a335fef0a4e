import { describeStaff } from './staff.shared';

describeStaff('postgres');
