import { z } from 'zod';
import { nationalNumber } from '@/lib/identity';
import { isValidPhone, parseDayMonthYear } from './fields';
import { EMAIL } from './shapes';

/**
 * The gift card checkout (spec sections 3 and 5). Field names are the contract's; messages
 * are keys under `giftcards.errors` in messages/*.json, worded as spec section 5 says.
 * Validated on the server (the API and the backend both); the browser only shows the keys.
 */
const REQUIRED = 'required';

const text = (max = 80) => z.string({ error: REQUIRED }).trim().max(max, 'tooLong');
const required = (max = 80) => text(max).min(1, REQUIRED);
const optional = (max = 80) => z.string().trim().max(max, 'tooLong').optional().default('');
const consent = z
  .union([z.boolean(), z.literal('1'), z.literal('true'), z.literal('0'), z.literal('false'), z.literal('')])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

/** An amount typed in the venue's currency (`75`, `75.50`, `75,50`), read as cents; `null` when empty. */
export function parseAmountCents(value: string): number | null | 'invalid' {
  const v = value.trim().replace(',', '.');
  if (!v) return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v)) return 'invalid';
  return Math.round(Number(v) * 100);
}

export const giftcardCheckoutSchema = z
  .object({
    /** The card's id (its key). */
    id: required(64),
    quantity: z.union([z.string(), z.number()], { error: REQUIRED }).transform((v) => (typeof v === 'number' ? v : /^\d{1,3}$/.test(v.trim()) ? Number(v) : NaN)),
    /** A custom value within the card's {min}–{max}, in the venue's currency; empty for the card's own value. */
    customValue: optional(12),
    firstName: required(),
    lastName: required(),
    email: required(254).refine((v) => EMAIL.test(v), 'emailInvalid'),
    /*
     * Only what delivers and receipts the card is required (the buyer's and recipient's name
     * and e-mail); the spec leaves "required" open. The rest is optional, checked when given.
     */
    prefix: optional(6),
    mobile: optional(20),
    /** dd/mm/yyyy (spec section 9). */
    birthDate: optional(10),
    city: optional(),
    country: optional(),
    province: optional(),
    cap: optional(12),
    recipient: z.enum(['me', 'other'], { error: REQUIRED }),
    recipientFirstName: optional(),
    recipientLastName: optional(),
    recipientEmail: optional(254),
    recipientPrefix: optional(6),
    recipientMobile: optional(20),
    message: optional(500),
    /** dd/mm/yyyy: when the recipient's e-mail is sent (beyond the spec); empty: at once. */
    deliveryDate: optional(10),
    paymentMethod: z.enum(['card', 'wallet'], { error: REQUIRED }),
    privacy: consent.refine((v) => v, 'privacyRequired'),
    marketing: consent,
    marketingSms: consent,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!Number.isInteger(v.quantity) || v.quantity < 1) issue('quantity', 'quantityInvalid');
    if (parseAmountCents(v.customValue) === 'invalid') issue('customValue', 'amountInvalid');
    if (v.mobile && !isValidPhone(v.prefix, v.mobile)) issue('mobile', 'phoneInvalid');
    const birth = v.birthDate ? parseDayMonthYear(v.birthDate) : '';
    if (v.birthDate && (!birth || birth < '1900-01-01')) issue('birthDate', 'birthDateInvalid');
    if (v.recipient === 'other') {
      if (!v.recipientFirstName) issue('recipientFirstName', REQUIRED);
      if (!v.recipientLastName) issue('recipientLastName', REQUIRED);
      if (!v.recipientEmail) issue('recipientEmail', REQUIRED);
      else if (!EMAIL.test(v.recipientEmail)) issue('recipientEmail', 'recipientEmailInvalid');
      if (v.recipientMobile && !isValidPhone(v.recipientPrefix || v.prefix, v.recipientMobile)) issue('recipientMobile', 'recipientPhoneInvalid');
      if (v.deliveryDate && !parseDayMonthYear(v.deliveryDate)) issue('deliveryDate', 'deliveryDateInvalid');
    }
  })
  .transform((v) => ({
    ...v,
    email: v.email.toLowerCase(),
    mobile: v.mobile ? nationalNumber(v.prefix, v.mobile) : v.mobile,
    recipientMobile: v.recipient === 'other' && v.recipientMobile ? nationalNumber(v.recipientPrefix || v.prefix, v.recipientMobile) : v.recipientMobile,
    birthDate: parseDayMonthYear(v.birthDate) ?? '',
    customValueCents: parseAmountCents(v.customValue) as number | null,
    recipientEmail: v.recipient === 'other' ? v.recipientEmail.toLowerCase() : '',
    recipientPrefix: v.recipient === 'other' ? v.recipientPrefix || v.prefix : '',
    /** ISO date, or null; the service checks it lies between today and a year from now. */
    deliverOn: v.recipient === 'other' && v.deliveryDate ? parseDayMonthYear(v.deliveryDate) : null,
  }));

export type GiftcardCheckoutInput = z.input<typeof giftcardCheckoutSchema>;
export type GiftcardCheckoutData = z.output<typeof giftcardCheckoutSchema>;

/** The checkout's fields in screen order: errors are listed and focused in this order. */
export const giftcardCheckoutFields = [
  'id',
  'customValue',
  'quantity',
  'firstName',
  'lastName',
  'email',
  'prefix',
  'mobile',
  'birthDate',
  'city',
  'country',
  'province',
  'cap',
  'recipient',
  'recipientFirstName',
  'recipientLastName',
  'recipientEmail',
  'recipientPrefix',
  'recipientMobile',
  'message',
  'deliveryDate',
  'paymentMethod',
  'privacy',
  'marketing',
  'marketingSms',
] as const;
export type GiftcardCheckoutField = (typeof giftcardCheckoutFields)[number];

/** Every message key the checkout can show, each under `giftcards.errors`. */
export const giftcardErrorKeys = [
  'required',
  'tooLong',
  'quantityInvalid',
  'amountInvalid',
  'amountRange',
  'emailInvalid',
  'phoneInvalid',
  'birthDateInvalid',
  'recipientEmailInvalid',
  'recipientPhoneInvalid',
  'privacyRequired',
  'deliveryDateInvalid',
] as const;

/** A venue-side code as typed: spaces and dashes dropped, upper case. */
export const normalizeCardCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
