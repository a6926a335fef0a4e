'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { parseDate, parsePax, parseTime } from '@/lib/params';

/**
 * The booking wizard's choices, kept in the URL (`?pax&date&time&zone&experience&step`) so
 * reload and the back button keep the guest's place. They are read strictly (lib/params): one
 * that is no real party size, day or time sends the guest back to its step with the message
 * (`badChoice`), never further on. `go` changes some of them (null or '' drops one).
 */
export function useUrlChoice(maxPax: number) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const pax = parsePax(params.get('pax'), maxPax) ?? 0;
  const date = (pax && parseDate(params.get('date'))) || '';
  const time = (date && parseTime(params.get('time'))) || '';
  const zone = time ? (params.get('zone') ?? '') : '';
  const badChoice = params.get('pax') && !pax ? 'paxInvalid' : pax && params.get('date') && !date ? 'dateInvalid' : date && params.get('time') && !time ? 'timeInvalid' : null;
  const go = (next: Record<string, string | number | null>) => {
    const q = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') q.delete(k);
      else q.set(k, String(v));
    }
    const qs = q.toString();
    router.push(`${pathname}${qs ? `?${qs}` : ''}`, { scroll: false });
  };
  return { router, pathname, params, go, pax, date, time, zone, badChoice, experience: params.get('experience') ?? '', wanted: params.get('step'), choiceKey: `${pax}|${date}|${time}|${zone}` };
}
