import { eq } from 'drizzle-orm';
import { outbox } from '@/server/db/schema';
import { enqueueEmails } from '@/server/outbox/enqueue';
import { kickDelivery, startDeliveryLoop, stopDeliveryLoop } from '@/server/outbox/delivery';
import type { MailTransport } from '@/server/outbox/transport';
import { DRIVERS, openTestDatabase } from '../helpers/databases';

/**
 * The delivery loop's lanes (issue 43, docs/outbox.md): messages are sent side by side, each
 * lane one at a time from its own claim, so one slow message holds back its lane only; and a
 * pass with little to send opens one lane, as the loop did before lanes.
 */
const mail = (to: string) => ({ venueId: null, template: 'test', locale: 'it', to, subject: 's', text: 't' });

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
});

/** A transport that holds every send until released, counting how many are held at once. */
function gatedTransport() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const state = { inFlight: 0, most: 0, sent: [] as string[] };
  const transport: MailTransport = {
    describe: 'gated',
    async send(message) {
      state.inFlight++;
      state.most = Math.max(state.most, state.inFlight);
      await gate;
      state.inFlight--;
      state.sent.push(message.recipient);
    },
  };
  return { transport, state, release };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done: () => boolean) {
  for (let i = 0; i < 1000 && !done(); i++) await wait(10);
  expect(done()).toBe(true);
}

describe.each(DRIVERS)('outbox lanes on %s', (driver) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(() => handle.close());
  afterEach(() => stopDeliveryLoop());

  it('sends in four lanes side by side, each of 30 messages once', async () => {
    const { transport, state, release } = gatedTransport();
    const ids = await enqueueEmails(handle.db, Array.from({ length: 30 }, (_, i) => mail(`lane${i}@example.com`)));
    startDeliveryLoop(async () => handle.db, transport, 60_000, 4);
    kickDelivery();
    // Four lanes' first messages held at once: one lane would hold one.
    await until(() => state.inFlight === 4);
    release();
    await until(() => state.sent.length === 30);
    expect(state.most).toBe(4);
    expect(new Set(state.sent).size).toBe(30);
    // Marked when its lane's batch ends: the loop stops after the pass in progress.
    await stopDeliveryLoop();
    const rows = await handle.db.select({ id: outbox.id, status: outbox.status }).from(outbox);
    expect(rows.filter((r) => ids.includes(r.id)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a pass with less than a lane to send opens one lane', async () => {
    const { transport, state, release } = gatedTransport();
    const ids = await enqueueEmails(handle.db, [mail('few1@example.com'), mail('few2@example.com'), mail('few3@example.com')]);
    startDeliveryLoop(async () => handle.db, transport, 60_000, 4);
    kickDelivery();
    await until(() => state.inFlight === 1);
    // Time for a second lane to start, were one opened.
    await wait(200);
    expect(state.inFlight).toBe(1);
    release();
    await until(() => state.sent.length === 3);
    expect(state.most).toBe(1);
    await stopDeliveryLoop();
    for (const id of ids) {
      const [row] = await handle.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
      expect(row.status).toBe('sent');
    }
  });
});
