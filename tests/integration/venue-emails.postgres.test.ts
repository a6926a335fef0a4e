import { describeVenueEmails } from './venue-emails.shared';

describeVenueEmails('postgres');
