import 'server-only';
import type { GuaranteeTerms } from '@/server/db/schema';

/** The fee for the whole booking: per reservation, or per guest times the covers. */
export function totalFeeCents(terms: GuaranteeTerms, covers: number): number {
  return terms.per === 'guest' ? terms.feeCents * covers : terms.feeCents;
}
