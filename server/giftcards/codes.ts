import 'server-only';
import { randomBytes } from 'node:crypto';

/** 32 symbols without 0/O and 1/I: 5 bits each, read aloud and typed without confusion. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 16 symbols = 80 random bits (issue 15: at least 80). */
const CODE_LENGTH = 16;

/** A gift card code, `XXXX-XXXX-XXXX-XXXX`; stored without dashes. */
export function newCardCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  // 256 is a multiple of 32, so `byte & 31` is uniform over the alphabet.
  return Array.from(bytes, (b) => CODE_ALPHABET[b & 31]).join('');
}

export const formatCardCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/** The order number shown to the buyer: 10 symbols of the same alphabet (50 bits), not a sequence. */
export function newOrderNumber(): string {
  return Array.from(randomBytes(10), (b) => CODE_ALPHABET[b & 31]).join('');
}
