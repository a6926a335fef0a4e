import { describeVenueAdmin } from './venue-admin.shared';

describeVenueAdmin('postgres');
