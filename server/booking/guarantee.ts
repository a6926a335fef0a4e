import 'server-only';
import type { GuaranteeTerms } from '@/server/db/schema';
import { isoWeekday } from './availability';
import type { BookingRules } from './rules';
import { instantOf } from './time';
import { totalFeeCents } from '@/server/payments/fee-amount';

/** The choice a guarantee rule looks at. */
export type GuaranteeChoice = { date: string; shiftKey: string; zoneKey: string; pax: number };

/** The terms the guest must accept for this choice, or `null` when no card is asked for. */
export function guaranteeTerms(rules: BookingRules, choice: GuaranteeChoice, currency: string): GuaranteeTerms | null {
  const g = rules.guarantee;
  if (!g) return null;
  const weekday = isoWeekday(choice.date);
  const applies = g.when.some(
    (rule) =>
      (!rule.zones || rule.zones.includes(choice.zoneKey)) &&
      (!rule.shifts || rule.shifts.includes(choice.shiftKey)) &&
      (!rule.weekdays || rule.weekdays.includes(weekday)) &&
      (!rule.minCovers || choice.pax >= rule.minCovers),
  );
  if (!applies) return null;
  return {
    refundable: g.cancellation.refundable,
    hoursBefore: g.cancellation.hoursBefore,
    feeCents: Math.round(g.fee.amount * 100),
    per: g.fee.per,
    currency,
  };
}

// The fee's amount is the no-show fee's rule (server/payments, below booking); booking's modules read it here.
export { totalFeeCents };

/**
 * What cancelling now costs: nothing without a guarantee, with an always-refundable policy,
 * or before the policy's limit; otherwise the no-show fee.
 */
export function cancellationFee(
  terms: GuaranteeTerms | null,
  booking: { timeZone: string; date: string; time: string; covers: number },
  now: Date,
): { free: boolean; feeCents: number; deadline: Date | null } {
  if (!terms || terms.refundable === 'always') return { free: true, feeCents: 0, deadline: null };
  const start = instantOf(booking.timeZone, booking.date, booking.time);
  const deadline = terms.refundable === 'never' ? null : new Date(start.getTime() - terms.hoursBefore * 3_600_000);
  const free = deadline !== null && now.getTime() < deadline.getTime();
  return { free, feeCents: free ? 0 : totalFeeCents(terms, booking.covers), deadline };
}
