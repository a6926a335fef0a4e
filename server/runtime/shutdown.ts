import 'server-only';
import { closeDatabase } from '@/server/db/client';
import { flushTracing } from '@/server/observability/tracing';
import { stopDeliveryLoop } from '@/server/outbox/delivery';
import { stopHousekeeping } from '@/server/runtime/housekeeping';
import { errorMessage, log } from '@/lib/log';
import { stopVenueListener } from '@/server/venues/notify';

/** Shared through globalThis: instrumentation and the route bundles are separate module graphs. */
type State = { installed?: boolean; signal?: NodeJS.Signals; started?: number };
const shared = globalThis as typeof globalThis & { __frontpageShutdown?: State };
const state = () => (shared.__frontpageShutdown ??= {});

/** True once SIGTERM or SIGINT arrived: readiness answers 503 from then on. */
export function isShuttingDown(): boolean {
  return Boolean(state().signal);
}

/** How long a shutdown may take before the process exits anyway (`SHUTDOWN_TIMEOUT_MS`, default 8 s). */
export const shutdownTimeoutMs = () => Number(process.env.SHUTDOWN_TIMEOUT_MS) || 8000;

/**
 * Graceful shutdown on SIGTERM and SIGINT, beside the handler of `next start`.
 *
 * `next start` (next/dist/server/lib/start-server.js) handles both signals itself: it stops
 * accepting connections, waits for the requests in flight, then calls `process.exit(143)`
 * (130 for SIGINT). These listeners run beside it: they mark the process as shutting down
 * and stop the outbox and housekeeping loops at once (a send in progress finishes), and
 * they hold Next's final `process.exit` until the database is closed: the PostgreSQL pool
 * ended, or PGlite shut down and its lock file removed. If Next does not exit within
 * `SHUTDOWN_TIMEOUT_MS` (a request that never ends, or `NEXT_MANUAL_SIG_HANDLE` set), the
 * process closes what it can and exits.
 */
export function installShutdownHandlers(): void {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => beginShutdown(signal));
}

function beginShutdown(signal: NodeJS.Signals) {
  const s = state();
  if (s.signal) return;
  s.signal = signal;
  s.started = Date.now();
  log.info('shutdown_started', { signal, timeoutMs: shutdownTimeoutMs() });

  const loopsStopped = Promise.allSettled([stopDeliveryLoop(), stopHousekeeping(), stopVenueListener()]);
  let closing: Promise<void> | undefined;
  // Runs once, when Next has finished the requests in flight (or at the deadline).
  const close = () =>
    (closing ??= (async () => {
      await loopsStopped;
      try {
        await closeDatabase();
      } catch (error) {
        log.error('shutdown_database_close_failed', { error: errorMessage(error) });
      }
      await flushTracing();
      log.info('shutdown_complete', { signal, ms: Date.now() - (s.started ?? Date.now()) });
    })());

  const exit = process.exit.bind(process);
  const deadline = setTimeout(() => {
    log.warn('shutdown_timeout', { signal, timeoutMs: shutdownTimeoutMs() });
    const code = signal === 'SIGINT' ? 130 : 143;
    void Promise.race([close(), new Promise((resolve) => setTimeout(resolve, 2000))]).then(() => exit(code));
  }, shutdownTimeoutMs());
  deadline.unref();
  process.exit = ((code?: number | string | null) => {
    void close().then(() => exit(code ?? undefined));
    return undefined as never;
  }) as typeof process.exit;
}
