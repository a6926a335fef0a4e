import type it from '@/messages/it.json';

/** The texts of the staff area (messages `staffArea`), in the language staff chose: typed from the default language's file. */
export type SheetText = (typeof it)['staffArea'];

/** A venue text (a zone's, a shift's name) in the staff's language, else Italian. */
export const pick = (texts: Record<string, string> | null, locale: string) => (texts ? texts[locale] || texts.it || '' : '');
