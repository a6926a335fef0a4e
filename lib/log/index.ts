/**
 * Structured logs: one JSON line per request or event. Callers pass ids, never
 * guest personal data or secrets.
 */
type Fields = Record<string, string | number | boolean | null | undefined>;

/**
 * Fields every line takes from where it is written: the trace and span ids of the active span
 * (`trace_id`, `span_id`), set by the server when it traces (server/observability/otel-sdk.ts).
 * Kept on `globalThis`, so every module graph Next loads writes them.
 */
type LineContext = () => Fields | undefined;
const slot = globalThis as typeof globalThis & { __frontpageLogContext?: LineContext };

export function setLogContext(context: LineContext | undefined) {
  slot.__frontpageLogContext = context;
}

function write(level: 'info' | 'warn' | 'error', event: string, fields: Fields = {}) {
  if (process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...slot.__frontpageLogContext?.(), ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
}

export const log = {
  info: (event: string, fields?: Fields) => write('info', event, fields),
  warn: (event: string, fields?: Fields) => write('warn', event, fields),
  error: (event: string, fields?: Fields) => write('error', event, fields),
};

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
