/**
 * A bare Next.js app, the baseline of `npm run bench`. The script builds a copy of it in
 * a temporary directory (with webpack, which follows the symlinked node_modules), so the
 * site's own proxy and instrumentation stay out of it.
 */
const config = {
  typescript: { ignoreBuildErrors: true },
};

export default config;
