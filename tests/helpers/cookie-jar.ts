/**
 * `next/headers` for suites that call route handlers outside a request: the gift card checkout
 * keeps its form in the (real) iron-session; only the cookie jar is ours, one per test file.
 * Use: `jest.mock('next/headers', () => jest.requireActual<typeof import('../helpers/cookie-jar')>('../helpers/cookie-jar').nextHeadersWithJar());`
 */
export function nextHeadersWithJar() {
  const jar = new Map<string, string>();
  return {
    cookies: async () => ({
      get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
      set: (name: string | { name: string; value: string }, value?: string) => {
        const cookie = typeof name === 'string' ? { name, value: value ?? '' } : name;
        jar.set(cookie.name, cookie.value);
      },
      delete: (name: string) => jar.delete(name),
    }),
  };
}
