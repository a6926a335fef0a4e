import 'server-only';
import { z } from 'zod';
import { locales } from '@/lib/i18n/locales';

/**
 * The channel API's requests and answers (issue 46, docs/agents.md): checked with these schemas,
 * and described by the OpenAPI document made from the very same ones (openapi.ts). The booking's
 * own rules (dates, party sizes, the guest's fields) are the site's, checked by its backend call:
 * these hold the shapes, so that a refusal is always the site's own, with its translated message.
 */
const date = z.string().max(10).meta({ description: "A date, YYYY-MM-DD, in the venue's calendar.", example: '2027-05-14' });
const time = z.string().max(5).meta({ description: "A time, HH:mm, in the venue's time zone.", example: '20:00' });
const pax = z.number().int().min(1).max(1000).meta({ description: 'How many people.', example: 4 });
const language = z.enum(locales).optional().meta({ description: 'The language of the messages and of the guest\'s e-mails (default it).' });

export const guestSchema = z
  .object({
    firstName: z.string().max(100),
    lastName: z.string().max(100),
    email: z.string().max(200),
    phonePrefix: z.string().max(8).meta({ description: 'The country calling code.', example: '+39' }),
    phone: z.string().max(30),
    notes: z.string().max(1000).optional(),
    privacyAccepted: z.boolean().meta({ description: "The guest accepted the venue's privacy policy on the channel (recorded as given through it)." }),
    marketingEmail: z.boolean().optional(),
    marketingSms: z.boolean().optional(),
  })
  .meta({ id: 'Guest' });

export const bookRequestSchema = z
  .object({
    date,
    time,
    pax,
    zone: z.string().max(40).optional().meta({ description: 'A zone key of the time; the first one with room when left out.' }),
    guest: guestSchema,
    language,
    idempotencyKey: z.string().min(16).max(100).optional().meta({ description: 'The same key on a retry answers the first booking instead of booking twice.' }),
  })
  .meta({ id: 'BookRequest' });

export const changeRequestSchema = z
  .object({ email: z.string().max(200), date: date.optional(), time: time.optional(), pax: pax.optional(), zone: z.string().max(40).optional(), language })
  .meta({ id: 'ChangeRequest' });

export const cancelRequestSchema = z.object({ email: z.string().max(200), language }).meta({ id: 'CancelRequest' });
export const verifyRequestSchema = z.object({ code: z.string().max(20), language }).meta({ id: 'VerifyRequest' });

export const errorSchema = z
  .object({
    error: z.string().meta({ description: "The site's message key, e.g. closedDay, soldOut, invalid, notFound, rateLimited, unauthorized." }),
    message: z.string().meta({ description: 'The message, in the language asked.' }),
    fields: z.record(z.string(), z.object({ error: z.string(), message: z.string() })).optional(),
    retryAfter: z.number().optional(),
  })
  .meta({ id: 'Error' });

export const dayStateSchema = z.enum(['past', 'closed', 'experience', 'available', 'completed']);

export const availabilitySchema = z
  .union([
    z.object({ days: z.array(z.object({ date: z.string(), state: dayStateSchema })) }),
    z.object({
      date: z.string(),
      state: dayStateSchema,
      waitingList: z.boolean(),
      times: z.array(z.object({ time: z.string(), shift: z.string(), available: z.boolean(), zones: z.array(z.object({ key: z.string(), available: z.boolean() })) })),
    }),
  ])
  .meta({ id: 'Availability' });

export const bookingSchema = z
  .object({
    reference: z.string(),
    status: z.string().meta({ description: 'confirmed, pending (awaits the venue), waitinglist, suspended (awaits the SMS code), cancelled, declined.' }),
    date: z.string(),
    time: z.string(),
    pax: z.number(),
    zone: z.string(),
    changeable: z.boolean(),
    cancellation: z.object({ free: z.boolean(), feeCents: z.number(), deadline: z.string().nullable() }),
  })
  .meta({ id: 'Booking' });

export const bookResultSchema = z
  .object({
    status: z.enum(['confirmed', 'awaitingVenue', 'waitingList', 'smsCode', 'cardGuarantee']),
    reference: z.string().optional().meta({ description: 'The booking reference (not for cardGuarantee: nothing is booked yet).' }),
    message: z.string(),
    phoneEnding: z.string().optional(),
    expiresAt: z.string().optional(),
    url: z.string().optional().meta({ description: "cardGuarantee: the venue's page where the guest gives the card." }),
  })
  .meta({ id: 'BookResult' });

export const changedSchema = z.object({ status: z.literal('changed'), booking: bookingSchema, message: z.string() }).meta({ id: 'Changed' });
export const cancelledSchema = z.object({ status: z.literal('cancelled'), reference: z.string(), feeCents: z.number(), message: z.string() }).meta({ id: 'Cancelled' });
export const verifiedSchema = z.object({ status: z.enum(['confirmed', 'awaitingVenue']), reference: z.string(), message: z.string() }).meta({ id: 'Verified' });
export const foundSchema = z.object({ booking: bookingSchema }).meta({ id: 'Found' });

/** The webhook's body (docs/agents.md, "Webhooks"). */
export const webhookEventSchema = z
  .object({
    id: z.string().meta({ description: 'The same on every retry: act on it once.' }),
    type: z.enum(['booking.confirmed', 'booking.awaitingVenue', 'booking.waitingList', 'booking.changed', 'booking.cancelled', 'booking.declined', 'booking.arrived', 'booking.noShow']),
    createdAt: z.string(),
    booking: z.object({ reference: z.string(), status: z.string(), date: z.string(), time: z.string(), pax: z.number(), zone: z.string(), version: z.number() }),
  })
  .meta({ id: 'WebhookEvent' });
