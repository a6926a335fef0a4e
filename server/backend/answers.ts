import 'server-only';
import type { Envelope } from './call';

/** The answers every contract call shares (docs/backend-contract.md). */

/** A call's form fields as an object, for its zod schema. */
export const fields = (params: URLSearchParams) => Object.fromEntries(params.entries());

/** Bad input: a 400 with a message key per field (and one for the whole, `invalid` unless said). */
export const invalid = (errors: Record<string, string>, error = 'invalid'): Envelope => ({ httpStatus: 400, status: false, error, fieldErrors: errors });

export const notFound: Envelope = { httpStatus: 404, status: false, error: 'notFound' };

/**
 * Runs a call. An error its domain's `refusal` recognises becomes that answer (a 4xx with a
 * message key, never a 500); any other is thrown on, for the dispatcher to log and answer 500.
 */
export async function refusing(run: () => Promise<Envelope>, refusal: (error: unknown) => Envelope | undefined): Promise<Envelope> {
  try {
    return await run();
  } catch (error) {
    const answer = refusal(error);
    if (answer) return answer;
    throw error;
  }
}
