import { z } from 'zod';
import { orderStatuses } from '@/lib/giftcards/order';
import { paymentProviders } from '@/lib/routes';
import { flag, num, str, texts } from './fields';

/** The gift card calls' answers (docs/backend-contract.md, "Gift cards"); amounts in cents. */
const nullableNum = z.union([z.number(), z.string()]).nullish().transform((v) => (v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null));

const orderStatus = z.enum(orderStatuses);
const provider = z.enum(paymentProviders);

export const giftcardSchema = z.object({
  id: z.string().min(1),
  title: texts,
  description: texts,
  regulations: texts,
  value: num,
  price: num,
  customMin: nullableNum,
  customMax: nullableNum,
  maxQuantity: num,
  image: str,
});
export type Giftcard = z.output<typeof giftcardSchema>;

export const giftcardListSchema = z.array(giftcardSchema);

export const checkoutStartSchema = z.object({ fingerprint: z.string().min(1), provider, url: z.string() });

export const paymentViewSchema = z.object({ provider, configured: flag, status: orderStatus, url: str });

export const createStatusSchema = z.object({ status: orderStatus });

export const orderViewSchema = z.object({
  orderNumber: z.string(),
  status: orderStatus,
  date: z.string(),
  product: texts,
  cardId: str,
  quantity: num,
  value: num,
  price: num,
  total: num,
  currency: str,
  toMe: flag,
  /** `yyyy-mm-dd` when the recipient's e-mail waits for that day; '' when it was sent at once. */
  deliverOn: str,
  sendTo: str,
  recipientName: str,
});
export type GiftcardOrder = z.output<typeof orderViewSchema>;

export const printableCardSchema = z.object({
  code: z.string(),
  value: num,
  balance: num,
  validUntil: z.string(),
  currency: str,
  product: texts,
  regulations: texts,
  message: str,
  from: str,
  to: str,
  /** Paid with test money (docs/payments.md): shown "Test – no value". */
  test: z.boolean().optional().default(false),
});
export type PrintableCard = z.output<typeof printableCardSchema>;

/** `test` (an addition, issue 41): a card paid with test money (docs/payments.md), shown "Test – no value". */
export const balanceSchema = z.object({ balance: num, value: num, validUntil: z.string(), expired: flag, test: z.boolean().optional().default(false) });

/** The calls the front page makes after a guest's action, by name (`giftcard/{call}`). */
export const giftcardAnswers = {
  get: giftcardSchema,
  checkout: checkoutStartSchema,
  payment: paymentViewSchema,
  create: createStatusSchema,
  order: orderViewSchema,
  card: printableCardSchema,
  balance: balanceSchema,
} as const;
export type GiftcardCall = keyof typeof giftcardAnswers;
