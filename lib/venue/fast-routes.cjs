/**
 * The fast path of page routing (issue 27, docs/performance.md): a page request that needs
 * nothing of proxy.ts is rewritten by next.config.mjs's own rewrites, which Next matches
 * with precompiled patterns, without running the proxy (about 45 % more pages a second).
 *
 * A request takes it when its Host is a plain, lower-case venue host name with a dot (not the
 * machine's own name or an IP address, which LOCALHOST_VENUE_HOST maps at run time) and it
 * has no language cookie, no partner cookie, no `src` query, no broken %-escape and is not
 * framed (Sec-Fetch-Dest: iframe gets the venue's own frame-ancestors). Everything else runs
 * proxy.ts, whose matcher names these same conditions (a test checks both agree).
 * CommonJS, so that next.config.mjs, the proxy's test and Jest read the same file.
 */

/** A venue host name as the fast path takes it: lower-case, dotted, not an IPv4 address; any port. */
const FAST_HOST = '(?![0-9.]+(?::\\d+)?$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\\d{1,5})?';

/** The same, with the host name (the venue key, port dropped) captured as `venue`. */
const FAST_HOST_CAPTURE = '(?<venue>(?![0-9.]+(?::\\d+)?$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)(?::\\d{1,5})?';

/** First path segments that are never a page: Next's files, the APIs, the MCP server (docs/agents.md), public files, the internal pages and the Italian prefix. */
const NOT_A_PAGE = ['_next', 'api', 'backend', 'mcp', 'venues', 'v', 'it', 'en', 'fr', 'es', 'de'];

/** next.config.mjs `rewrites().beforeFiles`: the venue's pages for a fast-path request. */
function venueRewrites() {
  const has = [{ type: 'header', key: 'host', value: FAST_HOST_CAPTURE }];
  // The first segment of an Italian page: no dot (files), no %, not one of the names above.
  const first = `:first((?!(?:${NOT_A_PAGE.join('|')})(?:/|$))[^/.%]+)`;
  return [
    { source: '/', destination: '/v/:venue/it', has },
    { source: `/${first}`, destination: '/v/:venue/it/:first', has },
    { source: `/${first}/:rest([^%]+)`, destination: '/v/:venue/it/:first/:rest', has },
    { source: '/:locale(en|fr|es|de)', destination: '/v/:venue/:locale', has },
    { source: '/:locale(en|fr|es|de)/:rest([^%]+)', destination: '/v/:venue/:locale/:rest', has },
  ];
}

module.exports = { FAST_HOST, FAST_HOST_CAPTURE, venueRewrites };
