import fs from 'node:fs';

/**
 * The one source of "now" on the server. Every rule and every SQL comparison takes its
 * time from here, passed into the query as a parameter (never the database's `now()`), and
 * every timestamp column is written from here (`stamp` in server/db/tables/columns.ts). Tests
 * pin it, so nothing they check depends on the day they run.
 */
let source: () => Date = () => new Date(Date.now() + offsetMs());

export function now(): Date {
  return source();
}

/** Tests: fixes the time (a date, or a function for a clock that moves). */
export function pinClock(at: Date | (() => Date)): void {
  source = typeof at === 'function' ? at : () => new Date(at.getTime());
}

export function unpinClock(): void {
  source = () => new Date(Date.now() + offsetMs());
}

/**
 * End-to-end tests move a running server's clock forward instead of waiting (a minute between
 * two SMS codes): scripts/e2e-server.ts starts the site with `CLOCK_OFFSET_FILE`, and the
 * milliseconds written in that file are added to every "now" (read again at most every 100 ms).
 * Only the process's environment at start turns it on; no request can. Unset, it costs nothing.
 */
const OFFSET_FILE = process.env.CLOCK_OFFSET_FILE;
let offset = { ms: 0, readAt: -Infinity };

function offsetMs(): number {
  if (!OFFSET_FILE) return 0;
  const at = performance.now();
  if (at - offset.readAt < 100) return offset.ms;
  let ms = 0;
  try {
    ms = Number(fs.readFileSync(OFFSET_FILE, 'utf8').trim()) || 0;
  } catch {
    // No file: no offset.
  }
  offset = { ms, readAt: at };
  return ms;
}
