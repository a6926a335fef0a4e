/**
 * `npm run bench -- --soak` (issue 27, docs/performance.md): SOAK_SECONDS (default 600) of mixed
 * traffic on one server: visitors asking for pages in every language, guests holding then
 * booking tables over the coming evenings, and buyers checking out and paying gift cards on
 * the local payment page. Samples the server's resident memory every 5 s. At the end waits
 * for the outbox to drain, then prints every answer tallied, the memory of the second minute
 * against the last, and the outbox backlog: its size and the age of its oldest message, sampled
 * every 5 s (issue 43's goal: the backlog stays under one minute of traffic, i.e. no message
 * waits a minute). Exits non-zero on a 5xx, memory more than 10 %
 * above the second minute's, an outbox that does not drain within five minutes, or a message
 * that waited a minute.
 * On PGlite by default; `DATABASE_URL` for PostgreSQL. Options: SOAK_SECONDS, BENCH_PORT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { envName, LIMIT_NAMES, LIMITS } from '@/server/limits/config';
import { next, root, rssMb, waitUp } from './bench-lib';

const port = Number(process.env.BENCH_PORT) || 3190;
const seconds = Number(process.env.SOAK_SECONDS) || 600;
const dataDir = path.join(root, '.tmp', 'bench-soak');
const base = `http://127.0.0.1:${port}`;
const LOCALES = ['', '/en', '/fr', '/es', '/de'];
const PAGES = ['', '/reserve', '/frontpage/esperienze', '/frontpage/giftcards', '/frontpage/fidelity', '/promo/aperitivo-omaggio'];
const TIMES = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];

type Answer = { status: number; body: string };

/** A request as a guest's browser sends it, from its own address (X-Forwarded-For, one trusted proxy). */
function send(method: string, pathname: string, ip: string, body?: string, type = 'application/json'): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'x-forwarded-for': ip, origin: base };
    if (body !== undefined) Object.assign(headers, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, body: JSON.stringify({ error: error.code ?? error.message }) }));
    req.end(body);
  });
}

const json = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
};

type Result = { requests: { average: number }; latency: { p99: number }; errors: number; timeouts: number; statusCodeStats: Record<string, { count: number }> };
type Request = { method: string; path: string };
type Autocannon = (options: { url: string; connections: number; duration: number; requests: { setupRequest: (r: Request) => Request }[] }, done: (err: Error | null, r: Result) => void) => unknown;

async function main() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    OUTBOX_INTERVAL_MS: '500',
    TRUST_PROXY_HOPS: '1',
    // Traffic, not an attack: the abuse limits out of the way (docs/security.md measures them).
    ...Object.fromEntries(LIMIT_NAMES.map((limit) => [envName(limit), `1000000/${LIMITS[limit].windowSeconds}`])),
  };
  const started = Date.now();
  // The server's own output goes to a file beside its data, for a look after a failure.
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
  const server: ChildProcess = spawn(process.execPath, [next, 'start', '-p', String(port)], { cwd: root, stdio: ['ignore', log, log], env: { ...env, LOG_LEVEL: 'warn' } });
  server.on('exit', (code, signal) => console.log(`The server exited (${code ?? signal}) at ${((Date.now() - started) / 1000).toFixed(0)} s.`));
  process.on('exit', () => server.kill('SIGTERM'));
  await waitUp(`${base}/api/health`);

  const until = started + seconds * 1000;
  const tally = new Map<string, number>();
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
  const samples: { at: number; mb: number }[] = [];
  const backlog: number[] = [];
  const waited: number[] = [];
  const queued = async () => ((await fetch(`${base}/api/health`).then((r) => r.json()).catch(() => ({}))).outbox ?? { queued: -1, failed: -1, oldestQueuedSeconds: null }) as { queued: number; failed: number; oldestQueuedSeconds: number | null };
  const sampler = setInterval(() => {
    samples.push({ at: (Date.now() - started) / 1000, mb: rssMb(server.pid!) });
    void queued().then((o) => {
      backlog.push(o.queued);
      waited.push(o.oldestQueuedSeconds ?? 0);
    });
  }, 5000);

  // Visitors: pages in every language, 8 at a time.
  const autocannon = createRequire(__filename)('autocannon') as Autocannon;
  const pick = () => LOCALES[Math.floor(Math.random() * LOCALES.length)] + PAGES[Math.floor(Math.random() * PAGES.length)] || '/';
  const visitors = new Promise<Result>((resolve, reject) =>
    autocannon({ url: `${base}/`, connections: 8, duration: seconds, requests: [{ setupRequest: (r) => ({ ...r, path: pick() }) }] }, (err, r) => (err ? reject(err) : resolve(r))),
  );

  // Guests, 3 at a time: hold then book a table; every third also buys and pays a gift card.
  const evenings: string[] = [];
  for (let d = 2; evenings.length < 30; d++) {
    const day = new Date(Date.now() + d * 86_400_000);
    // The demo venue is closed on Mondays and its holidays.
    if (day.getUTCDay() !== 1 && !['12-25', '01-01'].includes(day.toISOString().slice(5, 10))) evenings.push(day.toISOString().slice(0, 10));
  }
  let next_ = 0;
  const guest = async () => {
    while (Date.now() < until) {
      const i = next_++;
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const choice = { date: evenings[i % evenings.length], time: TIMES[i % TIMES.length], zone: i % 2 ? 'sala' : 'terrazza', pax: 2 };
      const hold = await send('POST', '/api/reservation/hold', ip, JSON.stringify(choice));
      count(`hold ${hold.status} ${json(hold.body).error ?? ''}`.trim());
      const guestFields = { nome: 'Soak', cognome: `Guest${i}`, email: `soak${i}@example.com`, prefisso: '+39', telefono: `34${String(1_000_000 + i).padStart(8, '0')}`, privacy: true, language: 'it' };
      const create = await send('POST', '/api/reservation', ip, JSON.stringify({ ...choice, ...guestFields, holdToken: json(hold.body).data?.holdToken, tokenVersion: 'v3', recaptchaV3Token: `local.v3.pass.${i.toString(36).padStart(12, '0')}` }));
      count(`book ${create.status} ${json(create.body).data?.outcome ?? json(create.body).error ?? ''}`.trim());
      if (i % 3 === 0) {
        const checkout = await send('POST', '/api/giftcard/checkout', ip, JSON.stringify({ id: 'buono-50', quantity: '1', firstName: 'Soak', lastName: `Buyer${i}`, email: `soak${i}@example.com`, prefix: '+39', mobile: `34${String(1_000_000 + i).padStart(8, '0')}`, recipient: 'me', paymentMethod: 'card', privacy: true, language: 'it' }));
        count(`gift card checkout ${checkout.status} ${json(checkout.body).error ?? ''}`.trim());
        // The payment page links to the local payment session, which the buyer pays with the test card.
        const fingerprint = json(checkout.body).data?.fingerprint as string | undefined;
        const page = fingerprint ? await send('GET', `/frontpage/giftcard/testpay/${fingerprint}`, ip) : null;
        const session = page && /\/api\/payments\/testpay\/([A-Za-z0-9_]+)/.exec(page.body)?.[1];
        if (page) count(`gift card payment page ${page.status}${session ? '' : ' without a payment link'}`);
        if (session) {
          const pay = await send('POST', `/api/payments/testpay/${session}`, ip, 'cardNumber=4242424242424242', 'application/x-www-form-urlencoded');
          count(`gift card payment ${pay.status} ${pay.status ? '' : json(pay.body).error}`.trim());
        }
      }
    }
  };
  await Promise.all([guest(), guest(), guest()]);
  const pages = await visitors;
  clearInterval(sampler);

  // The outbox then drains: how long it takes, up to five minutes.
  const stopped = Date.now();
  let outbox = await queued();
  while (outbox.queued !== 0 && Date.now() - stopped < 300_000) {
    await new Promise((r) => setTimeout(r, 1000));
    outbox = await queued();
  }
  const drainSeconds = (Date.now() - stopped) / 1000;

  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  // The second minute (warm: every page rendered once) against the last; shorter runs compare their second and last quarters.
  const [from, to, tail] = seconds >= 180 ? [60, 120, 60] : [seconds / 4, seconds / 2, seconds / 4];
  // A run too short for a sample in that window compares with its first sample.
  const second = avg(samples.filter((s) => s.at >= from && s.at < to).map((s) => s.mb)) || (samples[0]?.mb ?? NaN);
  const last = avg(samples.filter((s) => s.at >= seconds - tail).map((s) => s.mb));
  const pageCodes = Object.entries(pages.statusCodeStats).map(([code, s]) => `${s.count} × ${code}`).join(', ');
  const pageFailures = Object.entries(pages.statusCodeStats).filter(([code]) => code.startsWith('5')).reduce((a, [, s]) => a + s.count, 0) + pages.errors;
  const calls = [...tally].sort();
  const callFailures = calls.filter(([key]) => / (5\d\d|0)\b/.test(key)).reduce((a, [, n]) => a + n, 0);

  console.log(`\nSoak: ${seconds} s of mixed traffic, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
  console.log(`pages: ${pages.requests.average.toFixed(0)} req/s, p99 ${pages.latency.p99} ms, ${pageCodes}, ${pages.errors} errors (${pages.timeouts} past autocannon's 10 s)`);
  for (const [key, n] of calls) console.log(`${key.padEnd(44)} ${n}`);
  console.log(`\nresident memory (MB): warm ${second.toFixed(0)}, end ${last.toFixed(0)} (${(((last - second) / second) * 100).toFixed(1)} %), peak ${Math.max(...samples.map((s) => s.mb)).toFixed(0)}`);
  console.log(`outbox: backlog during the run up to ${Math.max(0, ...backlog)} messages; after it, ${outbox.queued} queued and ${outbox.failed} failed ${outbox.queued === 0 ? `(drained in ${drainSeconds.toFixed(0)} s)` : 'after five minutes'}`);
  const oldest = Math.max(0, ...waited);
  console.log(`outbox: the oldest queued message waited up to ${oldest} s during the run (goal: under 60 s, one minute of traffic)`);
  const flat = last <= second * 1.1;
  const ok = pageFailures === 0 && callFailures === 0 && flat && outbox.queued === 0 && outbox.failed === 0 && oldest < 60;
  console.log(ok ? 'No 5xx, memory flat within 10 %, outbox drained, no message waited a minute.' : `FAILED: ${pageFailures + callFailures} 5xx or errors; memory ${flat ? 'flat' : 'grew'}; outbox ${outbox.queued} queued, ${outbox.failed} failed, oldest waited ${oldest} s.`);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
