import { useSiteDatabase } from '../helpers/databases';
import { get } from '../helpers/handler-answers';

/**
 * `GET /api/phone-prefixes` (issue 43): the phone prefix list the booking wizard's details step
 * and the promotion's form fetch when they are about to show a phone field, so `/reserve` and a
 * promotion's page no longer carry it in their HTML (11.7 KB). The list is the page's as it was:
 * the venue's, named and sorted in the asked language; a language the site does not have is a 400.
 */
describe('the phone prefixes a form fetches', () => {
  useSiteDatabase('pglite');

  /** The venue's list as `getPrefixList` reads it, without Next's data cache (not there outside a server). */
  const read = async (venueKey: string, locale?: string) => {
    const { backendFor } = await import('@/server/backend');
    const { localizedPrefixes } = await import('@/lib/venue/prefixes');
    const loaded = await backendFor(venueKey).getAllServices();
    return loaded.status === 'ok' ? localizedPrefixes(loaded.data, locale ?? 'it') : [];
  };

  it('answers the venue’s prefixes named and sorted in the asked language', async () => {
    const { handlePhonePrefixes } = await import('@/server/venues/prefixes-http');
    const en = await handlePhonePrefixes(get('/api/phone-prefixes?locale=en'), read);
    expect(en.status).toBe(200);
    expect(en.headers.get('cache-control')).toMatch(/no-store/);
    const { prefixes } = (await en.json()) as { prefixes: { name: string; prefix: string; iso: string }[] };
    expect(prefixes.length).toBeGreaterThan(200);
    expect(prefixes).toContainEqual({ name: 'Italy', prefix: '+39', iso: 'IT' });
    const names = prefixes.map((p) => p.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    const de = (await (await handlePhonePrefixes(get('/api/phone-prefixes?locale=de'), read)).json()) as { prefixes: { name: string; iso: string }[] };
    expect(de.prefixes.find((p) => p.iso === 'DE')?.name).toBe('Deutschland');
  });

  it('refuses a language the site does not have with the field’s message key', async () => {
    const { handlePhonePrefixes } = await import('@/server/venues/prefixes-http');
    for (const query of ['', '?locale=xx', '?locale=EN', '?locale=%00']) {
      const answer = await handlePhonePrefixes(get(`/api/phone-prefixes${query}`), read);
      expect({ query, status: answer.status, body: await answer.json() }).toEqual({ query, status: 400, body: { error: 'invalid', fieldErrors: { locale: 'invalid' } } });
    }
  });
});
