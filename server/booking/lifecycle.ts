import 'server-only';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { consentRecords, outbox } from '@/server/db/schema';
import { insertRowsTogether, rowsInsert, writeTogether, writeTogetherCounted, type KeyedInsert, type RowsInsert } from '@/server/db/batch';
import { consentRows, consentsInsert, type ConsentAnswers, type PreparedConsents } from '@/server/consent/records';
import { emailRows, type EmailFrame, type EmailMessage, type OutboxInsert } from '@/server/outbox/enqueue';
import { instantOf } from './time';
import type { BookingSource } from '@/lib/booking/source';
import type { TokenVersion } from '@/lib/botcheck/types';
import { botVerifier } from '@/lib/botcheck';
import { log } from '@/lib/log';
import { refused, type Refusal } from '@/lib/backend/outcome';

/**
 * One booking lifecycle for tables and experiences (issue 42): what the two kinds of booking
 * share, written once. Their differences are data: what is booked (a table's shift and zone, an
 * experience's date), its capacity rule (the evening's covers, the experience's places), its
 * payment (a card guarantee, a deposit). Each kind's service (server/booking/service.ts,
 * changes.ts; server/experiences/service.ts, changes.ts) checks and counts its own; the steps
 * below (the standing rule, the lock order, the last writes under the lock) are the same.
 */

/** A core call's answer, its data or its refusal: one shape for every domain (lib/backend/outcome.ts). */
export { ok, refused, type Outcome, type Refusal } from '@/lib/backend/outcome';

/** What a kind of booking is, as data: the consents' form and subject, and what its hold and answers are counted as. */
export type BookingKind = {
  kind: 'table' | 'experience';
  consentForm: 'reservation' | 'experience';
  consentSubject: ConsentAnswers['subject']['type'];
  /** Whether a door without a browser is taken at its word: an assistant's booking counts as unsure, a channel's (its own key) passes (issue 46). */
  doorsWithoutBrowser: boolean;
};
export const TABLE: BookingKind = { kind: 'table', consentForm: 'reservation', consentSubject: 'reservation', doorsWithoutBrowser: true };
export const EXPERIENCE: BookingKind = { kind: 'experience', consentForm: 'experience', consentSubject: 'experienceBooking', doorsWithoutBrowser: false };

/** What a submit brings beside the booking: the guest's language, the partner flag, the source, the bot check's token, the guest's address, the e-mails' link host; and how it keeps its idempotency key. */
export type BookingSubmit = {
  locale: string;
  partner: boolean;
  source: BookingSource;
  bot: { version: TokenVersion; token: string | undefined };
  clientAddress?: string;
  /** The host its e-mails link to. */
  linkHost: string;
} & Keeping;

/**
 * The bot check of a submit (spec section 7): the v2 token when present, else the v3 one. A v3
 * `unsure` asks the guest for the visible challenge (409 `botcheckUnsure`) unless `unsureBySms`
 * says the venue confirms it by the SMS code instead (then `unsure`); a failed check is 403.
 */
export async function botCheck(kind: BookingKind, venueId: number, submit: BookingSubmit, unsureBySms: () => Promise<boolean>): Promise<Refusal | 'pass' | 'unsure'> {
  if (kind.doorsWithoutBrowser && submit.source === 'mcp') return 'unsure';
  if (kind.doorsWithoutBrowser && submit.source.startsWith('channel:')) return 'pass';
  const { version, token } = submit.bot;
  const verdict = await botVerifier().verify(token, version, { action: 'reserve', remoteIp: submit.clientAddress || undefined });
  if (verdict === 'pass') return 'pass';
  if (verdict === 'unsure' && version === 'v3') return (await unsureBySms()) ? 'unsure' : refused(409, 'botcheckUnsure');
  log.warn('botcheck_refused', { venueId, version, verdict });
  return refused(403, 'botcheckFailed');
}

/** The statuses a booking stands in: the guest may change or cancel it until it begins. */
export const STANDING = ['confirmed', 'pending', 'waitinglist'] as const;

/** Whether the guest can still change or cancel a booking: standing, and not yet begun (a booking without a time begins at midnight). */
export function changeable(timeZone: string, b: { status: string; date: string; time: string | null }, now: Date): boolean {
  return (STANDING as readonly string[]).includes(b.status) && instantOf(timeZone, b.date, b.time || '00:00').getTime() > now.getTime();
}

/** Locks taken in one order by every change, so two changes crossing each other cannot deadlock: each key once, sorted. */
export function inLockOrder<K>(keys: K[], name: (key: K) => string): K[] {
  const seen = new Map<string, K>();
  for (const key of keys) seen.set(name(key), key);
  return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, key]) => key);
}

/** Keeps a call's idempotency key with its answer, in the booking's transaction (server/backend/idempotency.ts). */
export type Keeping = {
  keep?: (t: Db, answer: { outcome: string; hash: string }) => Promise<void>;
  /** `keep` as a write among the booking's last ones under its lock (one statement for them all). */
  keepWrite?: (t: Db, answer: { outcome: string; hash: string }) => { write: SQLWrapper; check(kept: number): void; key?: KeyedInsert | null };
};

/**
 * A new booking's last writes under its lock, in one statement (issue 42: at most 4 statements
 * under the lock): its consents (their texts read before the lock), its e-mails in their venue's
 * frame, and the call's idempotency key with its answer.
 */
export async function writeBookingLast(
  tx: Db,
  kind: BookingKind,
  made: { id: number; email: string; answer: { outcome: string; hash: string } },
  consents: PreparedConsents,
  mails: { mails: EmailMessage[]; frame: EmailFrame; rows?: OutboxInsert[] },
  keeping: Keeping,
  now: Date,
): Promise<void> {
  const given = { ...consents, email: made.email.trim().toLowerCase() };
  const subject = { type: kind.consentSubject, id: made.id };
  // Rendered and framed before the lock when they could be (server/booking/service.ts), inserted here, with the booking.
  const mailRows = mails.mails.length ? (mails.rows ?? (await emailRows(tx, mails.mails, mails.frame))) : [];
  const kept = keeping.keepWrite?.(tx, made.answer);
  // Issue 43: the rows as one jsonb value each, in a statement built once and sent by name (server/db/batch.ts).
  const inserts = [given.rows.length ? rowsInsert(consentRecords, consentRows(given, subject, now)) : undefined, mailRows.length ? rowsInsert(outbox, mailRows) : undefined].filter((rows) => rows !== undefined);
  const key = kept?.key;
  if (!inserts.includes(null) && (!kept || key)) {
    const count = await insertRowsTogether(tx, inserts as RowsInsert[], key ?? undefined);
    if (kept) kept.check(count);
    else await keeping.keep?.(tx, made.answer);
    return;
  }
  const writes: SQLWrapper[] = [consentsInsert(tx, given, subject, now)];
  if (mailRows.length) writes.push(tx.insert(outbox).values(mailRows));
  if (kept) return kept.check(await writeTogetherCounted(tx, kept.write, writes));
  await keeping.keep?.(tx, made.answer);
  await writeTogether(tx, writes);
}
