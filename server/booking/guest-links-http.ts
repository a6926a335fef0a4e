import 'server-only';
import { venueKeyForHost } from '@/lib/venue/host';
import { toLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { backendFor } from '@/server/backend';
import { linkFormAnswer } from '@/server/http/link-form';
import { isReminderAnswer, linkIdOf } from '@/lib/backend/links';

/** A form's fields, each cut to `max` characters. */
async function formOf(request: Request, max = 100) {
  const form = await request.formData().catch(() => null);
  return (name: string) => String(form?.get(name) ?? '').slice(0, max);
}

/**
 * `POST /api/reservation/reminder` (the reminder page's form: hash, v, s, a, language): the
 * guest's answer, once, through the link door (`guestLinks.answerReminder`; on a front the
 * contract's `reservation/confirmreminder`), then 303 back to the page, which says what was done. A link that is not the site's
 * is a 400 page; a backend that cannot answer a 503 page.
 */
export async function handleReminderAnswer(request: Request): Promise<Response> {
  const field = await formOf(request);
  const [hash, v, s, a] = [field('hash'), field('v'), field('s'), field('a')];
  const locale = toLocale(field('language'));
  // An answer that is not one of the two is a link that is not the site's.
  const result = isReminderAnswer(a) ? await backendFor(venueKeyForHost(request.headers.get('host'))).guestLinks.answerReminder({ hash, v, s }, a) : ({ status: false, error: 'invalid', fieldErrors: {} } as const);
  const query = new URLSearchParams({ a, v, s });
  const back = localizedPath(locale, `/frontpage/reminder/${encodeURIComponent(hash)}?${query}`);
  return linkFormAnswer(result, locale, back, { title: 'reminders.page.title', invalid: 'reminders.page.invalid' });
}

/**
 * `POST /api/reservation/offer` (the offer page's form: id, s, language): claims a
 * waiting-list offer through the link door (`guestLinks.claimOffer`; on a front `waitlist/claim`), then 303 back to its page, which
 * says how it went (seated, the SMS code to give, expired or gone, kindly). Once the table's
 * time has come the claim is refused: a 409 page (`slotStarted`). A link that is not the
 * site's is a 400 page; a backend that cannot answer a 503 page.
 */
export async function handleOfferClaim(request: Request): Promise<Response> {
  const field = await formOf(request);
  const [id, s] = [field('id'), field('s')];
  const locale = toLocale(field('language'));
  const result = await backendFor(venueKeyForHost(request.headers.get('host'))).guestLinks.claimOffer({ id: linkIdOf(id), s });
  const back = localizedPath(locale, `/frontpage/waitlist/${encodeURIComponent(id)}?s=${encodeURIComponent(s)}`);
  return linkFormAnswer(result, locale, back, {
    title: 'waitlist.page.title',
    invalid: 'waitlist.page.invalid',
    refusals: { slotStarted: { status: 409, text: 'waitlist.page.started' } },
  });
}
