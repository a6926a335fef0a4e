import 'server-only';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { guestProfiles, reservations, type GuestProfileRow } from '@/server/db/schema';
import type { VenueContext } from '@/server/venues/context';
import { canonicalEmail, canonicalPhoneOf } from '@/lib/identity';
import { canonicalEmailSql, canonicalPhoneSql } from '@/server/consent/identity-sql';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { now as clockNow } from '@/server/clock';
import { log } from '@/lib/log';

/**
 * Guest profiles (issue 44): what the venue remembers of a guest, keyed by their canonical
 * identity (lib/identity.ts): the inbox and the phone in E.164, either of which finds the
 * profile. Staff add notes and free tags (allergies, VIP, high chair…); the history (visits,
 * no-shows, cancellations) is counted from the venue's table bookings of the same identity, so it
 * is never out of step with them. Read for a whole sheet in two statements, whatever its length.
 */

export const NOTES_MAX = 1000;
export const TAG_MAX = 30;
export const TAGS_MAX = 12;

/** A guest's identity: the canonical inbox and phone, '' for what they did not give (a walk-in may give neither). */
export type GuestIdentity = { email: string; phone: string };
export type GuestProfile = { visits: number; noShows: number; cancellations: number; notes: string; tags: string[]; version: number };

type Contact = { email: string; phonePrefix: string; phone: string };

/** The identity of a booking's guest (an erased booking's placeholder address is nobody's). */
export function identityOf(c: Contact, country?: string | null): GuestIdentity {
  const email = c.email.trim() && !c.email.endsWith('@invalid') ? canonicalEmail(c.email) : '';
  const phone = c.phone.trim() ? canonicalPhoneOf(c.phonePrefix, c.phone, country) : '';
  return { email, phone };
}

const hasIdentity = (id: GuestIdentity) => Boolean(id.email || id.phone);

const phoneSql = canonicalPhoneSql(reservations.phonePrefix, reservations.phone);

/** The history counted from the bookings: a visit is a seated party (arrived or finished). */
type History = { id: number; email: string; phone: string; status: string; attendance: string | null };

function count(rows: History[], id: GuestIdentity) {
  const mine = rows.filter((r) => (id.email && r.email === id.email) || (id.phone && r.phone === id.phone));
  return {
    visits: mine.filter((r) => r.attendance === 'arrived' || r.attendance === 'finished').length,
    noShows: mine.filter((r) => r.attendance === 'noshow').length,
    cancellations: mine.filter((r) => r.status === 'cancelled').length,
  };
}

const matching = (emails: string[], phones: string[]): SQL | undefined =>
  or(emails.length ? inArray(guestProfiles.emailKey, emails) : undefined, phones.length ? inArray(guestProfiles.phoneKey, phones) : undefined);

/** The profile of each identity given (null for one without an inbox or a phone), in two statements. */
export async function profilesOf(db: Db, venue: Pick<VenueContext, 'id' | 'country'>, ids: GuestIdentity[]): Promise<(GuestProfile | null)[]> {
  const known = ids.filter(hasIdentity);
  if (!known.length) return ids.map(() => null);
  const emails = [...new Set(known.map((i) => i.email).filter(Boolean))];
  const phones = [...new Set(known.map((i) => i.phone).filter(Boolean))];
  const emailSql = canonicalEmailSql(reservations.email);
  const [profiles, history] = await Promise.all([
    db.select().from(guestProfiles).where(and(eq(guestProfiles.venueId, venue.id), matching(emails, phones))),
    db
      .select({ id: reservations.id, email: emailSql, phone: phoneSql, status: reservations.status, attendance: reservations.attendance })
      .from(reservations)
      .where(and(eq(reservations.venueId, venue.id), or(emails.length ? inArray(emailSql, emails) : undefined, phones.length ? inArray(phoneSql, phones) : undefined))),
  ]);
  return ids.map((id) => {
    if (!hasIdentity(id)) return null;
    const profile = findProfile(profiles, id);
    return { ...count(history as History[], id), notes: profile?.notes ?? '', tags: profile?.tags ?? [], version: profile?.revision ?? 0 };
  });
}

/** The identity's profile among those read: by its inbox first, else its phone. */
const findProfile = (rows: GuestProfileRow[], id: GuestIdentity) => (id.email && rows.find((p) => p.emailKey === id.email)) || (id.phone && rows.find((p) => p.phoneKey === id.phone)) || null;

/** Tags as staff typed them: trimmed, empty ones dropped, duplicates (any case) once, at most TAGS_MAX of TAG_MAX characters. */
export function cleanTags(tags: readonly string[]): string[] | null {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag) continue;
    if (tag.length > TAG_MAX) return null;
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.length > TAGS_MAX ? null : out;
}

export type GuestNoteInput = { hash: string; notes: string; tags: string[] };
export type GuestNoteOutcome = { status: true; data: { profile: GuestProfile } } | { status: false; httpStatus: number; error: string; fieldErrors?: Record<string, string> };

/**
 * `staff/guest`: the notes and tags of the guest of a booking (by its hash), kept on their
 * profile at the venue (made on first use). A booking whose guest gave neither an inbox nor a
 * phone has no profile to keep them on: `409 noIdentity` (the booking's own notes remain).
 */
export async function saveGuestNote(db: Db, venue: VenueContext, input: GuestNoteInput, now = clockNow()): Promise<GuestNoteOutcome> {
  if (!isWellFormedBookingHash(input.hash)) return { status: false, httpStatus: 404, error: 'notFound' };
  const notes = input.notes.trim();
  if (notes.length > NOTES_MAX) return { status: false, httpStatus: 400, error: 'invalid', fieldErrors: { notes: 'tooLong' } };
  const tags = cleanTags(input.tags);
  if (!tags) return { status: false, httpStatus: 400, error: 'invalid', fieldErrors: { tags: 'invalid' } };
  const [booking] = await db.select({ email: reservations.email, phonePrefix: reservations.phonePrefix, phone: reservations.phone }).from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, input.hash)));
  if (!booking) return { status: false, httpStatus: 404, error: 'notFound' };
  const id = identityOf(booking, venue.country);
  if (!hasIdentity(id)) return { status: false, httpStatus: 409, error: 'noIdentity' };
  await db.transaction(async (tx) => {
    const found = findProfile(await tx.select().from(guestProfiles).where(and(eq(guestProfiles.venueId, venue.id), matching(id.email ? [id.email] : [], id.phone ? [id.phone] : []))).for('update'), id);
    if (found) {
      await tx
        .update(guestProfiles)
        .set({ notes, tags, revision: found.revision + 1, updatedAt: now })
        .where(eq(guestProfiles.id, found.id));
      return;
    }
    const inserted = await tx.insert(guestProfiles).values({ venueId: venue.id, emailKey: id.email, phoneKey: id.phone, notes, tags, createdAt: now, updatedAt: now }).onConflictDoNothing().returning({ id: guestProfiles.id });
    // Two devices made it at once: the other's row takes these words.
    if (!inserted.length) await tx.update(guestProfiles).set({ notes, tags, updatedAt: now, revision: sql`${guestProfiles.revision} + 1` }).where(and(eq(guestProfiles.venueId, venue.id), matching(id.email ? [id.email] : [], id.phone ? [id.phone] : [])));
  });
  log.info('guest_profile_saved', { venueId: venue.id, tags: tags.length });
  const [profile] = await profilesOf(db, venue, [id]);
  return { status: true, data: { profile: profile! } };
}
