import { isRecord, type Check } from './check';

/**
 * The one client for the site's `/api` calls (browser side). Every answer a page reads is
 * parsed with a check of `lib/api/answers/` (the same shapes the handlers answer, proven
 * against them in tests/integration/api-answers*.pglite.test.ts): an answer of another shape
 * is never cast to a type it does not have.
 *
 * `send` reads a whole JSON answer; `api` reads the `{data}` envelope most handlers answer.
 */

/** What came back: `status` 0 when nothing did (the network or the site is down). */
export type Reply<T> = {
  status: number;
  ok: boolean;
  /** The answer when it passes the check, else null (a refusal, or a shape the page cannot read). */
  body: T | null;
  /** The answer's `error` code; `unavailable` when nothing came back; '' when it names none. */
  error: string;
  /** The fields' message keys of a 400. */
  fieldErrors: Record<string, string>;
};

/** A POST when there is a body, a GET when not, unless told. Every `/api` answer is `no-store`, and so is every call. */
type Init = { body?: unknown; method?: 'POST' | 'DELETE' };

export async function send<T>(url: string, check: Check<T>, init: Init = {}): Promise<Reply<T>> {
  const method = init.method ?? (init.body === undefined ? undefined : 'POST');
  const request: RequestInit = method ? { method, cache: 'no-store', headers: { 'content-type': 'application/json' }, body: init.body === undefined ? undefined : JSON.stringify(init.body) } : { cache: 'no-store' };
  const response = await fetch(url, request).catch(() => null);
  if (!response) return { status: 0, ok: false, body: null, error: 'unavailable', fieldErrors: {} };
  const json: unknown = await response.json().catch(() => null);
  const answer = isRecord(json) ? json : {};
  const fieldErrors = isRecord(answer.fieldErrors) ? (Object.fromEntries(Object.entries(answer.fieldErrors).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : {};
  return { status: response.status, ok: response.ok, body: check(json) ? json : null, error: typeof answer.error === 'string' ? answer.error : '', fieldErrors };
}

/** The `{data}` envelope around an answer (a generic `object()` would leave `T` unresolved). */
const envelope =
  <T>(check: Check<T>): Check<{ data: T }> =>
  (value): value is { data: T } =>
    isRecord(value) && check(value.data);

/** `{data}` or `{error, fieldErrors}`: a network failure reads as `unavailable`, as the server's 503. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fieldErrors: Record<string, string> };

/** A call answering `{data}` (a GET without a body, else a POST): data of another shape is `generic`. */
export async function api<T>(url: string, check: Check<T>, body?: unknown): Promise<ApiResult<T>> {
  const reply = await send(url, envelope(check), body === undefined ? {} : { body });
  if (reply.ok) return reply.body ? { ok: true, data: reply.body.data } : { ok: false, status: reply.status, error: 'generic', fieldErrors: {} };
  return { ok: false, status: reply.status, error: reply.error || 'generic', fieldErrors: reply.fieldErrors };
}

/** SWR's fetcher: the data, or an error whose `code` is the field's message key when there is one (`dateInvalid`), else the call's, and whose `status` is the answer's. */
async function fetchData<T>(url: string, check: Check<T>): Promise<T> {
  const result = await api(url, check);
  if (result.ok) return result.data;
  const code = String(Object.values(result.fieldErrors)[0] ?? result.error);
  throw Object.assign(new Error(code), { code, status: result.status });
}

/** SWR's fetcher for an answer of a known shape. */
export const fetchChecked =
  <T>(check: Check<T>) =>
  (url: string) =>
    fetchData(url, check);

/** The message key of a failed SWR read. */
export const errorCode = (error: unknown) => (error as { code?: string } | undefined)?.code ?? 'generic';

/** A query string of the defined values. */
export const query = (values: Record<string, string | number | undefined | null>) =>
  new URLSearchParams(Object.entries(values).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)]]))).toString();
