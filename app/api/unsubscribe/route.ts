import { handleOneClickUnsubscribe, unsubscribePage } from '@/server/fidelity/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/unsubscribe?t=` with `List-Unsubscribe=One-Click` (RFC 8058): the mail client's
 * own unsubscribe button, named by the List-Unsubscribe header of the marketing and loyalty
 * e-mails; it comes from the mail provider, not from our pages, hence no same-origin check.
 */
export const POST = guarded({ type: 'form', sameOrigin: false }, handleOneClickUnsubscribe);

/** A person who opens the address: the page that asks (a GET changes nothing). */
export const GET = unsubscribePage;
