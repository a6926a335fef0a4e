import 'server-only';
import { readAnswer } from '@/lib/backend/tables';
import { wireCheckout, type CheckoutStarted, type GiftcardDoor } from '@/lib/backend/giftcards';
import type { StoredTexts } from '@/lib/backend/texts';
import { allTexts } from '@/lib/contract/fields';
import { giftcardCheckoutSchema } from '@/lib/forms/giftcard';
import { toLocale } from '@/lib/i18n/locales';
import { claimFor } from '@/server/backend/idempotency';
import { giftcardBalanceOf, giftcardConfirm, giftcardOnSale, giftcardOrderPayment, giftcardOrderView, giftcardPrinted, giftcardPurchase, giftcardsOnSale } from '@/server/giftcards/core';
import { checkoutOnce } from '@/server/giftcards/calls';
import type { PromoDoor } from '@/lib/backend/promo';
import type { LoyaltyDoor } from '@/lib/backend/loyalty';
import { fidelityLookupSchema } from '@/lib/forms/fidelity';
import { loyaltyLookup, loyaltySubscribe } from '@/server/fidelity/core';
import { promoCode, promoLookup, promoPage, promoRedeem, promoRequest, promoResend } from '@/server/promo/core';
import { coreRunner, invalidForm, loaded } from './builtin';

/**
 * The sales doors of the built-in backend (issue 42, "One core, two doors"): gift cards,
 * promotions and loyalty, each calling its domain's core directly on the venue the request
 * resolved, nothing serialised, as the table door does (server/backend/builtin.ts).
 */


/** The gift card door of the built-in backend: its core (server/giftcards/core.ts), called directly. */
export function builtinGiftcards(venueKey: string): GiftcardDoor {
  const run = coreRunner(venueKey);
  const onSale = <T extends { title: StoredTexts; description: StoredTexts; regulations: StoredTexts }>(card: T) => ({
    ...card,
    title: allTexts(card.title),
    description: allTexts(card.description),
    regulations: allTexts(card.regulations),
  });
  return {
    list: async () => loaded(readAnswer(await run('giftcard/getlist', (db, venue) => giftcardsOnSale(db, venue)), (cards) => cards.map(onSale))),
    get: async (id) => readAnswer(await run('giftcard/get', (db, venue) => giftcardOnSale(db, venue, id)), onSale),
    checkout: (values, submit) =>
      run<CheckoutStarted>('giftcard/checkout', async (db, venue) => {
        // The fields as the contract's adapter reads them (server/giftcards/calls.ts): the form's rule, and the
        // idempotency key over the same fingerprint, so a retry is the first order.
        const form = wireCheckout(values, submit);
        const q = giftcardCheckoutSchema.safeParse(form);
        if (!q.success) return invalidForm(q.error);
        const context = { locale: toLocale(submit.locale), siteBase: submit.siteBase, partner: submit.partner };
        return checkoutOnce(db, claimFor(venue.id, 'giftcard/checkout', submit.idempotencyKey, form), (key) => giftcardPurchase(db, venue, q.data, { ...context, key }));
      }),
    payment: (fingerprint) => run('giftcard/payment', (db, venue) => giftcardOrderPayment(db, venue, fingerprint)),
    confirm: (fingerprint) => run('giftcard/create', (db, venue) => giftcardConfirm(db, venue, fingerprint)),
    order: async (fingerprint) => readAnswer(await run('giftcard/order', (db, venue) => giftcardOrderView(db, venue, fingerprint)), (order) => ({ ...order, product: allTexts(order.product) })),
    card: async (token) =>
      readAnswer(await run('giftcard/card', (db, venue) => giftcardPrinted(db, venue, token)), (card) => ({ ...card, product: allTexts(card.product), regulations: allTexts(card.regulations) })),
    balance: (input) => run('giftcard/balance', (db, venue) => giftcardBalanceOf(db, venue, input)),
  };
}

/** The promotion door of the built-in backend: its core (server/promo/core.ts), called directly. */
export function builtinPromo(venueKey: string): PromoDoor {
  const run = coreRunner(venueKey);
  const readCode = <T extends { title: StoredTexts }>(code: T) => ({ guest: '', ...code, title: allTexts(code.title) });
  return {
    get: async (urlName) => {
      const result = await run('promo/getpromo', (db, venue) => promoPage(db, venue, urlName));
      // The backend's answer that it has no such promotion is not a failure: the page is a 404.
      if (!result.status && result.error === 'notFound') return { status: 'notFound' };
      return loaded(readAnswer(result, (promo) => ({ ...promo, title: allTexts(promo.title), description: allTexts(promo.description) })));
    },
    // The request's e-mail links to the venue's own host, as the contract's adapter's do in-process.
    request: (r) => run('promo/request', (db, venue) => promoRequest(db, venue, r.urlName, r.guest, { locale: r.locale, partner: r.partner, linkHost: venueKey })),
    resend: (r) => run('promo/resend', (db, venue) => promoResend(db, venue, { ...r, linkHost: venueKey })),
    code: async (c) => readAnswer(await run('promo/getcode', (db, venue) => promoCode(db, venue, c)), readCode),
    lookup: async (by) => readAnswer(await run('promo/lookup', (db, venue) => promoLookup(db, venue, by)), readCode),
    redeem: async (by) => readAnswer(await run('promo/redeem', (db, venue) => promoRedeem(db, venue, by)), (r) => ({ ...r, code: readCode(r.code) })),
  };
}

/** The loyalty door of the built-in backend: its core (server/fidelity/core.ts), called directly; the answers' data is not read, as on the wire. */
export function builtinLoyalty(venueKey: string): LoyaltyDoor {
  const run = coreRunner(venueKey);
  const nothing = () => null;
  return {
    // The e-mails link to the venue's own host, as the contract's adapter's do in-process.
    subscribe: async (s) => readAnswer(await run('fidelity/subscribe', (db, venue) => loyaltySubscribe(db, venue, s.member, { locale: s.locale, partner: s.partner, linkHost: venueKey })), nothing),
    lookup: async (l) =>
      readAnswer(
        await run('fidelity/lookup', async (db, venue) => {
          // The form's rule, as the contract's adapter applies it to the wire's field (server/fidelity/calls.ts).
          const q = fidelityLookupSchema.safeParse({ email: l.email });
          return q.success ? loyaltyLookup(db, venue, q.data.email, { locale: l.locale, linkHost: venueKey }) : invalidForm(q.error);
        }),
        nothing,
      ),
  };
}
