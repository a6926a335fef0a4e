import { NextRequest } from 'next/server';
import { isRecord, type Check } from '@/lib/api/check';

/**
 * The real `/api` handlers called as the browser calls them, and their answers read with the
 * browser's checks (lib/api/answers/): for the suites that hold those checks to the handlers.
 */
let address = 0;
/** Each request from its own address, so no per-address limit of another call is reached. */
const headers = (cookie = '') => ({ host: 'localhost:3000', 'x-forwarded-for': `203.0.113.${(++address % 250) + 1}`, ...(cookie ? { cookie } : {}) });
export const get = (path: string, cookie = '') => new NextRequest(`http://localhost:3000${path}`, { headers: headers(cookie) });
export const post = (path: string, body: unknown, cookie = '') =>
  new NextRequest(`http://localhost:3000${path}`, { method: 'POST', headers: { ...headers(cookie), 'content-type': 'application/json' }, body: JSON.stringify(body) });
export const del = (path: string, cookie = '') => new NextRequest(`http://localhost:3000${path}`, { method: 'DELETE', headers: headers(cookie) });

/** The answer's whole body, at the expected status, which the check must accept. */
export async function bodyOf<T>(response: Response, check: Check<T>, status = 200): Promise<T> {
  const body: unknown = await response.json();
  expect({ status: response.status, body }).toEqual({ status, body });
  if (!check(body)) throw new Error(`an answer the browser's check refuses: ${JSON.stringify(body).slice(0, 400)}`);
  return body;
}

/** The answer's `data` (the `{data}` envelope), which the check must accept. */
export async function dataOf<T>(response: Response, check: Check<T>): Promise<T> {
  const body = await bodyOf(response, (v): v is { data: unknown } => isRecord(v));
  if (!check(body.data)) throw new Error(`an answer the browser's check refuses: ${JSON.stringify(body.data).slice(0, 400)}`);
  return body.data;
}
