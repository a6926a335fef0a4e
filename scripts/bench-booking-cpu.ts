/**
 * CPU per booking in process, without HTTP (issue 43; docs/performance.md): N `reservation/create`
 * through the contract's dispatcher, C at a time, after 100 to warm up, distinct guests over 20
 * evenings (as `npm run bench`), on a fresh DATABASE_URL and DATA_DIR. Prints the bookings per second,
 * this process's CPU per booking and, with PGDIR (the cluster's directory, Linux), its PostgreSQL
 * backends' CPU per booking: figures that hold better than throughput on a machine shared with other
 * work. `WITH_KEY=1`: each with an idempotency key, as the site's own submit.
 * `tsx --conditions=react-server scripts/bench-booking-cpu.ts [N=600] [C=20]`
 */
import fs from 'node:fs';
import { getDb } from '@/server/db/client';
import { seedDemoVenue } from '@/server/venues/seed';

const n = Number(process.argv[2]) || 600;
const c = Number(process.argv[3]) || 20;
const evenings: string[] = [];
for (let day = 2; evenings.length < 20; day++) {
  const d = new Date(Date.now() + day * 86_400_000);
  if (d.getUTCDay() !== 1 && !['12-25', '01-01'].includes(d.toISOString().slice(5, 10))) evenings.push(d.toISOString().slice(0, 10));
}
const body = (i: number) => {
  const times = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];
  return new URLSearchParams({
    pax: '2', date: evenings[i % evenings.length], time: times[Math.floor(i / evenings.length) % times.length], zone: i % 2 ? 'sala' : 'terrazza',
    nome: 'Bench', cognome: 'Guest', email: `load${i}@example.com`, prefisso: '+39', telefono: `33${String(10_000_000 + i).padStart(8, '0')}`, privacy: '1', language: 'it',
    recaptchaV3Token: `local.v3.pass.${i.toString(36).padStart(12, '0')}`,
    ...(process.env.WITH_KEY ? { idempotencyKey: `bench-key-${String(i).padStart(12, '0')}` } : {}),
  });
};
/** CPU ticks (1/100 s) of the PostgreSQL cluster's backends, read from /proc (0 without PGDIR). */
const pgTicks = () => {
  if (!process.env.PGDIR) return 0;
  const pm = Number(fs.readFileSync(`${process.env.PGDIR}/data/postmaster.pid`, 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const st = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === pm) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
};
async function main() {
  const db = await getDb();
  await seedDemoVenue(db);
  const { dispatch } = await import('@/server/backend/dispatch');
  const answers = new Map<string, number>();
  let next = 0;
  const run = async (count: number) => {
    const worker = async () => {
      while (next < count) {
        const i = next++;
        const r = await dispatch('reservation/create', 'localhost', body(i));
        const k = `${r.httpStatus} ${(r.body.data as { outcome?: string })?.outcome ?? r.body.error}`;
        answers.set(k, (answers.get(k) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: c }, worker));
  };
  await run(100); // warm
  const cpu0 = process.cpuUsage();
  const pg0 = pgTicks();
  const t0 = performance.now();
  await run(100 + n);
  await new Promise((r) => setTimeout(r, 1500)); // the outbox's sends
  const cpu = process.cpuUsage(cpu0);
  const pg = pgTicks() - pg0;
  const wall = performance.now() - t0 - 1500;
  console.log(JSON.stringify({ bookings: n, wallMs: Math.round(wall), perSec: Math.round((n * 1000) / wall), serverCpuUsPerBooking: Math.round((cpu.user + cpu.system) / n), pgCpuUsPerBooking: Math.round((pg * 10_000) / n), answers: Object.fromEntries(answers) }));
  process.exit(0);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
