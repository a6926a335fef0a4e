import { fetchedPrefixes, venuePrefixOnly } from '@/components/forms/fetched-prefixes';

/**
 * The phone prefixes a form fetches instead of its page carrying them (issue 43,
 * components/forms/fetched-prefixes.ts): one request per language, its promise kept for the page's
 * life (a form reads it with `use()`), and the venue's own prefix when the request fails.
 */
describe('the phone prefixes a form fetches', () => {
  const list = [
    { name: 'Italy', prefix: '+39', iso: 'IT' },
    { name: 'United Kingdom', prefix: '+44', iso: 'GB' },
  ];

  it('asks once per language, in that language, and hands every caller the same promise', async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ prefixes: list }) });
    global.fetch = fetchMock as unknown as typeof fetch;
    const first = fetchedPrefixes({ locale: 'en', country: 'IT', defaultPrefix: '+39' });
    expect(fetchedPrefixes({ locale: 'en', country: 'IT', defaultPrefix: '+39' })).toBe(first);
    expect(await first).toEqual(list);
    expect(fetchMock.mock.calls).toEqual([['/api/phone-prefixes?locale=en']]);
  });

  it('gives the venue’s own prefix, named in the language, when the request fails, and keeps it', async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: false, status: 503, json: async () => ({}) });
    global.fetch = fetchMock as unknown as typeof fetch;
    const failed = fetchedPrefixes({ locale: 'de', country: 'IT', defaultPrefix: '+39' });
    expect(await failed).toEqual([{ name: 'Italien', prefix: '+39', iso: 'IT' }]);
    expect(fetchedPrefixes({ locale: 'de', country: 'IT', defaultPrefix: '+39' })).toBe(failed);
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline')) as unknown as typeof fetch;
    expect(await fetchedPrefixes({ locale: 'fr', defaultPrefix: '+39' })).toEqual([{ name: '+39', prefix: '+39', iso: '' }]);
    expect(venuePrefixOnly({ locale: 'it', country: 'FR', defaultPrefix: '+33' })).toEqual([{ name: 'Francia', prefix: '+33', iso: 'FR' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
