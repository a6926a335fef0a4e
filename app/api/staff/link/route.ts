import { handleAnswerLink } from '@/server/staff/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** The one-click answer page's form (the venue's e-mail links lead to the page; only this POST acts). */
export const POST = guarded({ type: 'form' }, handleAnswerLink);
