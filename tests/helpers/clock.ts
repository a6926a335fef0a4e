/**
 * The integration suites' time: Tuesday 1 December 2026, 10:00 in Florence. The demo
 * venue's calendar (closed on Mondays, Christmas and New Year's Day, a dinner opening on
 * Monday 28 December, the wine evening of 11 January) is read against it.
 */
export const TEST_NOW = new Date('2026-12-01T09:00:00Z');

/**
 * Pins the server's clock (server/clock.ts) for this test file, so every rule and every
 * SQL comparison, also those behind the HTTP routes and the contract calls, reads the
 * pinned time and not the day the suite runs.
 */
export async function pinTestClock(at: Date = TEST_NOW) {
  const clock = await import('@/server/clock');
  clock.pinClock(at);
  return clock;
}
