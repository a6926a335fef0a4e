import { and, desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, testDay } from '../helpers/clock';
import { forgetVenueContexts } from '@/server/venues/context';
import de from '@/messages/de.json';

const FRIDAY = testDay(3);

/**
 * Issue 46: the SDK's own MCP client books a table through `/mcp` (the route handler itself,
 * reached through the client's fetch): the tools, a booking tagged `mcp` on the staff sheet, the
 * SMS step, the card guarantee as a link, the site's refusals in the language asked, and the
 * look-up, change and cancel by reference and e-mail.
 */
describe('the MCP server at /mcp', () => {
  useSiteDatabase('pglite', { calendar: true });

  let address = 0;
  /** The route's POST, as a running server would call it; GET and DELETE are not exported (Next answers 405). */
  const routeFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const { POST } = await import('@/app/mcp/route');
    const headers = new Headers(init?.headers);
    headers.set('host', 'localhost:3000');
    headers.set('x-forwarded-for', `198.51.100.${(++address % 200) + 1}`);
    if ((init?.method ?? 'GET') !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
    return POST(new NextRequest(url, { ...init, headers } as ConstructorParameters<typeof NextRequest>[1]));
  };
  const connect = async () => {
    const client = new Client({ name: 'test-assistant', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost:3000/mcp'), { fetch: routeFetch }));
    return client;
  };
  type Result = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[] };
  const call = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as Result;
    // Every client reads the text; it holds the same JSON.
    expect(JSON.parse(result.content[0].text ?? '')).toEqual(result.structuredContent);
    return { isError: Boolean(result.isError), ...(result.structuredContent as Record<string, unknown>) } as Record<string, unknown>;
  };
  const guest = (n: number, extra: Record<string, unknown> = {}) => ({
    firstName: 'Ada',
    lastName: `Assistita${n}`,
    email: `mcp${n}@example.com`,
    phonePrefix: '+39',
    phone: `34712345${String(n).padStart(2, '0')}`,
    privacyAccepted: true,
    language: 'en',
    ...extra,
  });
  const db = async () => {
    const { getDb } = await import('@/server/db/client');
    return { db: await getDb(), schema: await import('@/server/db/schema') };
  };

  it('lists its tools, and tells the venue with the consent texts to show', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['availability_day', 'availability_month', 'book_table', 'buy', 'cancel_booking', 'change_booking', 'experiences', 'find_booking', 'resend_code', 'venue', 'verify']);
    const venue = await call(client, 'venue', { language: 'en' });
    expect(venue).toMatchObject({ isError: false, languages: ['it', 'en', 'fr', 'es', 'de'] });
    expect(String(venue.name)).not.toBe('');
    const consents = venue.consents as { key: string; required: boolean; label: string }[];
    expect(consents.map((c) => [c.key, c.required, c.label])).toEqual([
      ['privacyAccepted', true, 'I accept the privacy policy'],
      ['marketingEmail', false, 'I accept the marketing policy'],
      ['marketingSms', false, 'I would also like news and offers by SMS (optional)'],
    ]);
    const [year, month] = DEMO_DAYS.closures[0].split('-').map(Number);
    const days = (await call(client, 'availability_month', { year, month, pax: 4 })).days as { date: string; state: string }[];
    expect(days.find((d) => d.date === DEMO_DAYS.closures[0])?.state).toBe('closed');
    await client.close();
  });

  it('books a table for 4 on Friday: confirmed, tagged mcp on the staff sheet, consents recorded as given through the assistant', async () => {
    const client = await connect();
    const day = await call(client, 'availability_day', { date: FRIDAY, pax: 4 });
    const free = (day.times as { time: string; available: boolean; shift: string }[]).find((t) => t.available && t.shift === 'cena' && t.time === '20:00');
    expect(free).toBeDefined();
    const booked = await call(client, 'book_table', { date: FRIDAY, time: '20:00', pax: 4, ...guest(1) });
    expect(booked).toMatchObject({ isError: false, status: 'confirmed', message: 'Your reservation is confirmed. We have sent you an e-mail with the details and a calendar file.' });
    const { dispatch } = await import('@/server/backend/dispatch');
    const sheet = (await dispatch('staff/day', 'localhost', new URLSearchParams({ date: FRIDAY }))).body.data as { shifts: { bookings: { email: string; source: string; covers: number }[] }[] };
    expect(sheet.shifts.flatMap((s) => s.bookings).filter((b) => b.email === 'mcp1@example.com').map((b) => [b.source, b.covers])).toEqual([['mcp', 4]]);
    const { db: d, schema } = await db();
    const [row] = await d.select().from(schema.reservations).where(eq(schema.reservations.hash, String(booked.reference)));
    const consents = await d.select().from(schema.consentRecords).where(and(eq(schema.consentRecords.subjectType, 'reservation'), eq(schema.consentRecords.subjectId, row.id)));
    expect(consents.map((c) => [c.purpose, c.given, c.form])).toEqual([
      ['privacy', true, 'reservation/mcp'],
      ['marketing', false, 'reservation/mcp'],
      ['marketing', false, 'reservation/mcp'],
    ]);
    await client.close();
  });

  it("refuses as the site does, with the site's message in the language asked, storing nothing", async () => {
    const client = await connect();
    const { db: d, schema } = await db();
    const before = await d.$count(schema.reservations);
    expect(await call(client, 'book_table', { date: DEMO_DAYS.closures[0], time: '20:00', pax: 2, ...guest(2) })).toMatchObject({ isError: true, message: 'The venue is closed on this date.' });
    expect(await call(client, 'book_table', { date: DEMO_DAYS.closures[0], time: '20:00', pax: 2, ...guest(2, { language: 'de' }) })).toMatchObject({ isError: true, message: de.reserve.errors.closedDay });
    const noPrivacy = await call(client, 'book_table', { date: FRIDAY, time: '20:00', pax: 2, ...guest(2, { privacyAccepted: false }) });
    expect(noPrivacy).toMatchObject({ isError: true, fields: { privacyAccepted: { error: expect.any(String) } } });
    // A party of 5 at dinner needs the card guarantee: a link to the site's page, nothing booked.
    const card = await call(client, 'book_table', { date: FRIDAY, time: '20:30', pax: 5, ...guest(3) });
    expect(card).toMatchObject({ isError: false, status: 'cardGuarantee' });
    const url = new URL(String(card.url));
    expect([url.origin, url.pathname, url.searchParams.get('pax'), url.searchParams.get('date'), url.searchParams.get('time')]).toEqual(['http://localhost:3000', '/en/reserve', '5', FRIDAY, '20:30']);
    expect(await d.$count(schema.reservations)).toBe(before);
    await client.close();
  });

  it('asks for the SMS code where the venue confirms unverified submits by SMS, and takes it through verify', async () => {
    const { db: d, schema } = await db();
    const [demo] = await d.select().from(schema.venues).where(eq(schema.venues.isDefault, true));
    await d.update(schema.venues).set({ booking: { ...demo.booking!, smsConfirmation: { mode: 'botUnsure', covers: 0 } } }).where(eq(schema.venues.id, demo.id));
    forgetVenueContexts();
    try {
      const client = await connect();
      const booked = await call(client, 'book_table', { date: FRIDAY, time: '19:30', pax: 2, ...guest(4) });
      expect(booked).toMatchObject({ isError: false, status: 'smsCode', phoneEnding: '504' });
      expect(String(booked.message)).toContain('504');
      const [sms] = await d.select().from(schema.outbox).where(and(eq(schema.outbox.channel, 'sms'), eq(schema.outbox.recipient, '+393471234504'))).orderBy(desc(schema.outbox.id)).limit(1);
      const code = /\b(\d{6})\b/.exec(sms.bodyText)![1];
      expect(await call(client, 'verify', { reference: booked.reference, code: code === '000000' ? '111111' : '000000', language: 'en' })).toMatchObject({ isError: true, message: 'The code is wrong. Attempts left: 4.' });
      expect(await call(client, 'verify', { reference: booked.reference, code, language: 'en' })).toMatchObject({ isError: false, status: 'confirmed' });
      const [row] = await d.select().from(schema.reservations).where(eq(schema.reservations.hash, String(booked.reference)));
      expect([row.status, row.source, row.botVerdict]).toEqual(['confirmed', 'mcp', 'unsure']);
      await client.close();
    } finally {
      await d.update(schema.venues).set({ booking: demo.booking }).where(eq(schema.venues.id, demo.id));
      forgetVenueContexts();
    }
  });

  it('looks up, changes and cancels a booking by its reference and e-mail; another e-mail finds nothing', async () => {
    const client = await connect();
    const booked = await call(client, 'book_table', { date: FRIDAY, time: '21:00', pax: 2, ...guest(5) });
    expect(booked).toMatchObject({ status: 'confirmed' });
    const reference = booked.reference;
    expect(await call(client, 'find_booking', { reference, email: 'someone.else@example.com', language: 'en' })).toMatchObject({ isError: true, message: 'This reservation does not exist.' });
    expect(await call(client, 'find_booking', { reference, email: 'MCP5@example.com' })).toMatchObject({ isError: false, booking: { reference, date: FRIDAY, time: '21:00', pax: 2, status: 'confirmed' } });
    expect(await call(client, 'change_booking', { reference, email: 'mcp5@example.com', pax: 3, language: 'en' })).toMatchObject({ isError: false, status: 'changed', booking: { pax: 3, time: '21:00' } });
    expect(await call(client, 'cancel_booking', { reference, email: 'mcp5@example.com', language: 'en' })).toMatchObject({ isError: false, status: 'cancelled', feeCents: 0, message: 'This reservation has been cancelled.' });
    expect(await call(client, 'find_booking', { reference, email: 'mcp5@example.com' })).toMatchObject({ booking: { status: 'cancelled' } });
    await client.close();
  });

  it('links the gift cards and experiences to their checkout on the site', async () => {
    const client = await connect();
    const buy = await call(client, 'buy', { language: 'fr' });
    const urls = [...(buy.giftcards as { url: string }[]), ...(buy.experiences as { url: string }[])].map((x) => new URL(x.url));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect([url.origin, url.pathname.startsWith('/fr/frontpage/')]).toEqual(['http://localhost:3000', true]);
    await client.close();
  });
});
