import { handleReminderAnswer } from '@/server/booking/guest-links-http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** The reminder page's form: "I'm coming" or "Cancel", once. */
export const POST = guarded({ type: 'form' }, handleReminderAnswer);
