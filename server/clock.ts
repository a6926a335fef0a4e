/**
 * The one source of "now" on the server. Every rule and every SQL comparison takes its
 * time from here, passed into the query as a parameter (never the database's `now()`), and
 * every timestamp column is written from here (`stamp` in server/db/schema.ts). Tests pin
 * it, so nothing they check depends on the day they run.
 */
let source: () => Date = () => new Date();

export function now(): Date {
  return source();
}

/** Tests: fixes the time (a date, or a function for a clock that moves). */
export function pinClock(at: Date | (() => Date)): void {
  source = typeof at === 'function' ? at : () => new Date(at.getTime());
}

export function unpinClock(): void {
  source = () => new Date();
}
