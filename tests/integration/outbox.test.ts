import fs from 'node:fs';
import { TEST_NOW } from '../helpers/clock';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { outbox, venues } from '@/server/db/schema';
import { enqueueEmail, enqueueEmails } from '@/server/outbox/enqueue';
import { deliverDue, backoffMs } from '@/server/outbox/delivery';
import { fileTransport, smtpTransport } from '@/server/outbox/transport';
import { transportFromEnv } from '@/server/outbox/channels';
import { DRIVERS, openTestDatabase, tempDir } from '../helpers/databases';
import { freePort } from '../helpers/postgres-server';
import { startSmtpSink } from '../helpers/smtp-sink';
import { forgetVenueContexts } from '@/server/venues/context';
import { seedDemoVenue } from '@/server/venues/seed';
import type { Db } from '@/server/db/types';

const mail = (to: string, subject = 'Benvenuto da Trattoria Da Rosa') => ({
  venueId: null,
  template: 'test',
  locale: 'it',
  to,
  subject,
  text: 'Ciao!',
  html: '<p>Ciao!</p>',
});


/** A header of a raw message, unfolded, its RFC 2047 words decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, '%$1').replace(/%(?![0-9a-f]{2})/gi, '%25'), 'latin1').toString().replace(/(%[0-9a-f]{2})+/gi, (m) => decodeURIComponent(m)),
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await wait(10);
  expect(done()).toBe(true);
};

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
});

describe.each(DRIVERS)('outbox on %s', (driver) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
  });
  afterAll(() => handle.close());

  it("sends a venue's e-mails from its name at MAIL_FROM, with Reply-To its own address (issue 45)", async () => {
    await seedDemoVenue(db);
    const [venue] = await db.update(venues).set({ email: 'tavoli@sole.example', name: 'Trattoria "Sole", Bologna' }).where(eq(venues.isDefault, true)).returning();
    forgetVenueContexts();
    const before = process.env.MAIL_FROM;
    process.env.MAIL_FROM = 'Frontpage <prenotazioni@frontpage.example>';
    try {
      const [guest, own] = await enqueueEmails(db, [
        { ...mail('guest45@example.com'), venueId: venue.id },
        { ...mail('TAVOLI@sole.example', 'Nuova prenotazione'), venueId: venue.id },
      ]);
      const rows = await db.select().from(outbox).where(inArray(outbox.id, [guest, own])).orderBy(outbox.id);
      expect(rows[0].sender).toBe('"Trattoria \\"Sole\\", Bologna" <prenotazioni@frontpage.example>');
      expect(rows[0].headers).toEqual({ 'Reply-To': 'tavoli@sole.example' });
      // The venue's own copy comes from its name too, with nobody else to answer.
      expect(rows[1].sender).toBe(rows[0].sender);
      expect(rows[1].headers).toEqual({});
    } finally {
      if (before === undefined) delete process.env.MAIL_FROM;
      else process.env.MAIL_FROM = before;
    }
  });

  it('queues nothing when the transaction that caused the e-mail rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, mail('rollback@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.$count(outbox, eq(outbox.recipient, 'rollback@example.com'))).toBe(0);
  });

  it('writes .eml files without SMTP, and marks the message sent', async () => {
    const dir = path.join(tempDir(), 'outbox');
    const id = await enqueueEmail(db, mail('file@example.com', 'Il tuo tavolo è confermato'));
    const result = await deliverDue(db, fileTransport(dir));
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    const eml = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((m) => m.includes('file@example.com'));
    expect(eml).toMatch(/^To: file@example.com$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m); // encoded, it holds an accented letter
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('sends each message once when several senders run at once', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => enqueueEmail(db, mail(`many${i}@example.com`))));
    const sent: number[] = [];
    const counting = { describe: 'count', send: async (m: { id: number }) => void sent.push(m.id) };
    await Promise.all([1, 2, 3].map(() => deliverDue(db, counting as never, { batchSize: 4 })));
    await deliverDue(db, counting as never);
    const ours = sent.filter((id) => ids.includes(id));
    expect(ours.sort()).toEqual([...ids].sort());
    expect(new Set(ours).size).toBe(ours.length);
  });

  it('sends each message once with two deliverers claiming batches side by side, and marks each sent once', async () => {
    const ids = await enqueueEmails(db, Array.from({ length: 40 }, (_, i) => mail(`side${i}@example.com`)));
    const sends = new Map<number, number>();
    const transport = {
      describe: 'count',
      send: async (m: { id: number }) => {
        sends.set(m.id, (sends.get(m.id) ?? 0) + 1);
        await wait(2);
      },
    };
    // Each deliverer passes until it finds nothing due, as the loop of an instance does.
    const deliverer = async () => {
      let total = 0;
      for (;;) {
        const { sent, retried, failed } = await deliverDue(db, transport as never, { batchSize: 7 });
        if (!(sent + retried + failed)) return total;
        total += sent;
      }
    };
    const [a, b] = await Promise.all([deliverer(), deliverer()]);
    expect([a > 0, b > 0]).toEqual([true, true]);
    expect(ids.map((id) => sends.get(id))).toEqual(ids.map(() => 1));
    const rows = await db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['sent', 1]));
  });

  it('gives back the messages waiting behind a slow one, and another deliverer sends them meanwhile', async () => {
    const ids = await enqueueEmails(db, Array.from({ length: 3 }, (_, i) => mail(`behind${i}@example.com`)));
    const sends: number[] = [];
    let release = () => {};
    const slowFirst = {
      describe: 'slow first',
      send: async (m: { id: number }) => {
        sends.push(m.id);
        if (m.id === ids[0]) await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const first = deliverDue(db, slowFirst as never, { renewMs: 100 });
    await waitFor(() => sends.includes(ids[0]));
    // Within the renewal period the batch is the first deliverer's; after it, the two waiting ones are given back.
    await wait(400);
    const second = await deliverDue(db, slowFirst as never);
    expect(second.sent).toBe(2);
    release();
    expect((await first).sent).toBe(1);
    expect(sends.filter((id) => ids.includes(id)).sort((x, y) => x - y)).toEqual(ids);
    const rows = await db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['sent', 1]));
  });

  it('sends a batch claimed by a deliverer that stalled once its lease has run out, and the stalled one starts nothing more when it wakes', async () => {
    const { pinClock, unpinClock } = await import('@/server/clock');
    let at = new Date(TEST_NOW.getTime() + 86_400_000);
    pinClock(() => at);
    try {
      const ids = await enqueueEmails(db, Array.from({ length: 4 }, (_, i) => mail(`stalled${i}@example.com`)));
      const sends = new Map<number, number>();
      let wake = () => {};
      const counting = { describe: 'count', send: async (m: { id: number }) => void sends.set(m.id, (sends.get(m.id) ?? 0) + 1) };
      // The first deliverer claims the four and stalls in the first send (a frozen process: its timers do not fire).
      const stalling = {
        describe: 'stalls',
        send: async (m: { id: number }) => {
          await counting.send(m);
          if (m.id === ids[0]) await new Promise<void>((resolve) => (wake = resolve));
        },
      };
      const first = deliverDue(db, stalling as never, { leaseMs: 60_000, renewMs: 3_600_000 });
      await waitFor(() => sends.has(ids[0]));
      // Within the lease the others wait, the three not started included.
      at = new Date(at.getTime() + 30_000);
      expect(await deliverDue(db, counting as never)).toMatchObject({ sent: 0 });
      // Past the lease (as after a crash): another deliverer sends all four.
      at = new Date(at.getTime() + 60_000);
      expect(await deliverDue(db, counting as never)).toMatchObject({ sent: 4 });
      // The stalled one wakes: its message in flight ends, it starts none of the three it had claimed and marks nothing.
      wake();
      expect(await first).toMatchObject({ sent: 1 });
      expect(ids.map((id) => sends.get(id))).toEqual([2, 1, 1, 1]);
      const rows = await db.select().from(outbox).where(inArray(outbox.id, ids));
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['sent', 1]));
    } finally {
      unpinClock();
    }
  });
});

describe('SMTP delivery', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await handle.close();
  });

  it('sends through a real SMTP server', async () => {
    const smtp = await startSmtpSink();
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
      const transport = transportFromEnv();
      expect(transport.describe).toMatch(new RegExp(`^smtp 127.0.0.1:${smtp.port}; sms files in `));
      await enqueueEmail(handle.db, mail('guest@example.com', 'Welcome to Trattoria Da Rosa'));
      expect(await deliverDue(handle.db, transport)).toMatchObject({ sent: 1 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['guest@example.com']);
      expect(smtp.received[0].data).toContain('Subject: Welcome to Trattoria Da Rosa');

      // A venue's e-mail: from its name, answered at its address (issue 45), also as the mail client reads it.
      await seedDemoVenue(handle.db);
      const [venue] = await handle.db.update(venues).set({ email: 'tavoli@dasole.example', name: 'Trattoria Dà Sole' }).where(eq(venues.isDefault, true)).returning();
      forgetVenueContexts();
      await enqueueEmail(handle.db, { ...mail('guest45@example.com', 'Il tuo tavolo'), venueId: venue.id });
      expect(await deliverDue(handle.db, transport)).toMatchObject({ sent: 1 });
      expect(header(smtp.received[1].data, 'From')).toMatch(/^"?Trattoria Dà Sole"? <no-reply@localhost>$/);
      expect(header(smtp.received[1].data, 'Reply-To')).toBe('tavoli@dasole.example');
    } finally {
      await smtp.close();
    }
  });

  it('sends each message once with two deliverers and an SMTP server that takes 30 s a message, and keeps the lease of a slower one (issue 21)', async () => {
    // A clock 100 times faster than the wall's: 300 ms of the slow server are 30 s, the 2-minute lease 1.2 s.
    const { pinClock, unpinClock } = await import('@/server/clock');
    const [start, wall] = [TEST_NOW.getTime(), Date.now()];
    pinClock(() => new Date(start + (Date.now() - wall) * 100));
    const smtp = await startSmtpSink(0, { delayMs: 300 });
    try {
      const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
      const subjects = Array.from({ length: 8 }, (_, i) => `Slow ${i}`);
      for (const subject of subjects) await enqueueEmail(handle.db, mail('slow@example.com', subject));
      // The second instance starts 160 "seconds" later, past the lease a whole batch would have had.
      const first = deliverDue(handle.db, transport);
      await wait(1600);
      const second = deliverDue(handle.db, transport);
      const results = await Promise.all([first, second]);
      expect(results[0].sent + results[1].sent).toBe(8);
      const got = smtp.received.map((m) => m.subject).filter((s) => s.startsWith('Slow'));
      expect(got.sort()).toEqual([...subjects].sort());
    } finally {
      await smtp.close();
    }

    // One message that takes 150 "seconds", longer than its lease: renewed while it is sent, never taken by the other.
    const slower = await startSmtpSink(0, { delayMs: 1500 });
    try {
      const transport = smtpTransport(`smtp://127.0.0.1:${slower.port}`);
      const id = await enqueueEmail(handle.db, mail('slower@example.com', 'Slower'));
      const first = deliverDue(handle.db, transport, { renewMs: 100 });
      await wait(1300);
      const second = await deliverDue(handle.db, transport, { renewMs: 100 });
      expect(second.sent).toBe(0);
      expect((await first).sent).toBe(1);
      expect(slower.received.filter((m) => m.subject === 'Slower')).toHaveLength(1);
      const [row] = await handle.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await slower.close();
      unpinClock();
    }
  });

  it('keeps the message while SMTP is down and sends it when it is back', async () => {
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const id = await enqueueEmail(handle.db, mail('later@example.com', 'Sent later'));
    const now = new Date();
    expect(await deliverDue(handle.db, transport, { now })).toMatchObject({ sent: 0, retried: 1 });
    const [waiting] = await handle.db.select().from(outbox).where(eq(outbox.id, id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.nextAttemptAt.getTime()).toBe(now.getTime() + backoffMs(1));
    // Not due yet: nothing happens.
    expect(await deliverDue(handle.db, transport, { now })).toMatchObject({ sent: 0, retried: 0 });

    const smtp = await startSmtpSink(port);
    try {
      const later = new Date(now.getTime() + backoffMs(1) + 1000);
      expect(await deliverDue(handle.db, transport, { now: later })).toMatchObject({ sent: 1 });
      expect(smtp.received.map((m) => m.to[0])).toEqual(['later@example.com']);
      const [sent] = await handle.db.select().from(outbox).where(eq(outbox.id, id));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await smtp.close();
    }
  });
});
