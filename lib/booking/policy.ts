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
