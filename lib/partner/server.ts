import 'server-only';
import { cookies } from 'next/headers';
import { PARTNER_COOKIE, isPartnerValue } from './flag';

/** Whether this guest arrived from the partner source; booking calls pass it on as `src`. */
export async function isPartnerTraffic(): Promise<boolean> {
  return isPartnerValue((await cookies()).get(PARTNER_COOKIE)?.value);
}
