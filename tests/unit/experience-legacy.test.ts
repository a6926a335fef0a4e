import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBackendClient } from '@/lib/backend/client';
import { legacyTransport } from '@/lib/backend/legacy';
import { additionalFieldsField, timesField, zonesField } from '@/lib/contract/experience-fields';
import { availableDaysSchema, availableTimesSchema, experienceCreatedSchema } from '@/lib/contract/experience-booking';

/**
 * The experience calls of spec section 7 against a legacy stand-in that answers maps and
 * strings where the built-in backend answers lists, and pages its experience list.
 */
let server: http.Server;
let baseUrl: string;
const seen: { url: string; body: URLSearchParams }[] = [];
const replies = new Map<string, (body: URLSearchParams) => unknown>();

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      seen.push({ url: req.url ?? '', body: params });
      const reply = replies.get(req.url ?? '');
      res.writeHead(reply ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply ? reply(params) : { status: false }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = () => createBackendClient(legacyTransport({ baseUrl, token: 't', host: 'venue.example' }), 'legacy');
const path = (call: string) => `/backend/api/frontpage/experience/${call}`;
const experience = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  hash: `h${id}`,
  titolo: { it: `Esperienza ${id}` },
  orari: { a: '19:30', b: '20:00' },
  zoneSelezionabili: { '3': 'Sala', '4': { nome: { it: 'Terrazza' } } },
  campiAggiuntivi: 'Allergie*\nOccasione',
  ...extra,
});

describe('lenient readers', () => {
  it('reads times as a list, a map or a string', () => {
    expect(timesField.parse(['20:00', '9:30'])).toEqual(['09:30', '20:00']);
    expect(timesField.parse({ '20:00': true, '20:30': 1 })).toEqual(['20:00', '20:30']);
    expect(timesField.parse({ 0: '19:00', 1: { orario: '19.30' } })).toEqual(['19:00', '19:30']);
    expect(timesField.parse('12:00, 13:00:00')).toEqual(['12:00', '13:00']);
    expect(timesField.parse(null)).toEqual([]);
  });

  it('reads zones as a list or a map', () => {
    expect(zonesField.parse([{ id: 3, key: 'sala', nome: { it: 'Sala' } }])[0]).toMatchObject({ id: 3, key: 'sala' });
    expect(zonesField.parse({ 3: 'Sala' })).toEqual([{ id: 3, key: '3', nome: expect.objectContaining({ it: 'Sala' }) }]);
  });

  it('reads campiAggiuntivi as a list, a map, JSON text or plain text', () => {
    expect(additionalFieldsField.parse([{ key: 'a', etichetta: 'A', obbligatorio: 1 }])).toEqual([{ key: 'a', label: expect.objectContaining({ it: 'A' }), required: true }]);
    expect(additionalFieldsField.parse({ a: 'A', b: { etichetta: 'B', obbligatorio: '1' } }).map((f) => [f.key, f.required])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(additionalFieldsField.parse('[{"key":"x","etichetta":"X","obbligatorio":true}]')[0]).toMatchObject({ key: 'x', required: true });
    expect(additionalFieldsField.parse('Allergie*; Occasione speciale').map((f) => [f.key, f.required])).toEqual([
      ['allergie', true],
      ['occasione-speciale', false],
    ]);
    expect(additionalFieldsField.parse('')).toEqual([]);
  });

  it('reads available days and times as lists or maps', () => {
    expect(availableDaysSchema.parse({ '2030-05-02': 4, '2030-05-01': 0, '03/05/2030': true })).toEqual([
      { date: '2030-05-01', state: 'completed', posti: 0 },
      { date: '2030-05-02', state: 'available', posti: 4 },
      { date: '2030-05-03', state: 'available', posti: 0 },
    ]);
    expect(availableDaysSchema.parse(['2030-05-01'])).toEqual([{ date: '2030-05-01', state: 'available', posti: 0 }]);
    expect(availableTimesSchema.parse({ '20:00': 2, '19:00': 0 })).toEqual([
      { time: '19:00', available: false, posti: 0 },
      { time: '20:00', available: true, posti: 2 },
    ]);
    expect(availableTimesSchema.parse({ orari: ['18:00'] })).toEqual([{ time: '18:00', available: true, posti: 0 }]);
    expect(experienceCreatedSchema.parse({ esito: 'WaitingList', hash: 'x' })).toEqual({ outcome: 'waitinglist', hash: 'x' });
  });
});

describe('the legacy client', () => {
  beforeEach(() => {
    seen.length = 0;
    replies.clear();
  });

  it('reads every page of getexperiencelist', async () => {
    replies.set(path('getexperiencelist'), (body) => {
      const page = Number(body.get('page') ?? 1);
      return { status: true, data: { elenco: [experience(page * 10), experience(page * 10 + 1)], pagine: 3, totale: 6 } };
    });
    const loaded = await client().getExperienceList();
    if (loaded.status !== 'ok') throw new Error(loaded.status);
    expect(loaded.data.elenco.map((e) => e.id)).toEqual([10, 11, 20, 21, 30, 31]);
    expect(loaded.data.elenco[0]).toMatchObject({ orari: ['19:30', '20:00'], campiAggiuntivi: [{ key: 'allergie', required: true }, { key: 'occasione', required: false }] });
    expect(seen.map((s) => s.body.get('page'))).toEqual([null, '2', '3']);
  });

  it('fails the whole list when a page fails, so no partial list is cached', async () => {
    replies.set(path('getexperiencelist'), (body) => (body.get('page') === '2' ? { status: false, error: 'generic' } : { status: true, data: { elenco: [experience(1)], pagine: 2, totale: 2 } }));
    expect((await client().getExperienceList()).status).toBe('failed');
  });

  it('sends the six calls with the spec payloads and reads map answers', async () => {
    replies.set(path('getsingleexperience'), () => ({ status: true, data: { experience: experience(7) } }));
    replies.set(path('getsingleexperiencebyhash'), () => ({ status: true, data: { experience: experience(7) } }));
    replies.set(path('availabledays'), () => ({ status: true, data: { '2030-05-02': { stato: 'available', posti: 6 } } }));
    replies.set(path('getavailabletimes'), () => ({ status: true, data: { '20:00': 6 } }));
    replies.set(path('getadditionalfields'), () => ({ status: true, data: { allergie: { etichetta: 'Allergie', obbligatorio: 1 } } }));
    replies.set(path('createexperiencereserve'), () => ({ status: true, data: { outcome: 'confirm', hash: 'abc' } }));
    const c = client();
    expect(await c.experience('getsingleexperience', { experienceId: '7' })).toMatchObject({ status: true, data: { id: 7, orari: ['19:30', '20:00'] } });
    expect(await c.experience('getsingleexperiencebyhash', { experienceHash: 'h7' })).toMatchObject({ status: true, data: { hash: 'h7' } });
    expect(await c.experience('availabledays', { month: '5', year: '2030', pax: '2', experienceId: '7' })).toEqual({ status: true, data: [{ date: '2030-05-02', state: 'available', posti: 6 }] });
    expect(await c.experience('getavailabletimes', { experienceId: '7', day: '2030-05-02', pax: '2', language: 'en' })).toEqual({ status: true, data: [{ time: '20:00', available: true, posti: 6 }] });
    expect(await c.experience('getadditionalfields', { zoneID: '3', experienceId: '7' })).toMatchObject({ status: true, data: [{ key: 'allergie', required: true }] });
    const created = await c.experience('createexperiencereserve', { payload: '{}', recaptchaV3Token: 'a', recaptchaV2Token: 'b', tokenVersion: 'v2' });
    expect(created).toEqual({ status: true, data: { outcome: 'confirm', hash: 'abc' } });
    expect(seen.map((s) => s.url.split('/').pop())).toEqual(['getsingleexperience', 'getsingleexperiencebyhash', 'availabledays', 'getavailabletimes', 'getadditionalfields', 'createexperiencereserve']);
    expect(Object.fromEntries(seen[2].body)).toEqual({ month: '5', year: '2030', pax: '2', experienceId: '7' });
    expect(Object.fromEntries(seen[5].body)).toEqual({ payload: '{}', recaptchaV3Token: 'a', recaptchaV2Token: 'b', tokenVersion: 'v2' });
  });
});
