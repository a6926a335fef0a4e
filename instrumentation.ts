export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Before anything else: traces, when a collector is named (OTEL_EXPORTER_OTLP_ENDPOINT; docs/observability.md).
  const { tracingConfigured } = await import('@/server/observability/tracing');
  if (tracingConfigured()) {
    const { startTracing } = await import('@/server/observability/otel-sdk');
    startTracing();
  }
  // First: every request from now on carries the address its socket (and the trusted proxies) gave.
  const { installClientAddress } = await import('@/server/http/client-address');
  installClientAddress();
  // Then the Host gate: a malformed Host is a 400 on every path, no 404 is publicly cacheable, and a page
  // asked for on a host no venue has is a plain 404 before any render (server/http/host-gate.ts).
  // With it, the page micro-cache: a page Next just sent from its page cache is sent again as it was for a moment (issue 43).
  const { installHostGate } = await import('@/server/http/host-gate');
  const { isKnownVenueHost } = await import('@/server/venues/known-host');
  const { createPageMicroCache, microCacheSettings } = await import('@/server/http/page-micro-cache');
  installHostGate({ knownHost: isKnownVenueHost, microCache: createPageMicroCache(microCacheSettings()) });
  // Outermost, so it sees every request first: its span and its metrics; /metrics by token or on METRICS_PORT.
  const { installRequestObserver, startMetricsServer } = await import('@/server/observability/requests');
  installRequestObserver();
  startMetricsServer();
  // Before the first render: abort reasons keep no render alive (server/runtime/abort-stacks.ts).
  const { releaseAbortReasonStacks } = await import('@/server/runtime/abort-stacks');
  releaseAbortReasonStacks();
  const { startServer } = await import('@/server/runtime/startup');
  await startServer();
}
