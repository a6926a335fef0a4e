/** A message with its `{name}` placeholders filled from `values`; a missing value leaves nothing. */
export function fill(text: string | undefined, values: Record<string, string | number | undefined>): string {
  return (text ?? '').replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
