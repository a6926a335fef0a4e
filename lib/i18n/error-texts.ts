import { toLocale, type Locale } from './locales';

/**
 * The `errors` texts of messages/*.json for the error boundaries (`error.tsx`,
 * `global-error.tsx`), which run in the browser without next-intl's server context and
 * must not pull the whole message files into the client bundle. A unit test
 * (tests/unit/messages.test.ts) keeps these equal to the message files.
 */
export const errorTexts: Record<Locale, { title: string; text: string; retry: string; home: string }> = {
  it: { title: 'Qualcosa è andato storto', text: 'Non è stato possibile caricare la pagina. Riprova tra qualche istante.', retry: 'Riprova', home: 'Torna alla home' },
  en: { title: 'Something went wrong', text: 'The page could not be loaded. Please try again in a moment.', retry: 'Try again', home: 'Back to home' },
  fr: { title: 'Une erreur est survenue', text: "La page n'a pas pu être chargée. Veuillez réessayer dans un instant.", retry: 'Réessayer', home: "Retour à l'accueil" },
  es: { title: 'Algo ha salido mal', text: 'No se ha podido cargar la página. Inténtalo de nuevo en unos instantes.', retry: 'Reintentar', home: 'Volver al inicio' },
  de: { title: 'Etwas ist schiefgelaufen', text: 'Die Seite konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal.', retry: 'Erneut versuchen', home: 'Zur Startseite' },
};

/** The language of a public path (`/en/reserve`; no prefix is Italian), or of the internal `/v/{venue}/{locale}/...`. */
export function localeOfPath(pathname: string): Locale {
  const parts = pathname.split('/').filter(Boolean);
  return toLocale(parts[0] === 'v' ? parts[2] : parts[0]);
}
