import 'server-only';
import { z } from 'zod';

/**
 * The abuse limits (docs/security.md, "Limits"): how many times one client address, e-mail,
 * phone number or booking may do a costly thing in a window. Each is counted per venue in
 * the database (server/limits/index.ts), so it holds across processes and instances.
 *
 * Defaults are set so that a real family never meets them, also behind a shared address (an
 * office, a hotel, a mobile carrier's NAT): a guest makes a handful of these calls per visit.
 * Weighed against a hotel's evening (issue 45, docs/security.md): some 40 guests booking dinner
 * from one address within two hours, 8 of them in the same 10 minutes.
 * Each can be changed in the environment, `LIMIT_<NAME>=<count>/<seconds>` (the name in
 * SCREAMING_SNAKE_CASE, e.g. `LIMIT_FIDELITY_LOOKUP_EMAIL=3/86400`), and per venue in the
 * venue file's `limits` (`{"fidelityLookupEmail": {"count": 3, "windowSeconds": 86400}}`).
 * The venue file wins over the environment, which wins over the default.
 */
export const LIMITS = {
  /** Hold calls (a pick of a time in the booking wizard) per address. */
  holdAddress: { count: 120, windowSeconds: 600, per: 'address' },
  /** Holds alive at once per address (the wizard keeps one; a new pick replaces it). Window unused. */
  liveHolds: { count: 4, windowSeconds: 0, per: 'address' },
  /** Covers held at once per address, over all its live holds. Window unused. */
  heldCovers: { count: 40, windowSeconds: 0, per: 'address' },
  /** Booking submits per address. */
  createAddress: { count: 40, windowSeconds: 3600, per: 'address' },
  /** Booking submits per guest e-mail. */
  createEmail: { count: 10, windowSeconds: 3600, per: 'email' },
  /** Booking submits per guest phone number. */
  createPhone: { count: 10, windowSeconds: 3600, per: 'phone' },
  /** Card guarantee set-ups (a Stripe SetupIntent each) per address; a check that needs no card is given back (server/booking/http.ts). */
  guaranteeAddress: { count: 20, windowSeconds: 3600, per: 'address' },
  /** Card confirmations on the local test payment page per address. */
  cardConfirmAddress: { count: 30, windowSeconds: 3600, per: 'address' },
  /** New SMS codes asked for per address (each booking also has its own resend limits). */
  smsResendAddress: { count: 10, windowSeconds: 3600, per: 'address' },
  /** Loyalty sign-ups per address. */
  fidelitySignupAddress: { count: 30, windowSeconds: 3600, per: 'address' },
  /** Loyalty sign-ups per e-mail. */
  fidelitySignupEmail: { count: 5, windowSeconds: 86400, per: 'email' },
  /** Loyalty look-ups (each may send an e-mail) per address. */
  fidelityLookupAddress: { count: 10, windowSeconds: 3600, per: 'address' },
  /** Loyalty look-ups per target e-mail: at most this many e-mails reach one inbox per window. */
  fidelityLookupEmail: { count: 3, windowSeconds: 86400, per: 'email' },
  /** Gift card checkouts (a payment session each) per address. */
  giftcardCheckout: { count: 20, windowSeconds: 3600, per: 'address' },
  /** Promo code requests per address. */
  promoRequest: { count: 30, windowSeconds: 3600, per: 'address' },
  /** Promo code requests per e-mail. */
  promoRequestEmail: { count: 5, windowSeconds: 86400, per: 'email' },
  /** Reports of the report-only script policy (/api/csp-report) logged per address. */
  cspReport: { count: 60, windowSeconds: 3600, per: 'address' },
  /** Experience booking submits per address. */
  experienceCreate: { count: 40, windowSeconds: 3600, per: 'address' },
  /** Staff sign-in attempts (the venue's credential typed on a device) per address: guessing stays hopeless. */
  staffSignIn: { count: 10, windowSeconds: 900, per: 'address' },
  /** Pairing code attempts (the 8 characters shown on a signed-in staff device, issue 44) per address. */
  staffPairAddress: { count: 10, windowSeconds: 900, per: 'address' },
  /** Pairing code attempts per venue, from every address together: 8 characters cannot be guessed from many addresses either. */
  staffPairVenue: { count: 30, windowSeconds: 900, per: 'venue' },
  /** Passkey sign-in steps (issue 44: a challenge asked, an answer checked) per address, before any is made or checked. */
  staffPasskey: { count: 30, windowSeconds: 900, per: 'address' },
  /** SMS code checks, right or wrong, per address, over all of a venue's bookings (each booking also ends after 5 wrong codes). */
  smsCodeAddress: { count: 30, windowSeconds: 3600, per: 'address' },
  /** Gift card balance look-ups per address, counted before the code is looked at (codes carry 80 random bits). */
  giftcardBalanceAddress: { count: 10, windowSeconds: 900, per: 'address' },
  /** MCP requests (an assistant's tool calls, docs/agents.md) per address; each booking also counts the booking limits above. */
  mcpAddress: { count: 300, windowSeconds: 3600, per: 'address' },
} as const satisfies Record<string, { count: number; windowSeconds: number; per: 'address' | 'email' | 'phone' | 'venue' }>;

export type LimitName = keyof typeof LIMITS;
export type Limit = { count: number; windowSeconds: number };
export const LIMIT_NAMES = Object.keys(LIMITS) as LimitName[];
export const isLimitName = (name: unknown): name is LimitName => typeof name === 'string' && Object.hasOwn(LIMITS, name);

const limitSchema = z.object({ count: z.number().int().positive().max(1_000_000).describe('Times allowed per window.'), windowSeconds: z.number().int().min(0).max(30 * 86400).describe('Length of the window in seconds (at most 30 days).') });

/** The venue file's `limits`: any of the limits above, each `{count, windowSeconds}`. */
export const limitOverridesSchema = z.object(Object.fromEntries(LIMIT_NAMES.map((name) => [name, limitSchema.optional().describe(`Over the default ${LIMITS[name].count} per ${LIMITS[name].windowSeconds} s, counted per ${LIMITS[name].per} (docs/security.md).`)])) as Record<LimitName, z.ZodOptional<typeof limitSchema>>).strict();
export type LimitOverrides = Partial<Record<LimitName, Limit>>;

/** `fidelityLookupEmail` → `LIMIT_FIDELITY_LOOKUP_EMAIL`. */
export const envName = (name: LimitName) => `LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Reads `<count>/<seconds>` (or `<count>` alone, keeping the default window); anything else is ignored. */
export function parseEnvLimit(value: string | undefined, fallback: Limit): Limit | undefined {
  const match = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(value ?? '');
  if (!match || Number(match[1]) < 1) return undefined;
  return { count: Number(match[1]), windowSeconds: match[2] !== undefined ? Number(match[2]) : fallback.windowSeconds };
}

/** The limit in force: the venue's, else the environment's, else the default. */
export function limitFor(name: LimitName, venue?: LimitOverrides | null, env: Record<string, string | undefined> = process.env): Limit {
  const { count, windowSeconds } = LIMITS[name];
  const fallback = { count, windowSeconds };
  return venue?.[name] ?? parseEnvLimit(env[envName(name)], fallback) ?? fallback;
}

/** Settings of the limits that are no limit themselves (`LIMIT_IPV6_PREFIX`, server/http/client-address.ts). */
const OTHER_LIMIT_SETTINGS = new Set(['LIMIT_IPV6_PREFIX']);

/** Env variables naming no limit, or not `<count>/<seconds>`: reported at start so a typo is not silently ignored. */
export function badLimitVariables(env: Record<string, string | undefined> = process.env): string[] {
  const known = new Map(LIMIT_NAMES.map((name) => [envName(name), name]));
  return Object.keys(env)
    .filter((key) => key.startsWith('LIMIT_') && !OTHER_LIMIT_SETTINGS.has(key))
    .filter((key) => !known.has(key) || !parseEnvLimit(env[key], LIMITS[known.get(key)!]));
}

/** The error code of a refusal by a limit (HTTP 429); the pages show `limits.tooManyRequests`. */
export const RATE_LIMITED = 'rateLimited';

/** A call refused by a limit: the answer is 429 with `Retry-After`. */
export class RateLimitedError extends Error {
  constructor(
    readonly limit: LimitName,
    readonly retryAfterSeconds: number,
  ) {
    super(`limit ${limit} reached`);
    this.name = 'RateLimitedError';
  }
}

