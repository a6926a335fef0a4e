/** The cancellation policy of a card guarantee (the browser and the e-mails word it alike). */
export type PolicyTerms = { refundable: 'never' | 'always' | 'until'; hoursBefore: number };

/**
 * The spec's wording of a policy, as a message key under `reserve.guarantee` and its values:
 * not refundable, always refundable, or until 1 hour / {hours} hours / 1 day / {days} days before.
 */
/** The keys under `reserve.guarantee` a policy is worded with. */
export type PolicyKey = 'policyNever' | 'policyAlways' | 'policyUntilHour' | 'policyUntilHours' | 'policyUntilDay' | 'policyUntilDays';

export function policyMessage(terms: PolicyTerms): { key: PolicyKey; values: Record<string, number> } {
  if (terms.refundable === 'never') return { key: 'policyNever', values: {} };
  if (terms.refundable === 'always') return { key: 'policyAlways', values: {} };
  const h = terms.hoursBefore;
  if (h % 24 === 0) return h === 24 ? { key: 'policyUntilDay', values: {} } : { key: 'policyUntilDays', values: { days: h / 24 } };
  return h === 1 ? { key: 'policyUntilHour', values: {} } : { key: 'policyUntilHours', values: { hours: h } };
}

/** The instant a wall-clock date and time happen in a time zone (two passes over its offset). */
export function zonedInstant(timeZone: string, date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offset = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(at))
        .map((p) => [p.type, p.value]),
    );
    return Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`) - at;
  };
  let at = wall - offset(wall);
  at = wall - offset(at);
  return new Date(at);
}

/** When free cancellation of a booking at `date` `time` (the venue's wall clock) ends; null when the policy has no deadline. */
export function freeCancellationEnd(terms: PolicyTerms, timeZone: string, date: string, time: string): Date | null {
  if (terms.refundable !== 'until') return null;
  return new Date(zonedInstant(timeZone, date, time).getTime() - terms.hoursBefore * 3_600_000);
}
