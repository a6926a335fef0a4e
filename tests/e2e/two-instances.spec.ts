import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startThrowawayPostgres, type ThrowawayServer } from '../helpers/postgres-server';
import { uniqueEmail } from './helpers';
import { killGroup, opsPort, portOpen, root, siteEnv, startDetached, startNext, startSmtpSink, tempDataDir, waitReady, type SmtpSink, type Started } from './processes';
import { E2E_ADMIN_TOKEN } from './servers';

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

  /** The demo venue file with its English tagline changed, imported through one instance's admin API. */
  async function importTagline(port: number, tagline: string) {
    const file = JSON.parse(fs.readFileSync(path.join(root, 'venues/demo.json'), 'utf8'));
    file.tagline = { ...file.tagline, en: tagline };
    const response = await api(port, '/api/admin/venues', { method: 'POST', body: JSON.stringify(file), headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  test('a venue import on one instance refreshes the other at once (PostgreSQL LISTEN/NOTIFY), not after the cache time (issue 27)', async () => {
    // The other instance has the page in its cache, and would keep it for minutes.
    const before = await (await fetch(`http://localhost:${ports[1]}/en`)).text();
    expect(before).not.toContain('Tagline heard on the other instance');
    const started = Date.now();
    await importTagline(ports[0], 'Tagline heard on the other instance');
    await expect.poll(async () => (await (await fetch(`http://localhost:${ports[1]}/en`)).text()).includes('Tagline heard on the other instance'), { timeout: 10_000, intervals: [100] }).toBe(true);
    console.log(`venue import seen on the other instance after ${Date.now() - started} ms`);
  });

  test('nginx in front (docs/nginx/frontpage.conf): pages from its micro-cache, nothing of one guest ever from it, an import shows through it (issue 27)', async () => {
    const nginxPort = opsPort(5);
    const dir = tempDataDir('nginx');
    const conf = fs
      .readFileSync(path.join(root, 'docs/nginx/frontpage.conf'), 'utf8')
      .replace('/var/cache/nginx/frontpage', path.join(dir, 'cache'))
      .replace('127.0.0.1:3000', `127.0.0.1:${ports[0]}`)
      .replace('127.0.0.1:3001', `127.0.0.1:${ports[1]}`)
      .replace('listen 80;', `listen 127.0.0.1:${nginxPort};`);
    fs.writeFileSync(path.join(dir, 'frontpage.conf'), conf);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${path.join(dir, t)};`).join('\n  ');
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;\nworker_processes 1;\n${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${path.join(dir, 'nginx.pid')};\nerror_log ${path.join(dir, 'error.log')} warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  ${temp}\n  include ${path.join(dir, 'frontpage.conf')};\n}\n`,
    );
    const nginx = startDetached('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], process.env);
    try {
      await expect.poll(() => portOpen(nginxPort), { timeout: 10_000 }).toBe(true);
      const via = (p: string, headers: Record<string, string> = {}) => fetch(`http://localhost:${nginxPort}${p}`, { headers, redirect: 'manual' });

      // A cacheable page: the second request within the second is nginx's.
      const first = await via('/en/frontpage/esperienze');
      expect(first.status, nginx.output()).toBe(200);
      const second = await via('/en/frontpage/esperienze');
      expect(second.headers.get('x-cache-status')).toBe('HIT');

      // The partner flag: set on its answer, which nginx never keeps; the cached home never carries it.
      for (let i = 0; i < 3; i++) {
        const partner = await via('/?src=pc');
        expect(partner.headers.get('set-cookie')).toContain('frontpagePartner=pc');
        expect(partner.headers.get('x-cache-status')).not.toBe('HIT');
      }
      for (let i = 0; i < 3; i++) expect((await via('/')).headers.get('set-cookie')).toBeNull();

      // The language cookie sends an unprefixed address elsewhere: it is part of nginx's key.
      expect((await via('/')).status).toBe(200);
      const german = await via('/', { cookie: 'frontpageLanguage=de' });
      expect(german.status).toBe(307);
      expect(german.headers.get('location')).toMatch(/\/de$/);

      // Per-guest answers: the API, and a booking's own page, are never served from the cache.
      for (let i = 0; i < 3; i++) {
        const api = await via('/api/health');
        expect(api.headers.get('cache-control')).toBe('private, no-store');
        expect(api.headers.get('x-cache-status')).not.toBe('HIT');
      }
      for (let i = 0; i < 3; i++) {
        const answer = await via('/reserve/AAAAAAAAAAAAAAAAAAAAAA/edit');
        expect(answer.headers.get('cache-control')).toMatch(/private|no-store/);
        expect(answer.headers.get('x-cache-status')).not.toBe('HIT');
      }

      // A venue import through one instance shows through nginx within its second of cache.
      await via('/en');
      const started = Date.now();
      await importTagline(ports[1], 'Tagline seen through nginx');
      await expect.poll(async () => (await (await via('/en')).text()).includes('Tagline seen through nginx'), { timeout: 10_000, intervals: [200] }).toBe(true);
      console.log(`venue import seen through nginx after ${Date.now() - started} ms`);
    } finally {
      killGroup(nginx.process.pid);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

