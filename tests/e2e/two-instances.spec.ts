import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startThrowawayPostgres, type ThrowawayServer } from '../helpers/postgres-server';
import { uniqueEmail } from './helpers';
import { killGroup, opsPort, siteEnv, startNext, startSmtpSink, tempDataDir, waitReady, type SmtpSink, type Started } from './processes';

/**
 * One region: two instances of the site on one PostgreSQL server, each with its own data
 * directory and its own outbox delivery loop, sending through one real SMTP server.
 * Bookings go through both, and every e-mail arrives exactly once.
 */
test.describe('two instances on one PostgreSQL', () => {
  test.describe.configure({ timeout: 180_000 });
  const ports = [opsPort(2), opsPort(3)];
  let postgres: ThrowawayServer | undefined;
  let smtp: SmtpSink | undefined;
  const sites: Started[] = [];
  const dataDirs: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    postgres = await startThrowawayPostgres();
    smtp = await startSmtpSink(opsPort(4));
    // Both start at once: migrations run under an advisory lock; both may seed the demo venue, an idempotent import.
    for (const port of ports) {
      dataDirs.push(tempDataDir(`instance-${port}`));
      sites.push(
        startNext(
          port,
          siteEnv(port, dataDirs.at(-1)!, {
            DATABASE_URL: postgres.url,
            SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
            OUTBOX_INTERVAL_MS: '300',
            LOG_LEVEL: 'silent',
          }),
        ),
      );
    }
    await Promise.all(ports.map((port, i) => waitReady(port, sites[i], 120_000)));
  });

  test.afterAll(async () => {
    for (const site of sites) killGroup(site.process.pid);
    await smtp?.close();
    postgres?.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const api = (port: number, path: string, init?: RequestInit) =>
    fetch(`http://localhost:${port}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });

  /** The open days of the next two months, as the booking calendar reads them. */
  async function openDays(port: number): Promise<string[]> {
    const days: string[] = [];
    const now = new Date();
    for (let m = 0; m < 2; m++) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1));
      const response = await api(port, `/api/reservation/month?year=${month.getUTCFullYear()}&month=${month.getUTCMonth() + 1}&pax=2`);
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { date: string; state: string }[] };
      days.push(...data.filter((d) => d.state === 'available').map((d) => d.date));
    }
    return days;
  }

  /** Books a table for two on `day` through the instance on `port`, as the booking form does. */
  async function book(port: number, day: string, email: string) {
    const dayResponse = await api(port, `/api/reservation/day?day=${day}&pax=2`);
    expect(dayResponse.status).toBe(200);
    const { data } = (await dayResponse.json()) as { data: { slots: { time: string; available: boolean; zones: { key: string; available: boolean }[] }[] } };
    const slot = data.slots.find((s) => s.available && s.zones.some((z) => z.available));
    expect(slot, `a free slot on ${day}`).toBeTruthy();
    const zone = slot!.zones.find((z) => z.available)!;
    const response = await api(port, '/api/reservation', {
      method: 'POST',
      body: JSON.stringify({
        pax: 2,
        date: day,
        time: slot!.time,
        zone: zone.key,
        nome: 'Giulia',
        cognome: 'Conti',
        email,
        prefisso: '+39',
        telefono: '3471234567',
        privacy: true,
        language: 'en',
        tokenVersion: 'v3',
        recaptchaV3Token: `local.v3.pass.${Math.random().toString(36).slice(2, 14)}`,
      }),
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.data.outcome).toBe('confirm');
  }

  test('bookings through both instances: each confirmation e-mail is sent exactly once', async () => {
    // Not the first open day: its last slots could pass the booking notice while the test runs.
    const days = (await openDays(ports[0])).slice(1);
    expect(days.length).toBeGreaterThan(3);
    const bookings = Array.from({ length: 8 }, (_, i) => ({ port: ports[i % 2], day: days[i % 4], email: uniqueEmail(`region${i}`) }));
    // Both instances take bookings at the same time; both delivery loops race for the outbox.
    await Promise.all(bookings.map((b) => book(b.port, b.day, b.email)));

    const toGuest = (email: string) => smtp!.received.filter((m) => m.to.includes(email));
    await expect.poll(() => bookings.filter((b) => toGuest(b.email).length > 0).length, { timeout: 30_000 }).toBe(bookings.length);
    // Several more passes of both loops: nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const b of bookings) expect(toGuest(b.email), b.email).toHaveLength(1);
    // Every outbox message (the guests' confirmations and the venue's notifications) arrived once, with its own Message-ID.
    const rows = smtp!.received.map((m) => m.outboxMessage);
    const ids = smtp!.received.map((m) => m.messageId);
    expect(rows.every(Boolean) && ids.every(Boolean)).toBe(true);
    expect(new Set(rows).size).toBe(rows.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(rows.length).toBe(bookings.length * 2);

    // Both instances read the same outbox: nothing queued, nothing failed.
    for (const port of ports) {
      const health = await (await api(port, '/api/health')).json();
      expect(health).toMatchObject({ status: 'ok', database: { status: 'up', driver: 'postgres' }, outbox: { queued: 0, failed: 0 }, providers: { email: 'smtp' } });
    }
  });
});
