/**
 * Runs a call. An error its domain's `refusal` recognises becomes that answer (a 4xx with a
 * message key, never a 500); any other is thrown on, for the caller to log and answer 500.
 * One rule for the contract's envelopes (server/backend/answers.ts) and the core's outcomes
 * (server/booking/core.ts).
 */
export async function refusing<T>(run: () => Promise<T>, refusal: (error: unknown) => T | undefined): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const answer = refusal(error);
    if (answer) return answer;
    throw error;
  }
}
