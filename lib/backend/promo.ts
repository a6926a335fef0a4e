import type { ActionResult, BackendClient, Loaded } from './client';
import type { Promo, PromoCode, PromoRedeemed } from '@/lib/contract/promo';
import type { PromoRequestData } from '@/lib/forms/promo';
import type { Stored } from './texts';
import { formFields } from './tables';

/** A promotion's page: its texts as stored, its live count and state. */
export type PromoPage = Stored<Promo, 'title' | 'description'>;
/** A guest's code as its page shows it. */
export type PromoCodeView = Stored<Omit<PromoCode, 'guest'>, 'title'>;
/** A code as the venue's till sees it: with the guest's name. */
export type TillCode = PromoCodeView & { guest: string };
/** A code found by its 128-bit id or by its short code (the till's). */
export type CodeQuery = { id?: string; code?: string };

/** A code's request: the promotion, the guest's form as its rule read it, and what the site knows beside it. */
export type PromoRequest = { urlName: string; guest: PromoRequestData; locale: string; partner: boolean; clientAddress?: string };

/**
 * The promotions' door (issue 42, "One core, two doors"), as the table door (lib/backend/tables.ts):
 * typed input, typed answers. The built-in backend calls its core (server/promo/core.ts) directly;
 * a legacy backend is called through the wire format (`wirePromo`). Texts are read in every
 * language on either side; a guest's code carries an empty `guest`.
 */
export interface PromoDoor {
  /** A promotion's page, or `notFound` (a failed call reads as failed, an unknown venue as `unknownVenue`). */
  get(urlName: string): Promise<Loaded<Promo> | { status: 'notFound' }>;
  /** Issues one code: `{id, code}`, or `duplicate`, `disabled`, `inactive`, `terminated`, `expired`, `notFound`. */
  request(input: PromoRequest): Promise<ActionResult<{ id: string; code: string }>>;
  /** The code again to the address it was issued to; `{sent: true}` whether or not there is one (`invalid` for a malformed address). */
  resend(input: { urlName: string; email: string; locale: string }): Promise<ActionResult<{ sent: boolean }>>;
  /** A guest's code page by its promotion and id, or `notFound`. */
  code(input: { urlName: string; id: string }): Promise<ActionResult<PromoCode>>;
  /** The venue's side: a code by its id or short code, with the guest's name, or `notFound`. */
  lookup(by: CodeQuery): Promise<ActionResult<PromoCode>>;
  /** The venue's side: marks a code used (`used`, or `alreadyUsed` with the first use), `expired`, or `notFound`. */
  redeem(by: CodeQuery): Promise<ActionResult<PromoRedeemed>>;
}

/** A code query as the wire names it. */
const wireQuery = (by: CodeQuery) => ({ ...(by.id ? { id: by.id } : {}), ...(by.code ? { code: by.code } : {}) });

/** The promotion door over the contract's wire format (docs/backend-contract.md, "Promotions"): a legacy backend's. */
export function wirePromo(client: BackendClient): PromoDoor {
  return {
    get: (urlName) => client.getPromo(urlName),
    request: (r) =>
      client.promo('promo/request', formFields({ urlName: r.urlName, ...r.guest, privacy: true, language: r.locale, partner: r.partner, remoteIp: r.clientAddress })),
    resend: (r) => client.promo('promo/resend', { urlName: r.urlName, email: r.email, language: r.locale }),
    code: (c) => client.promo('promo/getcode', { urlName: c.urlName, id: c.id }),
    lookup: (by) => client.promo('promo/lookup', wireQuery(by)),
    redeem: (by) => client.promo('promo/redeem', wireQuery(by)),
  };
}
