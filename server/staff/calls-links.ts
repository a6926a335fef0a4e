import 'server-only';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import type { CallContext, Envelope } from '@/server/backend/call';
import { invalid } from '@/server/backend/answers';
import { answerByLink, answerLinkState, type LinkState } from './links';
import { readAnswerLink } from '@/server/booking/answer-link';

/**
 * The venue e-mail's one-click Confirm / Decline links through the contract (issue 41, point 14;
 * docs/backend-contract.md, "Link pages"). Not `staff/*`: the authority of these calls is the
 * link's signature (checked here, by the backend), so a front calls them with the backend
 * token, as it calls the guest's; the venue's credential is for the staff pages.
 */

const linkOf = (params: URLSearchParams) => {
  const hash = params.get('hash') ?? '';
  return isWellFormedBookingHash(hash) ? readAnswerLink(hash, { a: params.get('a') ?? '', v: params.get('v') ?? '', s: params.get('s') ?? '' }) : null;
};

function pageAnswer(state: LinkState, timezone: string): Envelope {
  if (state.state === 'invalid') return invalid({}, 'invalid');
  const b = state.booking;
  return {
    status: true,
    data: { state: state.state, timezone, booking: { hash: b.hash, status: b.status, name: b.name, date: b.date, time: b.time, covers: b.covers, notes: b.notes, answeredAt: b.answeredAt } },
  };
}

/** `answerlink/get` `{hash, a, v, s}`: the request and whether the link is still open, answered or expired. */
export async function getAnswerLink({ db, venue, params }: CallContext): Promise<Envelope> {
  return pageAnswer(await answerLinkState(db, venue, linkOf(params)), venue.timezone);
}

/** `answerlink/answer` `{hash, a, v, s, note?}`: the answer, once; answers the page as it is afterwards. */
export async function answerWithLink({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const link = linkOf(params);
  const outcome = await answerByLink(db, venue, link, linkHost, (params.get('note') ?? '').slice(0, 500));
  if (outcome.result === 'invalid') return invalid({}, 'invalid');
  return pageAnswer(await answerLinkState(db, venue, link), venue.timezone);
}
