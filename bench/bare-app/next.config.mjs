/**
 * A bare Next.js app, the baseline of `npm run bench`. The script builds a copy of it in
 * a temporary directory (with webpack, which follows the symlinked node_modules), so the
 * site's own proxy and instrumentation stay out of it.
 */
export default {
  typescript: { ignoreBuildErrors: true },
};
