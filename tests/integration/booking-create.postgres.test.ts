import { describeBookingCreate } from './booking-create.shared';

describeBookingCreate('postgres');
