// The security headers of every answer (docs/security.md, "Headers"), set by next.config.mjs.
// Static, so that pages stay cacheable: no per-request nonce (a nonce would make every page
// render per request). Read when `next build` runs: CSP_SCRIPT_SOURCES and CSP_ENFORCE_SCRIPTS
// take effect with the next build. CommonJS, so that next.config.mjs, the bundles and Jest on any Node read it alike.

/** Where Stripe.js and reCAPTCHA load scripts, frames and calls from (their documented CSP lists). */
const STRIPE = { script: ['https://js.stripe.com', 'https://*.js.stripe.com'], frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
};

/** Extra script origins (space or comma separated) a venue's `customHeader` loads from, e.g. an analytics host. */
function extraSources(env) {
  return (env.CSP_SCRIPT_SOURCES ?? '')
    .split(/[\s,]+/)
    // Origins only: a hash or nonce source would make browsers ignore 'unsafe-inline', breaking Next's inline scripts.
    .filter((s) => /^https:\/\/[a-z0-9.*-]+(:\d+)?(\/[^\s;,']*)?$/i.test(s));
}

/**
 * Enforced everywhere: what no page needs and an attacker would use. No plugins, no `<base>`
 * pointing elsewhere, not framed by another site (clickjacking).
 */
const ENFORCED_CSP = ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"].join('; ');

/**
 * The script policy: scripts only from this site, Stripe, reCAPTCHA and CSP_SCRIPT_SOURCES.
 * Inline scripts stay allowed (Next's own bootstrap and the venue's inline `customHeader`
 * scripts, without a nonce). Report-only unless CSP_ENFORCE_SCRIPTS=true, so a venue's header
 * script from another host is reported (browser console and /api/csp-report), not broken.
 */
function scriptPolicy(env = process.env) {
  const extra = extraSources(env);
  return [
    `script-src 'self' 'unsafe-inline' ${[...STRIPE.script, ...RECAPTCHA.script, ...extra].join(' ')}`,
    `frame-src 'self' ${[...STRIPE.frame, ...RECAPTCHA.frame].join(' ')}`,
    `connect-src 'self' ${[...STRIPE.connect, ...RECAPTCHA.connect].join(' ')}`,
    "form-action 'self'",
    ...(env.CSP_ENFORCE_SCRIPTS === 'true' ? [] : ['report-uri /api/csp-report']),
  ].join('; ');
}

/** Browser features the site never uses are off; `payment` is left to this site and Stripe's frames (wallets). */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")';

const HSTS = 'max-age=31536000';

/** The `headers()` of next.config.mjs. */
function securityHeaders(env = process.env) {
  const enforce = env.CSP_ENFORCE_SCRIPTS === 'true';
  const common = [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    { key: 'Content-Security-Policy', value: enforce ? `${ENFORCED_CSP}; ${scriptPolicy(env)}` : ENFORCED_CSP },
    ...(enforce ? [] : [{ key: 'Content-Security-Policy-Report-Only', value: scriptPolicy(env) }]),
  ];
  return [
    { source: '/:path*', headers: common },
    // Over https only (Next sets X-Forwarded-Proto from the socket, a TLS proxy in front sets it too).
    { source: '/:path*', has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: [{ key: 'Strict-Transport-Security', value: HSTS }] },
  ];
}

module.exports = { ENFORCED_CSP, scriptPolicy, PERMISSIONS_POLICY, HSTS, securityHeaders };
