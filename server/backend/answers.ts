import 'server-only';
import type { Envelope } from './call';

/** The answers every contract call shares (docs/backend-contract.md). */

/** A call's form fields as an object, for its zod schema. */
export const fields = (params: URLSearchParams) => Object.fromEntries(params.entries());

/** Bad input: a 400 with a message key per field (and one for the whole, `invalid` unless said). */
export const invalid = (errors: Record<string, string>, error = 'invalid'): Envelope => ({ httpStatus: 400, status: false, error, fieldErrors: errors });

export const notFound: Envelope = { httpStatus: 404, status: false, error: 'notFound' };

export { refusing } from '@/lib/backend/refusing';
