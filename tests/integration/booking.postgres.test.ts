import { describeBooking } from './booking.shared';

describeBooking('postgres');
