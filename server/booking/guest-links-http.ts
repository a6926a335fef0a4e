import 'server-only';
import { getDb } from '@/server/db/client';
import { findVenueByKey } from '@/server/venues/queries';
import { venueKeyForHost } from '@/lib/venue/host';
import { toLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { noStoreJson } from '@/server/http';
import { answerReminder, isReminderAction, readReminderLink } from './reminders';
import { claimOffer } from './waitlist';

/**
 * `POST /api/reservation/reminder` (the reminder page's form: hash, v, s, a, language): the
 * guest's answer, once, then 303 back to the page, which says what was done. A link that is
 * not the site's is a 400.
 */
export async function handleReminderAnswer(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const field = (name: string) => String(form?.get(name) ?? '').slice(0, 100);
  const hash = field('hash');
  const link = readReminderLink(hash, { v: field('v'), s: field('s') });
  const action = field('a');
  const venueKey = venueKeyForHost(request.headers.get('host'));
  const db = await getDb();
  const venue = await findVenueByKey(db, venueKey);
  if (!venue || !link || !isReminderAction(action)) return noStoreJson({ error: 'invalid' }, 400);
  const state = await answerReminder(db, venue, link, action, venueKey);
  if (state === 'invalid') return noStoreJson({ error: 'invalid' }, 400);
  const back = localizedPath(toLocale(field('language')), `/frontpage/reminder/${hash}?a=${action}&v=${link.version}&s=${link.signature}`);
  return new Response(null, { status: 303, headers: { Location: back, 'Cache-Control': 'private, no-store' } });
}

/**
 * `POST /api/reservation/offer` (the offer page's form: id, s, language): claims a
 * waiting-list offer, then 303 back to its page, which says how it went (seated, the SMS code
 * to give, expired or gone, kindly). A link that is not the site's is a 400.
 */
export async function handleOfferClaim(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const field = (name: string) => String(form?.get(name) ?? '').slice(0, 100);
  const id = /^\d{1,9}$/.test(field('id')) ? Number(field('id')) : 0;
  const signature = field('s');
  const venueKey = venueKeyForHost(request.headers.get('host'));
  const db = await getDb();
  const venue = await findVenueByKey(db, venueKey);
  if (!venue) return noStoreJson({ error: 'invalid' }, 400);
  const page = await claimOffer(db, venue, id, signature, venueKey);
  if (page.state === 'invalid') return noStoreJson({ error: 'invalid' }, 400);
  const back = localizedPath(toLocale(field('language')), `/frontpage/waitlist/${id}?s=${encodeURIComponent(signature)}`);
  return new Response(null, { status: 303, headers: { Location: back, 'Cache-Control': 'private, no-store' } });
}
