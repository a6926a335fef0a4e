import { describeGiftcards } from './giftcards.shared';

describeGiftcards('pglite');
