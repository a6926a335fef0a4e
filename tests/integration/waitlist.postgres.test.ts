import { describeWaitlist } from './waitlist.shared';

describeWaitlist('postgres');
