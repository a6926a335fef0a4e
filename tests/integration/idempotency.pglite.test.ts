import { describeIdempotency } from './idempotency.shared';

// The gift card checkout keeps its form in the (real) iron-session; only the cookie jar is ours.
jest.mock('next/headers', () => jest.requireActual<typeof import('../helpers/cookie-jar')>('../helpers/cookie-jar').nextHeadersWithJar());

describeIdempotency('pglite');
