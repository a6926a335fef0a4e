import type { ActionResult, BackendClient } from './client';
import type { AnswerLinkPage } from '@/lib/contract/links';
import { readAnswer } from './tables';

/** A staff answer link's own parts, as its URL carries them: the booking's hash, the answer (`a`), the booking's version (`v`) and the signature (`s`); the backend checks them. */
export type StaffAnswerLink = { hash: string; a: string; v: string; s: string };
/** The booking an answer link names, as its page shows it: the party as `partySize`. */
export type AnswerLinkBooking = Omit<AnswerLinkPage['booking'], 'covers'> & { partySize: number };
/** The one-click answer page: open (the button), answered (what and when), expired; with the venue's time zone. */
export type AnswerLinkView = Omit<AnswerLinkPage, 'booking'> & { booking: AnswerLinkBooking };

/**
 * The staff's door (issue 42, "One core, two doors"), as the table door (lib/backend/tables.ts):
 * typed input, typed answers, `partySize` for the party. A link that is not the venue's
 * (unsigned, unknown, malformed) is refused `invalid`. The built-in backend calls its core
 * (server/staff/link-core.ts) directly; a legacy backend is called through the wire format
 * (`wireStaff`).
 */
export interface StaffDoor {
  /** The venue e-mail's one-click answer link: the request and whether it is still open. */
  answerLink(link: StaffAnswerLink): Promise<ActionResult<AnswerLinkView>>;
  /** The link's answer, once (the note at most 500 characters); the page as it is afterwards. */
  answerByLink(link: StaffAnswerLink, note: string): Promise<ActionResult<AnswerLinkView>>;
}

/** The link page's booking as the wire names it (`covers`), read as the door names it. */
export const answerLinkViewOf = ({ booking: { covers, ...b }, ...page }: AnswerLinkPage): AnswerLinkView => ({ ...page, booking: { ...b, partySize: covers } });

/** The staff door over the contract's wire format (docs/backend-contract.md, "Link pages", "The venue's answers"): a legacy backend's. */
export function wireStaff(client: BackendClient): StaffDoor {
  return {
    answerLink: async (l) => readAnswer(await client.links('answerlink/get', { hash: l.hash, a: l.a, v: l.v, s: l.s }), answerLinkViewOf),
    answerByLink: async (l, note) => readAnswer(await client.links('answerlink/answer', { hash: l.hash, a: l.a, v: l.v, s: l.s, note: note.slice(0, 500) }), answerLinkViewOf),
  };
}
