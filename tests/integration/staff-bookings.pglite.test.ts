import { describeStaffBookings } from './staff-bookings.shared';

describeStaffBookings('pglite');
