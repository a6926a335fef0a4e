/**
 * `npm run promo:staff-token -- [host]`: the venue token staff type in once per device to
 * redeem promo codes from their QR codes (docs/backend-contract.md, "Promotions"). Derived
 * from the backend token (BACKEND_TOKEN, or DATA_DIR/backend-token) and the venue's host
 * (default `localhost`, the default venue or LOCALHOST_VENUE_HOST's).
 */
import { venueKeyForHost } from '@/lib/venue/host';
import { venueStaffToken } from '@/server/promo/staff';

console.log(venueStaffToken(venueKeyForHost(process.argv[2] ?? 'localhost')));
