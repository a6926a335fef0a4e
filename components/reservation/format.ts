/** A date as the guest reads it: "Friday 12 June 2026" in their language. */
export function formatDate(date: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** The visit reason the guest chose, in their words: the venue's label, "Other", or nothing. */
export function visitReasonLabel(setup: { t: Record<string, string>; visitReasons: { key: string; label: string }[] }, key: string | null | undefined): string {
  if (!key) return '';
  if (key === 'other') return setup.t['details.other'];
  return setup.visitReasons.find((r) => r.key === key)?.label ?? key;
}
