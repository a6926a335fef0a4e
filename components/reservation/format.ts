import { formatLongDate } from '@/lib/i18n/format';

/** A date as the guest reads it: "Friday 12 June 2026" in their language (lib/i18n/format.ts). */
export const formatDate = formatLongDate;

/** The visit reason the guest chose, in their words: the venue's label, "Other", or nothing. */
export function visitReasonLabel(visitReasons: { key: string; label: string }[], key: string | null | undefined, other: string): string {
  if (!key) return '';
  if (key === 'other') return other;
  return visitReasons.find((r) => r.key === key)?.label ?? key;
}
