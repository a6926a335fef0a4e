import { handleGiftcardStart } from '@/server/giftcards/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

export const POST = guarded({ type: 'form' }, handleGiftcardStart);
