import { handlePaymentWebhook } from '@/server/payments/http';
import { BODY_LIMITS, guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

export const POST = guarded({ type: 'json', limit: BODY_LIMITS.webhook, sameOrigin: false }, handlePaymentWebhook);
