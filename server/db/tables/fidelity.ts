import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { venueRef } from './venues';

/**
 * Loyalty programme members: one membership per e-mail and venue, enforced here so that
 * concurrent sign-ups cannot both succeed. Consents keep their time and policy version.
 */
export const fidelityMembers = pgTable(
  'fidelity_members',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    /** As the guest typed it (trimmed): where the programme's e-mails go. */
    email: text('email').notNull(),
    /** The inbox (lib/identity.ts canonicalEmail), so `Anna@X.it` and `anna+1@x.it` are one member. */
    emailKey: text('email_key').notNull(),
    /** The phone in E.164 with the venue's country as default region (lib/identity.ts canonicalPhone). */
    phoneKey: text('phone_key').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phonePrefix: text('phone_prefix').notNull(),
    phone: text('phone').notNull(),
    birthDay: integer('birth_day').notNull(),
    birthMonth: integer('birth_month').notNull(),
    locale: text('locale').notNull(),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }).notNull(),
    /** When the member used the unsubscribe link of the loyalty e-mails (issue 29): no more offers. */
    marketingWithdrawnAt: timestamp('marketing_withdrawn_at', { withTimezone: true }),
    policyVersion: text('policy_version').notNull(),
    partner: boolean('partner').notNull().default(false),
    createdAt: stamp('created_at'),
  },
  (t) => [uniqueIndex('fidelity_members_venue_email_key').on(t.venueId, t.emailKey)],
);

export type FidelityMemberRow = typeof fidelityMembers.$inferSelect;
