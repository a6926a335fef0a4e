import 'server-only';
import { linkOrigin } from '@/server/venues/queries';
import { venuePageUrl } from '@/lib/venue/origin';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { fidelityMembers, type VenueRow } from '@/server/db/schema';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { renderEmail } from '@/server/outbox/templates';
import { kickDelivery } from '@/server/outbox/delivery';
import type { FidelityData } from '@/lib/forms/fidelity';
import type { Locale } from '@/lib/i18n/locales';
import { log } from '@/lib/log';
import { now as clockNow } from '@/server/clock';
import { canonicalEmail, canonicalPhoneOf } from '@/lib/identity';
import { guestColumns } from '@/server/consent/guest-columns';
import { oneClickPath, unsubscribePath } from './unsubscribe';
import { recordConsents } from '@/server/consent/records';

export type SubscribeResult = 'success' | 'alreadyRegistered' | 'disabled';

/**
 * Signs a guest up for the venue's loyalty programme. The member and the welcome e-mail
 * are written in one transaction; the unique index on (venue, e-mail) makes concurrent
 * identical sign-ups end with one member and `alreadyRegistered` for the others.
 */
export async function subscribe(
  db: Db,
  venue: VenueRow,
  input: FidelityData,
  context: { locale: Locale; partner: boolean; host: string },
): Promise<SubscribeResult> {
  if (!venue.fidelityEnabled) return 'disabled';
  const now = clockNow();
  const result = await db.transaction(async (tx) => {
    const [member] = await tx
      .insert(fidelityMembers)
      .values({
        venueId: venue.id,
        emailKey: canonicalEmail(input.email),
        phoneKey: canonicalPhoneOf(input.prefisso, input.telefono, venue.country),
        ...guestColumns(input),
        birthDay: input.compleannoGiorno,
        birthMonth: input.compleannoMese,
        locale: context.locale,
        privacyAcceptedAt: now,
        marketingAcceptedAt: now,
        policyVersion: venue.policies.version,
        partner: context.partner,
      })
      .onConflictDoNothing({ target: [fidelityMembers.venueId, fidelityMembers.emailKey] })
      .returning({ id: fidelityMembers.id });
    if (!member) return 'alreadyRegistered' as const;
    await recordConsents(tx, venue, { email: input.email, subject: { type: 'fidelityMember', id: member.id }, locale: context.locale, form: 'fidelity', privacy: true, marketing: { email: input.marketing, sms: input.marketingSms } }, now);
    const origin = await linkOrigin(tx, venue.id, context.host);
    const mail = renderEmail('fidelityWelcome', context.locale, {
      venueName: venue.name,
      firstName: input.nome,
      link: venuePageUrl(origin, context.locale, '/'),
    });
    await enqueueEmail(tx, {
      venueId: venue.id,
      template: 'fidelityWelcome',
      locale: context.locale,
      to: input.email.trim(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      unsubscribeUrl: venuePageUrl(origin, context.locale, unsubscribePath(venue.id, member.id)),
      oneClickUnsubscribeUrl: venuePageUrl(origin, 'it', oneClickPath(unsubscribePath(venue.id, member.id))),
    });
    log.info('fidelity_member_created', { venueId: venue.id, memberId: member.id });
    return 'success' as const;
  });
  if (result === 'success') kickDelivery();
  return result;
}

/**
 * "Already registered? Click here": the answer to the guest is always the same, so nobody
 * learns whether an address is registered. The address's owner gets an e-mail: members
 * a confirmation of their membership, others a link to sign up.
 */
export async function lookup(db: Db, venue: VenueRow, email: string, context: { locale: Locale; host: string }) {
  const address = canonicalEmail(email);
  const [member] = await db
    .select({ id: fidelityMembers.id, firstName: fidelityMembers.firstName, locale: fidelityMembers.locale })
    .from(fidelityMembers)
    .where(and(eq(fidelityMembers.venueId, venue.id), eq(fidelityMembers.emailKey, address)))
    .limit(1);
  const template = member ? 'fidelityLookup' : 'fidelityNotMember';
  const origin = await linkOrigin(db, venue.id, context.host);
  const mail = renderEmail(template, context.locale, {
    venueName: venue.name,
    firstName: member?.firstName,
    link: venuePageUrl(origin, context.locale, member ? '/' : '/frontpage/fidelity/error/notFound'),
  });
  await enqueueEmail(db, { venueId: venue.id, template, locale: context.locale, to: email.trim(), subject: mail.subject, text: mail.text, html: mail.html });
  log.info('fidelity_lookup', { venueId: venue.id, member: Boolean(member) });
  kickDelivery();
}
