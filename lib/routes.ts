/** Outcome values of the experience routes (spec section 2, "Outcome values"). */
export const experienceOutcomes = ['confirm', 'accept', 'reject', 'waitinglist'] as const;
export const isExperienceOutcome = (v: string) => (experienceOutcomes as readonly string[]).includes(v);

/** The `{provider}` segment of the payment routes: the hosted payment provider's name. */
export const paymentProviders = ['stripe', 'testpay'] as const;
/** The `{action}` segment: the flow being paid for. */
export const paymentActions = ['giftcard'] as const;
export const isPaymentRoute = (action: string, provider: string) =>
  (paymentActions as readonly string[]).includes(action) && (paymentProviders as readonly string[]).includes(provider);

/** Optional route parameters (`{id?}`) take at most one segment. */
export const optionalSegment = (value: string[] | undefined): string | null | false =>
  !value || value.length === 0 ? null : value.length === 1 ? value[0] : false;
