/**
 * A core call's answer (issue 42, "One core, two doors"): its data, or its refusal with the
 * message key, field errors and HTTP status (and past a limit, when to try again). One shape for
 * every domain's core (server/booking/core.ts, server/giftcards/core.ts, server/promo/core.ts,
 * server/fidelity/core.ts): the contract's adapter answers it as its envelope, the built-in door
 * as an `ActionResult`.
 */
export type Refusal = { status: false; error: string; fieldErrors?: Record<string, string>; httpStatus: number; data?: { limit: string; retryAfter: number } };
export type Outcome<T> = { status: true; data: T } | Refusal;
export const ok = <T>(data: T) => ({ status: true as const, data });
export const refused = (httpStatus: number, error: string, fieldErrors?: Record<string, string>): Refusal => ({ status: false, error, httpStatus, ...(fieldErrors ? { fieldErrors } : {}) });
