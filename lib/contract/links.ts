import { z } from 'zod';
import { num, orNull, str } from './fields';

/**
 * The answers (`data`) of the calls behind the signed link pages (issue 41, point 14;
 * docs/backend-contract.md, "Link pages"): the guest's reminder, the waiting-list offer, the
 * no-show fee, and the venue's one-click answer. Each takes the link's own parts (and
 * signature), which the backend checks; an unsigned or unknown link is `400 invalid`.
 */

/** The booking a guest's link names: only what its page shows. */
const linkBooking = z.object({ hash: z.string().min(1), status: str, date: str, time: str, covers: num });

export const reminderLinkSchema = z.object({
  state: z.enum(['open', 'coming', 'cancelled', 'changed', 'past']),
  booking: linkBooking,
  /** While open: whether cancelling is free now, else the fee it costs (in `currency`'s hundredths). */
  freeCancel: z.boolean().catch(true),
  feeCents: num,
  currency: str,
});
export type ReminderLinkPage = z.output<typeof reminderLinkSchema>;

export const offerLinkSchema = z.object({
  state: z.enum(['open', 'claimed', 'expired', 'gone', 'needsCard', 'code', 'started']),
  booking: linkBooking,
  /** The offer's end, the venue's wall-clock `HH:mm`. */
  until: str,
});
export type OfferLinkPage = z.output<typeof offerLinkSchema>;

export const feeLinkSchema = z.object({
  state: z.enum(['open', 'succeeded', 'failed', 'refunded', 'settled']),
  provider: z.enum(['stripe', 'local']),
  amountCents: num,
  currency: str,
  date: str,
  time: str,
  policy: str,
  /** Stripe only, while open: what the browser confirms the payment with. */
  clientSecret: orNull(z.string()),
  paymentMethod: str,
});
export type FeeLinkPage = z.output<typeof feeLinkSchema>;

export const answerLinkSchema = z.object({
  state: z.enum(['open', 'answered', 'expired']),
  /** The venue's IANA time zone, for the moment of an earlier answer. */
  timezone: str,
  booking: z.object({
    hash: z.string().min(1),
    status: z.enum(['confirmed', 'pending', 'waitinglist', 'suspended', 'failed', 'cancelled', 'declined']),
    name: str,
    date: str,
    time: str,
    covers: num,
    notes: str,
    answeredAt: str,
  }),
});
export type AnswerLinkPage = z.output<typeof answerLinkSchema>;

/** Each call's answer; a call that acts answers the page as it is afterwards. */
export const linkAnswers = {
  'reservation/reminder': reminderLinkSchema,
  'reservation/confirmreminder': reminderLinkSchema,
  'waitlist/offer': offerLinkSchema,
  'waitlist/claim': offerLinkSchema,
  'payment/feelink': feeLinkSchema,
  'payment/feeauthenticate': feeLinkSchema,
  'answerlink/get': answerLinkSchema,
  'answerlink/answer': answerLinkSchema,
} as const;
export type LinkCall = keyof typeof linkAnswers;
