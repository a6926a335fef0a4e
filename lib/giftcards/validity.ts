/** A gift card is valid this many months from the day it is paid, in the venue's time zone (server/giftcards/service.ts; its Offer's eligibleDuration). */
export const VALIDITY_MONTHS = 12;
