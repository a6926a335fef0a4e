import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, lte, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { idempotencyKeys } from '@/server/db/schema';
import { rowsInsert, type KeyedInsert } from '@/server/db/batch';
import { now as clockNow } from '@/server/clock';
import { log } from '@/lib/log';
import type { Envelope } from './call';
import { invalid } from './answers';

/**
 * Idempotency keys of the calls that make something (docs/backend-contract.md, "Idempotency"):
 * `reservation/create`, `experience/createexperiencereserve` and `giftcard/checkout` take an
 * `idempotencyKey`. The key is kept with its answer in the same transaction as what the call
 * made (a unique index per venue, call and key), for 24 hours. A retry with the key gets the
 * first answer and makes nothing; concurrent retries wait on the index, and all but the first
 * roll back and answer the first's answer. The same key with other input is refused 409
 * `idempotencyKeyReused`. A refused call keeps no key (nothing was made).
 */

export const IDEMPOTENCY_HOURS = 24;
/** 16 to 128 URL-safe characters: a UUID, or 128 random bits in base64url. */
const KEY = /^[A-Za-z0-9_-]{16,128}$/;
/** Fields that may differ between a submit and its retry: the bot check's tokens (a new one per try) and the guest's address. */
const VOLATILE = new Set(['idempotencyKey', 'recaptchaV3Token', 'recaptchaV2Token', 'tokenVersion', 'remoteIp']);

export type Claim = { venueId: number; call: string; key: string; fingerprint: string };
type Answer = Record<string, unknown>;

/** What `make` is given: keep the key in its transaction, later complete its answer, or let it go. */
export type Keeper = {
  /** In the transaction that makes the thing: throws KeyTaken (rolling it back) when a live key is already kept. */
  keep(t: Db, answer: Answer): Promise<void>;
  /**
   * `keep` as a write to run together with others (server/db/batch.ts `writeTogether`): the
   * insert, and the check of how many rows it kept (0 throws KeyTaken, rolling the transaction back).
   */
  keepWrite?(t: Db, answer: Answer): KeepWrite;
  /** The answer completed after the transaction (a payment page's address). */
  settle(answer: Answer): Promise<void>;
  /** The thing failed after the transaction (the payment provider did not answer): the key is free again. */
  release(): Promise<void>;
};

/** Another request kept this key first; thrown inside the transaction, which rolls back. */
/** A key's keeping as one write among others: the insert (returning the rows it kept), and the check of their number. */
export type KeepWrite = { write: SQLWrapper; check(kept: number): void; key?: KeyedInsert | null };

export class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

const sorted = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(sorted) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sorted(v)])) : value;

/** A digest of a call's input, without the fields a retry may change. */
export function fingerprintOf(input: Record<string, unknown>): string {
  const kept = Object.fromEntries(Object.entries(input).filter(([name]) => !VOLATILE.has(name)));
  return createHash('sha256').update(JSON.stringify(sorted(kept))).digest('base64url');
}

/** The call's claim: null without a key, `invalid` for a malformed one. */
export function claimOf(venueId: number, call: string, params: URLSearchParams, input: Record<string, unknown>): Claim | null | 'invalid' {
  return claimFor(venueId, call, params.get('idempotencyKey'), input);
}

/** The claim of a key given as a value (a door that reads no wire): null without a key, `invalid` for a malformed one. */
export function claimFor(venueId: number, call: string, key: string | null | undefined, input: Record<string, unknown>): Claim | null | 'invalid' {
  if (!key) return null;
  if (!KEY.test(key)) return 'invalid';
  return { venueId, call, key, fingerprint: fingerprintOf(input) };
}

const live = (claim: Claim, now: Date) => and(eq(idempotencyKeys.venueId, claim.venueId), eq(idempotencyKeys.call, claim.call), eq(idempotencyKeys.key, claim.key), gt(idempotencyKeys.expiresAt, now));

/** The live key's answer, `mismatch` for the key kept with other input, or null. */
async function kept(db: Db, claim: Claim, now: Date): Promise<{ answer: Answer } | 'mismatch' | null> {
  const [row] = await db.select({ fingerprint: idempotencyKeys.fingerprint, answer: idempotencyKeys.answer }).from(idempotencyKeys).where(live(claim, now));
  if (!row) return null;
  return row.fingerprint === claim.fingerprint ? { answer: row.answer } : 'mismatch';
}

const reused: Envelope = { httpStatus: 409, status: false, error: 'idempotencyKeyReused', fieldErrors: { idempotencyKey: 'idempotencyKeyReused' } };

function keeper(db: Db, claim: Claim, now: Date): Keeper {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_HOURS * 3_600_000);
  const mine = and(eq(idempotencyKeys.venueId, claim.venueId), eq(idempotencyKeys.call, claim.call), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.fingerprint, claim.fingerprint));
  // A kept key that has expired is taken over; a live one (or one a concurrent transaction
  // holds: the insert waits for it on the unique index) is not, and this transaction rolls back.
  const insertKey = (t: Db, answer: Answer) =>
    t
      .insert(idempotencyKeys)
      .values({ ...claim, answer, createdAt: now, expiresAt })
      .onConflictDoUpdate({ target: [idempotencyKeys.venueId, idempotencyKeys.call, idempotencyKeys.key], set: { fingerprint: claim.fingerprint, answer, createdAt: now, expiresAt }, setWhere: lte(idempotencyKeys.expiresAt, now) })
      .returning({ id: idempotencyKeys.id });
  const keepWrite = (t: Db, answer: Answer): KeepWrite => ({
    get write() {
      return insertKey(t, answer);
    },
    // The same insert as rows of a statement built once (server/db/batch.ts `insertRowsTogether`): a booking's last writes.
    get key() {
      const rows = rowsInsert(idempotencyKeys, [{ ...claim, answer, createdAt: now, expiresAt }]);
      return rows && { rows, conflict: ['venue_id', 'call', 'key'], update: ['fingerprint', 'answer', 'created_at', 'expires_at'], expiredColumn: 'expires_at', now };
    },
    check(kept: number) {
      if (!kept) throw new KeyTaken();
    },
  });
  return {
    async keep(t, answer) {
      keepWrite(t, answer).check((await insertKey(t, answer)).length);
    },
    keepWrite: (t, answer) => keepWrite(t, answer),
    async settle(answer) {
      await db.update(idempotencyKeys).set({ answer }).where(mine);
    },
    async release() {
      await db.delete(idempotencyKeys).where(mine);
    },
  };
}

const noKeeper: Keeper = { keep: async () => undefined, settle: async () => undefined, release: async () => undefined };

/**
 * Runs a call that makes something under its idempotency key: the first answer again for a key
 * already kept (through `replay`, which may complete it), 409 for the key with other input, else
 * `make`, which keeps the key in its own transaction. A refusal of `make` (a card already used, a
 * deposit already claimed: by the concurrent twin of this request) yields to a key kept meanwhile.
 */
export async function idempotent(
  db: Db,
  claim: Claim | null | 'invalid',
  make: (keeper: Keeper) => Promise<Envelope>,
  replay: (answer: Answer, claim: Claim) => Promise<Envelope> = async (answer) => ({ status: true, data: answer }),
): Promise<Envelope> {
  if (claim === 'invalid') return invalid({ idempotencyKey: 'invalid' });
  if (!claim) return make(noKeeper);
  const now = clockNow();
  const answered = async (): Promise<Envelope | null> => {
    const found = await kept(db, claim, now);
    if (!found) return null;
    log.info('idempotent_replay', { venueId: claim.venueId, call: claim.call, mismatch: found === 'mismatch' });
    return found === 'mismatch' ? reused : replay(found.answer, claim);
  };
  const before = await answered();
  if (before) return before;
  let made: Envelope;
  try {
    made = await make(keeper(db, claim, now));
  } catch (error) {
    const after = await answered();
    if (after) return after;
    throw error;
  }
  return made.status ? made : ((await answered()) ?? made);
}

/** Deletes the keys past their 24 hours (the housekeeping sweep); a claim takes an expired one over anyway. */
export async function pruneIdempotencyKeys(db: Db, now = clockNow()): Promise<number> {
  return (await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now)).returning({ id: idempotencyKeys.id })).length;
}

/** A kept answer as it is now (for a replay that waits for its completion). */
export async function keptAnswer(db: Db, claim: Claim): Promise<Answer | null> {
  const found = await kept(db, claim, clockNow());
  return found && found !== 'mismatch' ? found.answer : null;
}
