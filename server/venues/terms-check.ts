import 'server-only';
import type { VenueFile } from './schema';

type FileExperience = VenueFile['experiences'][number];

/** Words that promise a free cancellation, in the five languages the site speaks (lower case). */
const FREE = [
  /free\s+(of\s+charge\s+)?cancell?ation/,
  /cancell?(ation|ing)\s+(is\s+)?(free|without charge)/,
  /(cancellazione|annullamento|disdetta)[^.;]{0,25}gratuit/,
  /(cancellazione|annullamento|disdetta)\s+gratuit/,
  /annulation[^.;]{0,25}gratuite/,
  /cancelaci[oó]n[^.;]{0,25}gratuita/,
  /(stornierung|storno)[^.;]{0,40}(kostenlos|kostenfrei|gebührenfrei)/,
  /(kostenlos|kostenfrei|gebührenfrei)\w*\s+(stornier|storno)/,
];
/** Words that say the money is not given back. */
const KEPT = [/non[- ]?refundable/, /not\s+refundable/, /non\s+(è\s+)?rimborsabil/, /non\s+viene\s+rimborsat/, /non[- ]remboursable/, /pas\s+rembours/, /no\s+(es\s+)?reembolsable/, /no\s+se\s+reembolsa/, /nicht\s+(rück)?erstatt/, /keine\s+(rück)?erstattung/];
/** A number of hours or days before, in the five languages. */
const LIMIT = /(\d+)\s*(hours?|ore|heures?|horas?|stunden|days?|giorni|jours?|días?|tage[n]?)\b/g;
const DAY_WORDS = /^(days?|giorni|jours?|días?|tage[n]?)$/;

/** The experience's own words about booking, every language, lower case. */
const wordsOf = (e: FileExperience) => [e.description, e.bookingConditions].flatMap((t) => (t ? Object.values(t) : [])).filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase());

/**
 * Whether an experience's texts contradict its refund terms (issue 45): its description or
 * booking conditions promise a free cancellation while the money it takes (a deposit, a
 * prepayment, a card guarantee's fee) is not refundable (`cancellation` 0), or say it is not
 * refundable at all while `cancellation` gives it back until some hours before, or name a
 * limit (72 hours) other than `cancellation`'s. The guest would read one thing on the page and
 * the opposite in the e-mail and on the cancel page. Warnings: the import goes on.
 */
export function refundTermsWarnings(experiences: FileExperience[]): string[] {
  const warnings: string[] = [];
  experiences.forEach((e, i) => {
    const takesMoney = e.purchaseType === 1 || e.purchaseType === 2 || (e.guaranteeType > 0 && e.guaranteeAmount > 0);
    if (!takesMoney) return;
    const texts = wordsOf(e);
    const free = texts.filter((t) => FREE.some((re) => re.test(t)));
    const kept = texts.some((t) => KEPT.some((re) => re.test(t)));
    const at = `experiences[${i}] "${e.key}"`;
    if (free.length && e.cancellation === 0) {
      warnings.push(`${at}: its texts promise a free cancellation, but cancellation is 0: what the guest pays is not refundable (the e-mail and the cancel page say so). Set "cancellation" to the hours before the experience until which cancelling is free, or change the texts`);
    } else if (!free.length && kept && e.cancellation > 0) {
      warnings.push(`${at}: its texts say the payment is not refundable, but cancellation is ${e.cancellation}: it is refunded in full until ${e.cancellation} hours before. Set "cancellation" to 0, or change the texts`);
    } else if (free.length && e.cancellation > 0) {
      const named = free.flatMap((t) => [...t.matchAll(LIMIT)].map((m) => Number(m[1]) * (DAY_WORDS.test(m[2]) ? 24 : 1)));
      if (named.length && !named.includes(e.cancellation)) {
        warnings.push(`${at}: its texts promise a free cancellation until ${named[0]} hours before, but cancellation is ${e.cancellation}: make them agree`);
      }
    }
  });
  return warnings;
}
