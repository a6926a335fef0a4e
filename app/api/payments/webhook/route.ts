import { handlePaymentWebhook } from '@/server/payments/http';
import { BODY_LIMITS, guarded } from '@/server/http';
import { frontRefusal } from '@/server/backend/front';

export const dynamic = 'force-dynamic';

export const POST = guarded({ type: 'json', limit: BODY_LIMITS.webhook, sameOrigin: false }, async (request: Request) => frontRefusal('webhook', '/api/payments/webhook') ?? handlePaymentWebhook(request));
