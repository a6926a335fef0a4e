import { handleUnsubscribe } from '@/server/fidelity/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** The unsubscribe page's form (the loyalty e-mails link to the page; only this POST acts). */
export const POST = guarded({ type: 'form' }, handleUnsubscribe);
