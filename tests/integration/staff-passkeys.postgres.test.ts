import { describeStaffPasskeys } from './staff-passkeys.shared';

describeStaffPasskeys('postgres');
