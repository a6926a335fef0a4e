import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OTLP/HTTP receiver (JSON, as @opentelemetry/exporter-trace-otlp-http sends it): what a
 * collector would get from the site, for the tracing tests (docs/observability.md, "Traces").
 */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  service: string;
};

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
type Payload = {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: KeyValue[] }[] }[] }[];
};

const valueOf = (v: AnyValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ''));
const attributes = (list: KeyValue[] = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** Every span of one trace. */
  trace(traceId: string): ReceivedSpan[];
  close(): Promise<void>;
}

export async function startOtlpReceiver(port = 0): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !(req.headers['content-type'] ?? '').includes('json')) {
        res.writeHead(415).end();
        return;
      }
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Payload;
      for (const rs of payload.resourceSpans ?? []) {
        const service = String(attributes(rs.resource?.attributes)['service.name'] ?? '');
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) spans.push({ traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId || undefined, name: s.name, kind: s.kind, attributes: attributes(s.attributes), service });
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    trace: (traceId) => spans.filter((s) => s.traceId === traceId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether `child` descends from `ancestor` within the spans of its trace. */
export function descendsFrom(spans: ReceivedSpan[], child: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  for (let s: ReceivedSpan | undefined = child; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined) {
    if (s.parentSpanId === ancestor.spanId) return true;
  }
  return false;
}
