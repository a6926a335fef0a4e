import { describeIdempotency } from './idempotency.shared';

// The gift card checkout keeps its form in the (real) iron-session; only the cookie jar is ours.
const jar = new Map<string, string>();
jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string | { name: string; value: string }, value?: string) => {
      const cookie = typeof name === 'string' ? { name, value: value ?? '' } : name;
      jar.set(cookie.name, cookie.value);
    },
    delete: (name: string) => jar.delete(name),
  }),
}));

describeIdempotency('postgres');
