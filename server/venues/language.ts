import 'server-only';
import { toLocale, type Locale } from '@/lib/i18n/locales';

/**
 * The language the venue reads (the venue file's `language`, Italian by default; issue 44):
 * every e-mail to the venue (a booking's news, an experience's, a gift card sold, a payment to
 * settle by hand) is written in it, never in the guest's language.
 */
export const venueLanguage = (venue: { language?: string | null }): Locale => toLocale(venue.language ?? 'it');
