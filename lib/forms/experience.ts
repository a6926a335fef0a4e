import { z } from 'zod';
import { withNationalPhone } from '@/lib/identity';
import { parsePax, TIME_PATTERN } from '@/lib/params';
import { calendarDate, numericId } from './fields';
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
