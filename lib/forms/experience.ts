import { z } from 'zod';
import { withNationalPhone } from '@/lib/identity';
import { MAX_PARTY, parsePax, TIME_PATTERN } from '@/lib/params';
import { calendarDate, numericId, queryInt } from './fields';
import { checkDetails, detailsShape } from './reservation';

const time = z.union([z.literal(''), z.string().regex(TIME_PATTERN, 'timeInvalid')]);
const pax = z.union([z.number(), z.string()], { error: 'paxInvalid' }).transform((v) => parsePax(v) ?? NaN).refine((n) => !Number.isNaN(n), 'paxInvalid');
const id = numericId();
const reference = z.string().max(120).regex(/^[A-Za-z0-9_]+$/, 'paymentNotFound').optional();
const checkbox = z.union([z.boolean(), z.string()]).optional().transform((v) => v === true || v === '1' || v === 'true');

/** The experience's choice: which, how many, when and where (`zone` only when the guest may choose). */
export const experienceChoiceSchema = z.object({
  experienceId: id,
  day: calendarDate('dateInvalid'),
  time: time.default(''),
  pax,
  zone: z.string().max(60).optional().default(''),
});

/** The payment step's question (`experience/startpayment`): the choice, the guest's e-mail and language, as the experience door names them. */
export const experiencePaymentSchema = experienceChoiceSchema
  .extend({ email: z.string().max(200).optional().default(''), language: z.string().max(10).optional() })
  .transform(({ pax, day, ...rest }) => ({ ...rest, partySize: pax, date: day }));

/** A calendar query's party: a whole number from 1 to MAX_PARTY (one message key, `invalid`). */
const queryPax = queryInt(1, MAX_PARTY);
/** An experience's days of a month (`experience/availabledays`), as a query writes it; the door's names once read. */
export const experienceDaysQuerySchema = z.object({ month: queryInt(1, 12), year: queryInt(2000, 2100), pax: queryPax, experienceId: id });
export const experienceDaysQueryOf = ({ pax, ...rest }: z.output<typeof experienceDaysQuerySchema>) => ({ ...rest, partySize: pax });
/** An experience's times on a day (`experience/getavailabletimes`), as a query writes it. */
export const experienceTimesQuerySchema = z.object({ experienceId: id, day: calendarDate('dateInvalid'), pax: queryPax });
export const experienceTimesQueryOf = (q: z.output<typeof experienceTimesQuerySchema>) => ({ experienceId: q.experienceId, date: q.day, partySize: q.pax });
/** The fields an experience asks for a zone (`experience/getadditionalfields`), as a query writes it (`zoneID`: the zone's id or key). */
export const experienceFieldsQuerySchema = z.object({ experienceId: id, zoneID: z.string().max(60).optional().default('') });

/** A booking's move (`experience/editreserve`): its hash, the new day, time, party and zone, as the experience door names them. */
export const experienceMoveSchema = experienceChoiceSchema
  .omit({ experienceId: true })
  .extend({ hash: z.string().max(64) })
  .transform(({ pax, day, ...rest }) => ({ ...rest, partySize: pax, date: day }));

/** The most additional-field answers one booking may carry (docs/security.md, "Requests"). */
export const MAX_ADDITIONAL_FIELDS = 50;

/**
 * The `payload` of `experience/createexperiencereserve` (docs/backend-contract.md), shared by
 * the browser and the server: the choice, the guest's details and consents (as a table
 * booking's), the additional fields' answers by key, and the payment references. Whether an
 * additional field is required is the experience's to say: the server checks it.
 */
export const experienceBookingSchema = experienceChoiceSchema
  .extend({
    campiAggiuntivi: z
      .record(z.string().max(60), z.string().trim().max(500, 'tooLong'))
      .refine((answers) => Object.keys(answers).length <= MAX_ADDITIONAL_FIELDS, 'tooLong')
      .optional()
      .default({}),
    guaranteeReference: reference,
    cancellationPolicy: checkbox,
    depositReference: reference,
    language: z.string().max(5).optional(),
    partner: checkbox,
    remoteIp: z.string().max(100).optional(),
    ...detailsShape,
  })
  .superRefine(checkDetails)
  .transform(withNationalPhone);
export type ExperienceBookingInput = z.input<typeof experienceBookingSchema>;
export type ExperienceBookingData = z.output<typeof experienceBookingSchema>;
