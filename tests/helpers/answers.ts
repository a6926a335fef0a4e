import type { Check } from '@/lib/api/check';

/**
 * A component test's stand-in for an `/api` answer, checked with the check the browser parses
 * that answer with (lib/api/answers.ts), which tests/integration/api-answers.pglite.test.ts
 * holds to the real handlers: a fixture cannot drift from what the server sends.
 */
export function answerFixture<T>(check: Check<T>, value: T): T {
  if (!check(value)) throw new Error(`this fixture is not an answer the handler sends: ${JSON.stringify(value)}`);
  return value;
}
