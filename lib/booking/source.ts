/**
 * Where a booking came from (issue 46): the site (`web`), the widget on the venue's own website
 * (`embed`), the venue's staff (`staff`; issue 44: a walk-in `walkin`, a booking taken on the phone `phone`), an assistant through the MCP server (`mcp`), or a
 * channel through the channel API (`channel:{name}`). Stored on every table and experience
 * booking, shown on the staff sheet and counted in the metrics.
 */
export type BookingSource = 'web' | 'embed' | 'staff' | 'walkin' | 'phone' | 'mcp' | `channel:${string}`;

/** A channel's name: lower-case letters, digits and dashes, as `npm run channel:key` takes it. */
export const CHANNEL_NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;

const FIXED = new Set(['web', 'embed', 'staff', 'walkin', 'phone', 'mcp']);

export function isBookingSource(value: unknown): value is BookingSource {
  if (typeof value !== 'string') return false;
  return FIXED.has(value) || (value.startsWith('channel:') && CHANNEL_NAME.test(value.slice('channel:'.length)));
}

/** A source read from a call's field: a malformed or missing one is the site's (`web`). */
export const toBookingSource = (value: unknown): BookingSource => (isBookingSource(value) ? value : 'web');

/** What a browser may say of itself: in the widget's frame (`embed`) or not (`web`); never another door's tag. */
export const browserSource = (value: unknown): 'web' | 'embed' => (value === 'embed' ? 'embed' : 'web');
