import { formatPrice } from '@/lib/currency';

/** An amount of the contract (cents) in the venue's currency. */
export const money = (cents: number, valuta: string, locale: string) => formatPrice(cents / 100, valuta, locale);
