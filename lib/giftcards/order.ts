/**
 * A gift card order as the guest's pages see it: waiting for its payment, paid, or failed (an
 * abandoned checkout that expired reads as failed; server/giftcards/service.ts).
 */
export const orderStatuses = ['pending', 'paid', 'failed'] as const;
