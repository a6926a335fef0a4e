/** The texts of the staff area (messages `staffArea`), in the language staff chose. */
export type SheetText = Record<string, string> & {
  status: Record<string, string>;
  attendance: Record<string, string>;
  actions: Record<string, string>;
  fee: Record<string, string>;
  reminder: Record<string, string>;
  offers: Record<string, string>;
};

/** A venue text (a zone's, a shift's name) in the staff's language, else Italian. */
export const pick = (texts: Record<string, string> | null, locale: string) => (texts ? texts[locale] || texts.it || '' : '');
