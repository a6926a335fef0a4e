import 'server-only';
import { UNAVAILABLE, type ActionResult } from '@/lib/backend/client';
import { isLimitName, RATE_LIMITED, RateLimitedError, rateLimitedResponse } from '@/server/limits';

/**
 * What the site's `/api/*` handlers share (server/booking, experiences, giftcards, promo,
 * fidelity): JSON answers no cache keeps, the request's JSON body, and the answer of a
 * backend action.
 */

/** A JSON answer that browsers and proxies never keep (it is per guest). */
export const noStoreJson = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/** The request's body when it is a JSON object; null for anything else (then a 400). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A backend action's result for the browser: `{data}`; 503 `unavailable` when the backend
 * cannot be reached; 429 with `Retry-After` for an abuse limit; 400 with the fields' message
 * keys for bad input; any other refusal at its status in `refusals`, else `fallback`.
 */
export function actionAnswer(result: ActionResult, refusals: Record<string, number>, fallback = 409): Response {
  if (result.status) return noStoreJson({ data: result.data }, 200);
  if (result.error === UNAVAILABLE || result.error === 'generic') return noStoreJson({ error: result.error }, 503);
  if (result.error === RATE_LIMITED) return rateLimitedResponse(new RateLimitedError(isLimitName(result.limit) ? result.limit : 'liveHolds', result.retryAfter ?? 60));
  if (Object.keys(result.fieldErrors).length || result.error === 'invalid') return noStoreJson({ error: result.error, fieldErrors: result.fieldErrors }, 400);
  return noStoreJson({ error: result.error }, refusals[result.error] ?? fallback);
}
