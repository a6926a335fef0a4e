import 'server-only';
import { isLinkSignature, linkSignature } from '@/server/backend/signatures';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { consentRecords, fidelityMembers, promoCodes, promotions, type VenueRow } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';
import { withdrawMarketingConsent } from '@/server/consent/records';
import { canonicalEmail } from '@/lib/identity';
import { log } from '@/lib/log';

/**
 * The unsubscribe link of the venue's marketing and loyalty e-mails (issue 29, point 14; issue
 * 26): `/frontpage/fidelity/unsubscribe?t={subject}.{signature}`, where the subject is a loyalty
 * member (`42`) or a promo code (`p42`) and the signature an HMAC of the venue and the subject
 * under the link key of its purpose (server/backend/signatures.ts). The GET page only asks; its form's POST, or the mail client's
 * one-click POST to `/api/unsubscribe?t=` (List-Unsubscribe-Post, RFC 8058), withdraws the
 * guest's marketing consent by e-mail at the venue once, and records the withdrawal
 * (consent_records, server/consent/records.ts).
 */
type Subject = { type: 'member' | 'promo'; id: number };

const subjectText = (s: Subject) => (s.type === 'member' ? String(s.id) : `p${s.id}`);
// A member's signature keeps its first form, so links in e-mails already sent still work.
const purpose = (s: Subject) => (s.type === 'member' ? 'fidelity-unsubscribe' : 'promo-unsubscribe');
const signature = (venueId: number, s: Subject) => linkSignature(purpose(s), venueId, s.id);

const tokenOf = (venueId: number, s: Subject) => `${subjectText(s)}.${signature(venueId, s)}`;

export const unsubscribeToken = (venueId: number, memberId: number) => tokenOf(venueId, { type: 'member', id: memberId });

export const unsubscribePath = (venueId: number, memberId: number) => `/frontpage/fidelity/unsubscribe?t=${unsubscribeToken(venueId, memberId)}`;

/** The link page and the one-click address of a promo code's e-mail. */
export const promoUnsubscribePath = (venueId: number, codeId: number) => `/frontpage/fidelity/unsubscribe?t=${tokenOf(venueId, { type: 'promo', id: codeId })}`;

/** The one-click address (RFC 8058) for the token of an unsubscribe path. */
export const oneClickPath = (pagePath: string) => `/api/unsubscribe?t=${new URLSearchParams(pagePath.split('?')[1]).get('t') ?? ''}`;

/** The subject a token names for this venue, or null when it is not one the site signed. */
function readToken(venue: Pick<VenueRow, 'id'>, token: string): Subject | null {
  const match = /^(p?)(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const subject: Subject = { type: match[1] ? 'promo' : 'member', id: Number(match[2]) };
  return isLinkSignature(match[3], purpose(subject), venue.id, subject.id) ? subject : null;
}

/** Kept for the loyalty tests and callers: the member a token names, or null. */
export function readUnsubscribeToken(venue: Pick<VenueRow, 'id'>, token: string): number | null {
  const subject = readToken(venue, token);
  return subject?.type === 'member' ? subject.id : null;
}

type Guest = { email: string; firstName: string; member: boolean; withdrawnAt: Date | null };

/** Who the subject is, and since when their marketing by e-mail is withdrawn (null: it is not). */
async function guestOf(db: Db, venue: Pick<VenueRow, 'id'>, subject: Subject): Promise<Guest | null> {
  if (subject.type === 'member') {
    const [m] = await db.select().from(fidelityMembers).where(and(eq(fidelityMembers.id, subject.id), eq(fidelityMembers.venueId, venue.id)));
    return m ? { email: m.email, firstName: m.firstName, member: true, withdrawnAt: m.marketingWithdrawnAt } : null;
  }
  const [c] = await db
    .select({ email: promoCodes.email, firstName: promoCodes.firstName })
    .from(promoCodes)
    .innerJoin(promotions, eq(promotions.id, promoCodes.promotionId))
    .where(and(eq(promoCodes.id, subject.id), eq(promotions.venueId, venue.id)));
  if (!c) return null;
  const [last] = await db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.venueId, venue.id), eq(consentRecords.subjectType, 'promoCode'), eq(consentRecords.subjectId, subject.id), eq(consentRecords.purpose, 'marketing'), eq(consentRecords.channel, 'email')))
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return { email: c.email, firstName: c.firstName, member: false, withdrawnAt: last && !last.given ? last.createdAt : null };
}

export type UnsubscribeState = { state: 'invalid' } | { state: 'open' | 'done'; firstName: string; member: boolean; at: string | null };

/** What the link's page shows: the offer to unsubscribe, or that it was done (and when). */
export async function unsubscribeState(db: Db, venue: VenueRow, token: string): Promise<UnsubscribeState> {
  const subject = readToken(venue, token);
  const guest = subject ? await guestOf(db, venue, subject) : null;
  if (!guest) return { state: 'invalid' };
  return guest.withdrawnAt ? { state: 'done', firstName: guest.firstName, member: guest.member, at: guest.withdrawnAt.toISOString() } : { state: 'open', firstName: guest.firstName, member: guest.member, at: null };
}

/**
 * Withdraws the guest's marketing consent by e-mail at the venue: the loyalty membership's
 * (`marketingWithdrawnAt`) and every recorded consent (a withdrawal row each), in one
 * transaction; once (a second POST finds it done). `form` says how: the page's button or the
 * mail client's one-click.
 */
export async function withdrawMarketing(db: Db, venue: VenueRow, token: string, now = clockNow(), form: 'unsubscribe' | 'oneClickUnsubscribe' = 'unsubscribe'): Promise<'done' | 'already' | 'invalid'> {
  const subject = readToken(venue, token);
  const guest = subject ? await guestOf(db, venue, subject) : null;
  if (!subject || !guest) return 'invalid';
  const changed = await db.transaction(async (tx) => {
    const members = await tx
      .update(fidelityMembers)
      .set({ marketingWithdrawnAt: now })
      .where(and(eq(fidelityMembers.venueId, venue.id), eq(fidelityMembers.emailKey, canonicalEmail(guest.email)), isNull(fidelityMembers.marketingWithdrawnAt)))
      .returning({ id: fidelityMembers.id });
    const consents = await withdrawMarketingConsent(tx, venue.id, guest.email, 'email', form, now);
    return members.length + consents;
  });
  if (changed) {
    log.info('marketing_withdrawn', { venueId: venue.id, subject: subject.type, form });
    return 'done';
  }
  return 'already';
}
