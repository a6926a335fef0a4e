import type { ActionResult, BackendClient } from './client';
import type { FeeLinkPage, OfferLinkPage, ReminderLinkPage } from '@/lib/contract/links';
import { readAnswer } from './tables';

/** A reminder link's own parts, as its URL carries them: the booking's hash, the link's version and signature (the backend checks them). */
export type ReminderLink = { hash: string; v: string; s: string };
/** The guest's answer on the reminder's page. */
export const REMINDER_ANSWERS = ['coming', 'cancel'] as const;
export type ReminderAnswer = (typeof REMINDER_ANSWERS)[number];
export const isReminderAnswer = (value: unknown): value is ReminderAnswer => (REMINDER_ANSWERS as readonly unknown[]).includes(value);
/** A signed link to a numbered thing (a waiting-list offer, a no-show fee): its id and signature. */
export type SignedLink = { id: number; s: string };
/** A link's id as its URL or form writes it: digits only, anything else 0 (no such link). */
export const linkIdOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : 0);

/** The booking a guest's link names: only what its page shows, the party as `partySize`. */
export type LinkBooking = { hash: string; status: string; date: string; time: string; partySize: number };
/** The reminder's page: the question (while open: whether cancelling is free, else its fee), or how it ended. */
export type ReminderPage = Omit<ReminderLinkPage, 'booking'> & { booking: LinkBooking };
/** The waiting-list offer's page: the table and until when it is held, or how it ended. */
export type OfferPage = Omit<OfferLinkPage, 'booking'> & { booking: LinkBooking };
/** The no-show fee's page. */
export type FeePage = FeeLinkPage;

/**
 * The guest's signed link pages' door (issue 42, "One core, two doors"), as the table door
 * (lib/backend/tables.ts): typed input, typed answers, `partySize` for the party. A link that
 * is not the venue's (unsigned, unknown, malformed) is refused `invalid`. The built-in backend
 * calls its core (server/booking/links-core.ts, server/payments/fee-core.ts) directly; a legacy
 * backend is called through the wire format (`wireGuestLinks`).
 */
export interface GuestLinkDoor {
  reminder(link: ReminderLink): Promise<ActionResult<ReminderPage>>;
  /** The guest's answer, once; the page as it is afterwards. */
  answerReminder(link: ReminderLink, answer: ReminderAnswer): Promise<ActionResult<ReminderPage>>;
  offer(link: SignedLink): Promise<ActionResult<OfferPage>>;
  /** Claims the offer; the page as it is afterwards (`slotStarted`, 409, once the table's time has come). */
  claimOffer(link: SignedLink): Promise<ActionResult<OfferPage>>;
  fee(link: SignedLink): Promise<ActionResult<FeePage>>;
  /** The local test provider's bank check on the fee page, approved or refused; the page as it is afterwards. */
  authenticateFee(link: SignedLink, approve: boolean): Promise<ActionResult<FeePage>>;
}

/** A link's booking as the wire names it (`covers`), read as the door names it. */
type WireBooking = { hash: string; status: string; date: string; time: string; covers: number };
const linkBookingOf = ({ covers, ...b }: WireBooking): LinkBooking => ({ ...b, partySize: covers });
const withBooking = <P extends { booking: WireBooking }>({ booking, ...page }: P) => ({ ...page, booking: linkBookingOf(booking) });

/** The link door over the contract's wire format (docs/backend-contract.md, "Link pages"): a legacy backend's. */
export function wireGuestLinks(client: BackendClient): GuestLinkDoor {
  return {
    reminder: async (l) => readAnswer(await client.links('reservation/reminder', { hash: l.hash, v: l.v, s: l.s }), withBooking),
    answerReminder: async (l, a) => readAnswer(await client.links('reservation/confirmreminder', { hash: l.hash, v: l.v, s: l.s, a }), withBooking),
    offer: async (l) => readAnswer(await client.links('waitlist/offer', { id: String(l.id), s: l.s }), withBooking),
    claimOffer: async (l) => readAnswer(await client.links('waitlist/claim', { id: String(l.id), s: l.s }), withBooking),
    fee: (l) => client.links('payment/feelink', { id: String(l.id), s: l.s }),
    authenticateFee: (l, approve) => client.links('payment/feeauthenticate', { id: String(l.id), s: l.s, approve: approve ? '1' : '0' }),
  };
}
