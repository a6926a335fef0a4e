import type { NextRequest } from 'next/server';
import { LANGUAGE_COOKIE } from '@/lib/i18n/locales';
import { guarded } from '@/server/http';
import { showTestPayment, submitTestPayment } from '@/server/giftcards/testpay';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ session: string }> };

export async function GET(request: NextRequest, { params }: Context) {
  return showTestPayment((await params).session, request.cookies.get(LANGUAGE_COOKIE)?.value ?? 'it');
}

export const POST = guarded({ type: 'form' }, async (request: NextRequest, { params }: Context) => submitTestPayment((await params).session, request));
