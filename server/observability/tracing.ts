import 'server-only';
import { context, INVALID_SPAN_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { errorMessage } from '@/lib/log';

/**
 * Spans of this process (docs/observability.md, "Traces"). The OpenTelemetry SDK is started from
 * instrumentation.ts only when a collector is named by the standard variables
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; server/observability/otel-sdk.ts);
 * without one, `withSpan` runs its function and nothing else: no span, no context, no cost.
 */
type Shared = { started?: boolean; flush?: () => Promise<void> };
const slot = globalThis as typeof globalThis & { __frontpageTracing?: Shared };
const state = () => (slot.__frontpageTracing ??= {});

/** Whether the environment names a collector and does not turn the SDK off. */
export function tracingConfigured(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/** Whether this process records spans (the SDK was started). */
export const tracingOn = (): boolean => state().started === true;
export function markTracingStarted(flush: () => Promise<void>) {
  state().started = true;
  state().flush = flush;
}

/** Sends the spans still buffered (graceful shutdown); nothing when tracing is off. */
export async function flushTracing(): Promise<void> {
  await state().flush?.().catch(() => undefined);
}

export const tracer = () => trace.getTracer('frontpage');

const noSpan: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Runs `fn` in a span named `name`, a child of the active one: the span ends when `fn` settles,
 * marked as an error (with the exception) when it throws.
 */
export function withSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  if (!tracingOn()) return fn(noSpan);
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : new Error(errorMessage(error)));
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * `withSpan` only inside a span: a statement sent outside any (the delivery loop's idle polls, the
 * migrations at start) would otherwise make a trace of its own every few seconds.
 */
export function withChildSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  if (!tracingOn() || !trace.getSpan(context.active())) return fn();
  return withSpan(name, attributes, fn, kind);
}

/** The active span's ids, for a log line (lib/log): `trace_id` and `span_id`, or nothing outside a span. */
export function activeTraceFields(): { trace_id: string; span_id: string } | undefined {
  if (!tracingOn()) return undefined;
  const span = trace.getSpan(context.active());
  const ids = span?.spanContext();
  return ids && trace.isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : undefined;
}

export { SpanKind, SpanStatusCode, type Span };
