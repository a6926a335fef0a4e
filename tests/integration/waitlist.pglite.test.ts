import { describeWaitlist } from './waitlist.shared';

describeWaitlist('pglite');
