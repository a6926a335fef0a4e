import { describeBooking } from './booking.shared';

describeBooking('pglite');
