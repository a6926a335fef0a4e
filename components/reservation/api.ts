import type { Check } from '@/lib/api/check';

/**
 * The one client helper for the site's `/api` calls (browser side): JSON in, `{data}` or
 * `{error, fieldErrors}` out. A network failure reads as `unavailable`, as the server's 503.
 * Given a check (lib/api/answers.ts), the answer's `data` is parsed with it: an answer of
 * another shape is `generic`, never a value cast to a type it does not have.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fieldErrors: Record<string, string> };

export async function api<T = unknown>(url: string, body?: unknown, check?: Check<T>): Promise<ApiResult<T>> {
  const response = await fetch(url, body === undefined ? undefined : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
  if (!response) return { ok: false, status: 0, error: 'unavailable', fieldErrors: {} };
  const json = (await response.json().catch(() => ({}))) as { data?: unknown; error?: unknown; fieldErrors?: unknown };
  if (response.ok) {
    if (check && !check(json.data)) return { ok: false, status: response.status, error: 'generic', fieldErrors: {} };
    return { ok: true, data: json.data as T };
  }
  const fieldErrors = typeof json.fieldErrors === 'object' && json.fieldErrors !== null ? (json.fieldErrors as Record<string, string>) : {};
  return { ok: false, status: response.status, error: typeof json.error === 'string' ? json.error : 'generic', fieldErrors };
}

/** SWR's fetcher: the data, or an error whose `code` is the field's message key when there is one (`dateInvalid`), else the call's. */
export async function fetchData<T>(url: string, check?: Check<T>): Promise<T> {
  const result = await api<T>(url, undefined, check);
  if (result.ok) return result.data;
  const code = String(Object.values(result.fieldErrors)[0] ?? result.error);
  throw Object.assign(new Error(code), { code });
}

/** SWR's fetcher for an answer of a known shape: `fetchData` with its check. */
export const fetchChecked =
  <T>(check: Check<T>) =>
  (url: string) =>
    fetchData(url, check);

/** The message key of a failed SWR read. */
export const errorCode = (error: unknown) => (error as { code?: string } | undefined)?.code ?? 'generic';

/** A query string of the defined values. */
export const query = (values: Record<string, string | number | undefined | null>) =>
  new URLSearchParams(Object.entries(values).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)]]))).toString();
