import 'server-only';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { log, setLogContext } from '@/lib/log';
import { activeTraceFields, markTracingStarted, tracingConfigured } from './tracing';

type Shared = { provider?: TracerProvider };
const slot = globalThis as typeof globalThis & { __frontpageOtel?: Shared };

/**
 * Starts the OpenTelemetry SDK once per process, when a collector is named (tracingConfigured):
 * spans go over OTLP/HTTP (JSON) to `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or
 * `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`, in batches (`OTEL_BSP_SCHEDULE_DELAY`, 5 s by
 * default); the service is `OTEL_SERVICE_NAME` (default `frontpage`) with `OTEL_RESOURCE_ATTRIBUTES`.
 * The W3C `traceparent` of an incoming request is continued. Log lines of a span carry its ids.
 */
export function startTracing(env: Record<string, string | undefined> = process.env): boolean {
  const state = (slot.__frontpageOtel ??= {});
  if (state.provider) return true;
  if (!tracingConfigured(env)) return false;
  const exporter = new OTLPTraceExporter();
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY);
  const provider = new TracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the defaults.
    resource: defaultResource()
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'frontpage', [ATTR_SERVICE_VERSION]: process.env.npm_package_version ?? '0.1.0' }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor({ exporter, ...(Number.isFinite(delay) && delay > 0 ? { scheduledDelayMillis: delay } : {}) })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(provider);
  state.provider = provider;
  markTracingStarted(() => provider.forceFlush());
  setLogContext(activeTraceFields);
  log.info('tracing_started', { endpoint: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT });
  return true;
}
