import 'server-only';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { consentRecords, consentTexts, experienceBookings, fidelityMembers, giftCardOrders, guestProfiles, outbox, promoCodes, reservations, venues } from '@/server/db/schema';
import { sha256 } from './records';
import { canonicalEmailSql, canonicalPhoneSql, sameInbox } from './identity-sql';
import { canonicalEmail } from '@/lib/identity';

/**
 * One guest's data, by e-mail address, across the venues of this deployment (issue 26;
 * docs/privacy.md): what `npm run guest:export` prints and `npm run guest:erase` blanks,
 * through the admin API (`/api/admin/guests`), so both work while the site holds the
 * embedded database. A guest is one inbox (lib/identity.ts, issue 41): `Anna.Rossi+p@gmail.com`
 * finds the rows of `annarossi@gmail.com` too. `address` below is always canonical.
 */
const same = (column: Parameters<typeof sameInbox>[0]) => (address: string) => sameInbox(column, address);
/** What an erasure leaves in a consent record: the hash of the canonical address, and (before issue 41) of the lower-cased one. */
const erasedKeys = (email: string) => [...new Set([canonicalEmail(email), email.trim().toLowerCase()])].map((a) => `sha256:${sha256(a)}`);

const byEmail = {
  reservations: same(reservations.email),
  experienceBookings: same(experienceBookings.email),
  giftCardOrders: same(giftCardOrders.email),
  giftCardRecipients: same(giftCardOrders.recipientEmail),
  promoCodes: same(promoCodes.email),
  fidelityMembers: same(fidelityMembers.email),
  consentRecords: same(consentRecords.email),
};

/**
 * The guest's profiles at the venues (issue 44: staff's notes and tags): by their inbox, and by
 * the phones of their table bookings (a profile made for a phone booking has no inbox). Read
 * before an erasure blanks the bookings' phones.
 */
async function profilesOfGuest(db: Db, address: string) {
  const phones = await db
    .selectDistinct({ venueId: reservations.venueId, phone: canonicalPhoneSql(reservations.phonePrefix, reservations.phone) })
    .from(reservations)
    .where(and(sql`${canonicalEmailSql(reservations.email)} = ${address}`, ne(reservations.phone, '')));
  return db
    .select()
    .from(guestProfiles)
    .where(or(eq(guestProfiles.emailKey, address), ...phones.map((p) => and(eq(guestProfiles.venueId, p.venueId), eq(guestProfiles.phoneKey, p.phone)))));
}

/** Everything stored about the guest: bookings, orders, codes, memberships, profiles, and every consent with its text. */
export async function exportGuest(db: Db, email: string) {
  const address = canonicalEmail(email);
  const slugs = new Map((await db.select({ id: venues.id, slug: venues.slug }).from(venues)).map((v) => [v.id, v.slug]));
  const venueOf = (id: number | null) => (id === null ? null : (slugs.get(id) ?? null));
  const [tables, experiences, orders, codes, members, consents, profiles] = await Promise.all([
    db.select().from(reservations).where(byEmail.reservations(address)),
    db.select().from(experienceBookings).where(byEmail.experienceBookings(address)),
    db.select().from(giftCardOrders).where(or(byEmail.giftCardOrders(address), byEmail.giftCardRecipients(address))),
    db.select().from(promoCodes).where(byEmail.promoCodes(address)),
    db.select().from(fidelityMembers).where(byEmail.fidelityMembers(address)),
    db
      .select({ r: consentRecords, text: consentTexts.text })
      .from(consentRecords)
      .leftJoin(consentTexts, eq(consentTexts.id, consentRecords.textId))
      // Also those kept after an erasure, under the address's hash.
      .where(or(byEmail.consentRecords(address), inArray(consentRecords.email, erasedKeys(email))))
      .orderBy(consentRecords.id),
    profilesOfGuest(db, address),
  ]);
  return {
    email: address,
    exportedAt: new Date().toISOString(),
    reservations: tables.map((r) => ({ venue: venueOf(r.venueId), reference: r.hash, date: r.date, time: r.time, covers: r.covers, status: r.status, firstName: r.firstName, lastName: r.lastName, email: r.email, phone: `${r.phonePrefix} ${r.phone}`, birthDay: r.birthDay, birthMonth: r.birthMonth, notes: r.notes, locale: r.locale, createdAt: r.createdAt })),
    experienceBookings: experiences.map((b) => ({ venue: venueOf(b.venueId), reference: b.hash, date: b.date, time: b.time, covers: b.covers, status: b.status, firstName: b.firstName, lastName: b.lastName, email: b.email, phone: `${b.phonePrefix} ${b.phone}`, additionalFields: b.additionalFields, notes: b.notes, paidCents: b.paidCents, locale: b.locale, createdAt: b.createdAt })),
    giftCardOrders: orders.map((o) => ({ venue: venueOf(o.venueId), orderNumber: o.orderNumber, status: o.status, asBuyer: canonicalEmail(o.email) === address, quantity: o.quantity, totalCents: o.totalCents, currency: o.currency, firstName: o.firstName, lastName: o.lastName, email: o.email, phone: `${o.phonePrefix} ${o.phone}`, birthDate: o.birthDate, city: o.city, country: o.country, province: o.province, cap: o.cap, recipient: o.toMe ? null : { firstName: o.recipientFirstName, lastName: o.recipientLastName, email: o.recipientEmail, phone: o.recipientPhone }, message: o.message, createdAt: o.createdAt })),
    promoCodes: codes.map((c) => ({ promotionId: c.promotionId, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, requestedAt: c.requestedAt, usedAt: c.usedAt })),
    guestProfiles: profiles.map((p) => ({ venue: venueOf(p.venueId), email: p.emailKey, phone: p.phoneKey, notes: p.notes, tags: p.tags, createdAt: p.createdAt, updatedAt: p.updatedAt })),
    fidelityMemberships: members.map((m) => ({ venue: venueOf(m.venueId), firstName: m.firstName, lastName: m.lastName, email: m.email, phone: `${m.phonePrefix} ${m.phone}`, birthDay: m.birthDay, birthMonth: m.birthMonth, marketingWithdrawnAt: m.marketingWithdrawnAt, createdAt: m.createdAt })),
    consents: consents.map(({ r, text }) => ({
      venue: venueOf(r.venueId),
      subject: { type: r.subjectType, id: r.subjectId },
      purpose: r.purpose,
      channel: r.channel,
      given: r.given,
      form: r.form,
      locale: r.locale,
      at: r.createdAt,
      textHash: r.textHash,
      textVersion: r.textVersion,
      text,
    })),
  };
}

export type GuestExport = Awaited<ReturnType<typeof exportGuest>>;

/**
 * Erases the guest: their profiles at the venues (staff's notes and tags, issue 44) are deleted;
 * bookings, orders, codes and memberships stay (the venue's accounts and
 * its capacity need them) with every personal field blanked; the consent records stay as the
 * venue's proof, their address replaced by its SHA-256 (`sha256:…`), which names nobody but
 * still matches the address if the guest gives it again. One transaction; counts per table.
 */
export async function eraseGuest(db: Db, email: string) {
  const address = canonicalEmail(email);
  const erased = `erased-${sha256(address).slice(0, 12)}@invalid`;
  return db.transaction(async (tx) => {
    // The profiles first: the bookings' phones that find them are blanked below.
    const profiles = await profilesOfGuest(tx, address);
    if (profiles.length) await tx.delete(guestProfiles).where(inArray(guestProfiles.id, profiles.map((p) => p.id)));
    const r = await tx
      .update(reservations)
      .set({ firstName: '', lastName: '', email: erased, phonePrefix: '', phone: '', birthDay: null, birthMonth: null, notes: '', visitReason: null })
      .where(byEmail.reservations(address))
      .returning({ id: reservations.id });
    const e = await tx
      .update(experienceBookings)
      .set({ firstName: '', lastName: '', email: erased, phonePrefix: '', phone: '', birthDay: null, birthMonth: null, notes: '', additionalFields: {}, visitReason: null })
      .where(byEmail.experienceBookings(address))
      .returning({ id: experienceBookings.id });
    const o = await tx
      .update(giftCardOrders)
      .set({ firstName: '', lastName: '', email: erased, phonePrefix: '', phone: '', birthDate: null, city: '', country: '', province: '', cap: '', message: '' })
      .where(byEmail.giftCardOrders(address))
      .returning({ id: giftCardOrders.id });
    const gifted = await tx
      .update(giftCardOrders)
      .set({ recipientFirstName: '', recipientLastName: '', recipientEmail: erased, recipientPhonePrefix: '', recipientPhone: '', message: '' })
      .where(byEmail.giftCardRecipients(address))
      .returning({ id: giftCardOrders.id });
    const codes = await tx.select({ id: promoCodes.id }).from(promoCodes).where(byEmail.promoCodes(address));
    if (codes.length) {
      await tx
        .update(promoCodes)
        .set({ firstName: '', lastName: '', email: erased, phone: '', emailKey: sql`'erased:' || ${promoCodes.id}`, phoneKey: sql`'erased:' || ${promoCodes.id}` })
        .where(inArray(promoCodes.id, codes.map((c) => c.id)));
    }
    const members = await tx.select({ id: fidelityMembers.id }).from(fidelityMembers).where(byEmail.fidelityMembers(address));
    if (members.length) {
      await tx
        .update(fidelityMembers)
        .set({ firstName: '', lastName: '', email: erased, phonePrefix: '', phone: '', emailKey: sql`'erased:' || ${fidelityMembers.id}`, phoneKey: sql`'erased:' || ${fidelityMembers.id}`, birthDay: 1, birthMonth: 1 })
        .where(inArray(fidelityMembers.id, members.map((m) => m.id)));
    }
    const c = await tx
      .update(consentRecords)
      .set({ email: `sha256:${sha256(address)}` })
      .where(byEmail.consentRecords(address))
      .returning({ id: consentRecords.id });
    // Messages already sent (or given up) to the guest: their copies go; one still to be sent stays and goes out.
    const messages = await tx
      .delete(outbox)
      .where(and(sameInbox(outbox.recipient, address), ne(outbox.status, 'pending')))
      .returning({ id: outbox.id });
    return { outboxMessages: messages.length, reservations: r.length, experienceBookings: e.length, giftCardOrders: o.length + gifted.length, promoCodes: codes.length, fidelityMembers: members.length, consentRecords: c.length, guestProfiles: profiles.length };
  });
}
