import 'server-only';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import type { Envelope } from '@/server/backend/call';

let prefixList: { paese: string; prefisso: string; iso: string }[] | undefined;

/** Every country of libphonenumber's metadata, named in Italian, sorted by name. */
export function buildPrefixList() {
  const names = new Intl.DisplayNames(['it'], { type: 'region' });
  return getCountries()
    .map((iso) => ({ paese: names.of(iso) ?? iso, prefisso: `+${getCountryCallingCode(iso)}`, iso }))
    .sort((a, b) => a.paese.localeCompare(b.paese, 'it'));
}

export async function getAllServices(): Promise<Envelope> {
  prefixList ??= buildPrefixList();
  return { status: true, data: { prefixList } };
}
