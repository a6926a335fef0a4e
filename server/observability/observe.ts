import 'server-only';
import { context, propagation } from '@opentelemetry/api';
import type { Transport } from '@/lib/backend/client';
import type { OutboxRow } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';
import { metrics, secondsSince } from './metrics';
import { SpanKind, tracingOn, withSpan } from './tracing';

/**
 * The few lines the domains call to be seen (docs/observability.md): each counts in the
 * process's metrics and, when the process traces, runs in a span.
 */

/** A contract call of the built-in backend: its span, its count by status, its time. */
export async function observedCall<T extends { httpStatus: number }>(call: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const m = metrics();
  return withSpan(`backend ${call}`, { 'frontpage.call': call }, async (span) => {
    let status = 500;
    try {
      const answer = await run();
      status = answer.httpStatus;
      span.setAttribute('frontpage.call.status', status);
      return answer;
    } finally {
      m.backendCalls.inc({ call, status: String(status) });
      m.backendDuration.observe({ call }, secondsSince(started));
    }
  });
}

/** A front's call to its legacy backend (BACKEND_URL), in its span (`backend <call>`, kind client). */
export const observedTransport =
  (transport: Transport): Transport =>
  (call, payload) =>
    withSpan(`backend ${call}`, { 'frontpage.call': call, 'frontpage.backend': 'legacy' }, () => transport(call, payload), SpanKind.CLIENT);

/** `fetch` that sends the active span's `traceparent`, so a backend's spans join the front's trace. */
export const propagatingFetch: typeof fetch = (input, init) => {
  if (!tracingOn()) return fetch(input, init);
  const headers = new Headers(init?.headers);
  propagation.inject(context.active(), headers, { set: (carrier, key, value) => carrier.set(key, value) });
  return fetch(input, { ...init, headers });
};

/** One outbox message handed to its transport, in its span; counted as sent, or as failed (`final` when given up). */
export async function sendObserved(transport: { send(message: OutboxRow): Promise<void> }, message: OutboxRow, final: boolean): Promise<void> {
  const channel = message.channel;
  try {
    await withSpan(`outbox send ${channel}`, { 'frontpage.outbox.channel': channel, 'frontpage.outbox.template': message.template, 'frontpage.outbox.attempt': message.attempts + 1 }, () => transport.send(message), SpanKind.PRODUCER);
    metrics().outboxSends.inc({ channel });
  } catch (error) {
    metrics().outboxFailures.inc({ channel, final: String(final) });
    throw error;
  }
}

/** Calls that reach the payment provider (Stripe's API, or the local provider's ledger): the rest are local. */
const PROVIDER_CALLS = new Set([
  'createSetup', 'retrieveSetup', 'chargeOffSession', 'refundCharge', 'findCharge', 'findRefund',
  'createSession', 'retrieveSession', 'create', 'retrieve', 'refund', 'authenticateCharge',
]);
const wrapped = new WeakMap<object, object>();

/**
 * A payment provider whose calls (PROVIDER_CALLS) each run in a span `payment <provider>.<call>`
 * and are counted by provider, call and result. The same provider object gets the same wrapper.
 */
export function observedProvider<P extends { readonly kind: string }>(provider: P): P {
  const known = wrapped.get(provider);
  if (known) return known as P;
  const proxy = new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || !PROVIDER_CALLS.has(property)) return value;
      return (...args: unknown[]) => {
        const labels = { provider: target.kind, operation: property };
        return withSpan(`payment ${target.kind}.${property}`, { 'frontpage.payment.provider': target.kind, 'frontpage.payment.operation': property }, async () => {
          try {
            const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            metrics().paymentCalls.inc({ ...labels, result: 'ok' });
            return result;
          } catch (error) {
            metrics().paymentCalls.inc({ ...labels, result: 'error' });
            throw error;
          }
        }, SpanKind.CLIENT);
      };
    },
  });
  wrapped.set(provider, proxy);
  return proxy;
}

/** A provider's event applied: its lag from the provider's `created` (seconds since the epoch). */
export function observeWebhookLag(source: 'payments' | 'giftcards', created: number | undefined) {
  if (!created || !Number.isFinite(created)) return;
  const lag = Math.max(0, clockNow().getTime() / 1000 - created);
  metrics().webhookLag.observe({ source }, lag);
  metrics().webhookLastLag.set({ source }, lag);
}

export type BookingKind = 'table' | 'experience';

/**
 * A booking taken by this instance, by its outcome and its source (issue 46: web, embed, staff,
 * mcp, channel:{name}; a channel is one of the few the venues issued keys to); the waiting list's entries apart too.
 */
export function countBooking(kind: BookingKind, outcome: string, source = 'web') {
  metrics().bookings.inc({ kind, outcome, source });
  if (outcome === 'waitinglist') metrics().waitlistEntries.inc({ kind });
}

/** A booking call refused (its message key, or `rateLimited`). */
export const countRefusal = (kind: BookingKind, reason: string) => metrics().refusals.inc({ kind, reason });

export const countHold = () => metrics().holds.inc();

/** A read of the venue data cache: `hit`, or `miss` when the backend was asked. */
export const countCacheLookup = (cache: string, missed: boolean) => metrics().cacheLookups.inc({ cache, result: missed ? 'miss' : 'hit' });

/** A housekeeping step done (or failed) in `seconds`. */
export function observeHousekeepingStep(step: string, seconds: number, failures: number) {
  metrics().housekeepingDuration.observe({ step }, seconds);
  if (failures) metrics().housekeepingErrors.inc({ step }, failures);
}

export const markHousekeepingRun = (at: Date) => metrics().housekeepingLastRun.set(at.getTime() / 1000);
