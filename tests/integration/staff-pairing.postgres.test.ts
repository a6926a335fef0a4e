import { describeStaffPairing } from './staff-pairing.shared';

describeStaffPairing('postgres');
