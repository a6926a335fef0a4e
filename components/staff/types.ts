/** A venue text (a zone's, a shift's name) in the staff's language, else Italian. */
export const pick = (texts: Record<string, string> | null, locale: string) => (texts ? texts[locale] || texts.it || '' : '');
