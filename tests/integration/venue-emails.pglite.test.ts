import { describeVenueEmails } from './venue-emails.shared';

describeVenueEmails('pglite');
