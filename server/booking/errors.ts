import 'server-only';

/** A refusal of bad input (4xx): its code is a message key under `reserve.errors`. */
export class BookingError extends Error {
  constructor(
    readonly code: string,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'BookingError';
  }
}
