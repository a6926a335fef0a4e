import { handlePaymentWebhook } from '@/server/payments/http';
import { frontRefusal } from '@/server/front';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return frontRefusal('webhook', '/api/payments/webhook') ?? handlePaymentWebhook(request);
}
