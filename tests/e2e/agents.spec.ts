import { expect, test } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { messages, uniqueEmail } from './helpers';
import { E2E_ADMIN_TOKEN, siteUrl } from './servers';

/**
 * Issue 46, tried as a new user would: the SDK's own MCP client, connected to the running site's
 * `/mcp`, finds a free table for 4 next Friday, books it, and the booking is on the venue's staff
 * sheet tagged `mcp`; a refusal comes back in the site's words.
 */
type Tool = { isError?: boolean; structuredContent?: Record<string, unknown> };

test('an MCP client books a table for 4 next Friday, on the staff sheet tagged mcp', async ({ request }) => {
  const base = siteUrl('builtin');
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Tool;
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('book_table');
    const venue = (await call('venue', { language: 'en' })).structuredContent!;
    expect((venue.consents as { key: string }[]).map((c) => c.key)).toEqual(['privacyAccepted', 'marketingEmail', 'marketingSms']);

    // "Next Friday": the first Friday the calendar offers for 4, a week or more ahead of the venue's today.
    const friday = await (async () => {
      const now = new Date();
      for (let i = 0; i < 3; i++) {
        const m = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
        const days = (await call('availability_month', { year: m.getUTCFullYear(), month: m.getUTCMonth() + 1, pax: 4 })).structuredContent!.days as { date: string; state: string }[];
        const found = days.find((d) => d.state === 'available' && new Date(`${d.date}T12:00:00Z`).getUTCDay() === 5 && Date.parse(d.date) > now.getTime() + 6 * 86_400_000);
        if (found) return found.date;
      }
      throw new Error('no Friday available');
    })();
    const times = (await call('availability_day', { date: friday, pax: 4 })).structuredContent!.times as { time: string; available: boolean; shift: string }[];
    const time = times.find((t) => t.available && t.shift === 'cena')?.time ?? times.find((t) => t.available)!.time;

    const email = uniqueEmail('mcp-e2e');
    const booked = await call('book_table', { date: friday, time, pax: 4, firstName: 'Ada', lastName: 'Assistente', email, phonePrefix: '+39', phone: '3471234567', privacyAccepted: true, language: 'en' });
    expect(booked.isError ?? false, JSON.stringify(booked)).toBe(false);
    expect(booked.structuredContent).toMatchObject({ status: 'confirmed' });

    // The venue's sheet that day, through the contract with the venue's own credential.
    const minted = await request.post(`${base}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: 'localhost' } });
    expect(minted.ok(), await minted.text()).toBe(true);
    const token = ((await minted.json()) as { data: { token: string } }).data.token;
    const sheet = await request.post(`${base}/backend/api/frontpage/staff/day`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      data: new URLSearchParams({ date: friday }).toString(),
    });
    const bookings = ((await sheet.json()).data.shifts as { bookings: { email: string; source: string; covers: number; time: string }[] }[]).flatMap((s) => s.bookings);
    expect(bookings.filter((b) => b.email === email).map((b) => [b.source, b.covers, b.time])).toEqual([['mcp', 4, time]]);

    // A refusal, in the site's words.
    const refused = await call('book_table', { date: '2020-01-03', time, pax: 4, firstName: 'Ada', lastName: 'Assistente', email, phonePrefix: '+39', phone: '3471234567', privacyAccepted: true, language: 'en' });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: 'pastDate', message: messages('en')('reserve.errors.pastDate') });
  } finally {
    await client.close();
  }
});
