import 'server-only';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of this process (docs/observability.md lists each, its labels and
 * what ops read in it). Next loads a module once per bundle (instrumentation, each route
 * graph), so the registry and its metrics are made once per process and kept on `globalThis`:
 * a counter incremented by a route handler is the one `/metrics` reads.
 *
 * Labels hold bounded sets only: a route pattern (server/observability/routes.ts), a method,
 * a status, a contract call's name, a message key, a channel, a step. Never a guest, a venue
 * key typed by a client, or an id.
 */
const PREFIX = 'frontpage_';

/** Seconds: from a fast page (5 ms) to a booking at its limit (the alert fires at 2 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];

function define(register: Registry) {
  const registers = [register];
  return {
    httpRequests: new Counter({ name: `${PREFIX}http_requests_total`, help: 'HTTP requests answered, by route pattern, method and status.', labelNames: ['route', 'method', 'status'] as const, registers }),
    httpDuration: new Histogram({ name: `${PREFIX}http_request_duration_seconds`, help: 'Time from a request to the end of its answer, by route pattern, method and status.', labelNames: ['route', 'method', 'status'] as const, buckets: LATENCY_BUCKETS, registers }),
    pageCache: new Counter({ name: `${PREFIX}page_cache_total`, help: "Pages answered from Next's page cache or rendered, by x-nextjs-cache (HIT, STALE, MISS).", labelNames: ['result'] as const, registers }),
    backendCalls: new Counter({ name: `${PREFIX}backend_calls_total`, help: 'Contract calls answered by the built-in backend, by call and HTTP status.', labelNames: ['call', 'status'] as const, registers }),
    backendDuration: new Histogram({ name: `${PREFIX}backend_call_duration_seconds`, help: 'Time the built-in backend took for a contract call, by call.', labelNames: ['call'] as const, buckets: LATENCY_BUCKETS, registers }),
    bookings: new Counter({ name: `${PREFIX}bookings_total`, help: 'Bookings taken by this instance, by kind (table, experience), outcome (confirm, accept, waitinglist, suspended, soldOut, ...) and source (web, embed, staff, mcp, channel:{name}).', labelNames: ['kind', 'outcome', 'source'] as const, registers }),
    waitlistEntries: new Counter({ name: `${PREFIX}waitlist_entries_total`, help: 'Bookings put on the waiting list by this instance, by kind.', labelNames: ['kind'] as const, registers }),
    refusals: new Counter({ name: `${PREFIX}booking_refusals_total`, help: 'Booking calls refused, by kind and reason (the message key, or rateLimited).', labelNames: ['kind', 'reason'] as const, registers }),
    holds: new Counter({ name: `${PREFIX}holds_total`, help: 'Slot holds placed by this instance.', registers }),
    outboxSends: new Counter({ name: `${PREFIX}outbox_sends_total`, help: 'Outbox messages sent by this instance, by channel (email, sms).', labelNames: ['channel'] as const, registers }),
    outboxFailures: new Counter({ name: `${PREFIX}outbox_send_failures_total`, help: 'Outbox sends that failed (retried later, or given up), by channel.', labelNames: ['channel', 'final'] as const, registers }),
    paymentCalls: new Counter({ name: `${PREFIX}payment_provider_calls_total`, help: 'Calls to a payment provider, by provider, operation and result (ok, error).', labelNames: ['provider', 'operation', 'result'] as const, registers }),
    webhookLag: new Histogram({ name: `${PREFIX}webhook_lag_seconds`, help: 'From a payment provider creating an event to this site applying it, by source (payments, giftcards).', labelNames: ['source'] as const, buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600], registers }),
    webhookLastLag: new Gauge({ name: `${PREFIX}webhook_last_lag_seconds`, help: 'The lag of the last webhook this instance applied, by source.', labelNames: ['source'] as const, registers }),
    housekeepingDuration: new Histogram({ name: `${PREFIX}housekeeping_step_duration_seconds`, help: 'Time one housekeeping step took (all venues), by step.', labelNames: ['step'] as const, buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30], registers }),
    housekeepingErrors: new Counter({ name: `${PREFIX}housekeeping_step_errors_total`, help: 'Housekeeping steps (or a venue of one) that failed, by step.', labelNames: ['step'] as const, registers }),
    housekeepingLastRun: new Gauge({ name: `${PREFIX}housekeeping_last_run_timestamp_seconds`, help: 'When this instance last finished a housekeeping pass (Unix seconds).', registers }),
    cacheLookups: new Counter({ name: `${PREFIX}cache_lookups_total`, help: 'Reads of the venue data cache, by cache and result (hit, miss).', labelNames: ['cache', 'result'] as const, registers }),
  };
}

export type Metrics = ReturnType<typeof define>;
type Shared = { register: Registry; metrics: Metrics };
const slot = globalThis as typeof globalThis & { __frontpageMetrics?: Shared };

/** The process's registry and metrics, made on first use. */
function shared(): Shared {
  if (!slot.__frontpageMetrics) {
    const register = new Registry();
    // Process metrics, the event-loop lag among them (nodejs_eventloop_lag_seconds, ..._p99_seconds).
    collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
    slot.__frontpageMetrics = { register, metrics: define(register) };
  }
  return slot.__frontpageMetrics;
}

export const metrics = (): Metrics => shared().metrics;
export const metricsRegistry = (): Registry => shared().register;

/** Seconds since `started` (a `performance.now()` reading). */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;
