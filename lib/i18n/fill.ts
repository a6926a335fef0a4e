/**
 * A message with its `{name}` placeholders filled from `values`; a missing value leaves nothing.
 * For the server's e-mails and SMS: client components format through next-intl instead. A
 * doubled apostrophe is one, as in ICU (`l''{policy}`: an apostrophe before a brace would quote
 * the placeholder there), so a message reads the same both ways (tests/unit/messages.test.ts).
 */
export function fill(text: string | undefined, values: Record<string, string | number | undefined>): string {
  return (text ?? '').replace(/''|\{(\w+)\}/g, (match, name: string | undefined) => (name === undefined ? "'" : String(values[name] ?? '')));
}
