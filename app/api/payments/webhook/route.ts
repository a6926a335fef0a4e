import { handlePaymentWebhook } from '@/server/payments/http';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return handlePaymentWebhook(request);
}
