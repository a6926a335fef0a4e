import 'server-only';
/** A refusal of a gift card call, with its message key (`giftcards.errors.*`) and the field it concerns. */
export class GiftcardError extends Error {
  constructor(
    readonly code: string,
    readonly field?: string,
    readonly vars: Record<string, string> = {},
  ) {
    super(code);
  }
}
