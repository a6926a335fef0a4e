import { describeGiftcards } from './giftcards.shared';

describeGiftcards('postgres');
