import 'server-only';
import type { CallContext, Envelope } from '@/server/backend/call';
import type { Outcome } from '@/lib/backend/outcome';
import type { AnswerLinkView, StaffAnswerLink } from '@/lib/backend/staff';
import { staffAnswerByLink, staffAnswerLink } from './link-core';

/**
 * The venue e-mail's one-click Confirm / Decline links through the contract (issue 41, point 14;
 * docs/backend-contract.md, "Link pages"). Not `staff/*`: the authority of these calls is the
 * link's signature (checked here, by the backend), so a front calls them with the backend
 * token, as it calls the guest's; the venue's credential is for the staff pages. The wire read,
 * then the core (server/staff/link-core.ts); the party as the wire names it, `covers`.
 */

const linkOf = (params: URLSearchParams): StaffAnswerLink => ({ hash: params.get('hash') ?? '', a: params.get('a') ?? '', v: params.get('v') ?? '', s: params.get('s') ?? '' });

function envelopeOf(outcome: Outcome<AnswerLinkView>): Envelope {
  if (!outcome.status) return outcome;
  const { state, timezone, booking: b } = outcome.data;
  return { status: true, data: { state, timezone, booking: { hash: b.hash, status: b.status, name: b.name, date: b.date, time: b.time, covers: b.partySize, notes: b.notes, answeredAt: b.answeredAt } } };
}

/** `answerlink/get` `{hash, a, v, s}`: the request and whether the link is still open, answered or expired. */
export async function getAnswerLink({ db, venue, params }: CallContext): Promise<Envelope> {
  return envelopeOf(await staffAnswerLink(db, venue, linkOf(params)));
}

/** `answerlink/answer` `{hash, a, v, s, note?}`: the answer, once; answers the page as it is afterwards. */
export async function answerWithLink({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  return envelopeOf(await staffAnswerByLink(db, venue, linkOf(params), params.get('note') ?? '', linkHost));
}
