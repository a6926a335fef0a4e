import fs from 'node:fs';
import path from 'node:path';

/**
 * Recorded answers of the contract over HTTP (issue 42: the contract answers byte for byte as
 * before, whatever is refactored behind it). A scenario makes calls through the route handler and
 * keeps each exchange: the request's fields, the HTTP status, the content type and the JSON body
 * exactly as sent (its key order included). `compare` checks them against
 * tests/integration/__recorded__/{name}.json; with RECORD=1 it writes that file instead.
 *
 * What is random from run to run is replaced by placeholders (`<hash:1>`, `<token:2>` ...),
 * consistently within one scenario: the same value gets the same placeholder wherever it shows,
 * also inside a longer string (a URL carrying a fingerprint). The normaliser is strict: it
 * replaces a value only under a key it knows AND in the shape that key's values have (a `hash`
 * of 22 base64url characters, a `reference` like `lseti_...`); everything else is compared as
 * sent. Dates and instants are not masked: the suite pins the clock to a fixed moment.
 */

export type Exchange = {
  call: string;
  label: string;
  request: Record<string, string>;
  status: number;
  contentType: string | null;
  body: unknown;
};

const BASE64URL_22 = /^[A-Za-z0-9_-]{22}$/;
/** A booking's key: the readable one of new bookings (issue 45), or the base64url of earlier ones. */
const BOOKING_HASH = /^(?:[2-9A-HJKMNP-Z]{26}|[A-Za-z0-9_-]{22})$/;
const RANDOM_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
/** A provider's reference: the local test provider's `lseti_`, `lpi_`, `lnpi_`, `lcs_`, Stripe's `seti_`, `pi_`, `cs_` ... */
const PROVIDER_REFERENCE = /^[a-z]{1,6}_[A-Za-z0-9_]{8,}$/;

/** The keys whose values are random, each with the shape its values must have to be masked. */
const KEY_RULES: Record<string, { kind: string; shape: RegExp }[]> = {
  hash: [{ kind: 'hash', shape: BOOKING_HASH }],
  experienceHash: [{ kind: 'hash', shape: BOOKING_HASH }],
  fingerprint: [{ kind: 'fingerprint', shape: BASE64URL_22 }],
  // A promo code's id is 128 random bits; numeric row ids are left as they are (a fresh database numbers them alike).
  id: [{ kind: 'id', shape: BASE64URL_22 }],
  code: [
    { kind: 'code', shape: /^[A-Z0-9]{4}-[A-Z0-9]{4}$/ }, // promo code
    { kind: 'code', shape: /^[A-Z0-9]{16}$/ }, // gift card code
    { kind: 'smscode', shape: /^\d{6}$/ }, // the SMS code a guest types (request fields)
  ],
  orderNumber: [{ kind: 'order', shape: /^[A-Z0-9]{10}$/ }],
  holdToken: [{ kind: 'token', shape: RANDOM_TOKEN }],
  token: [{ kind: 'token', shape: RANDOM_TOKEN }],
  reference: [{ kind: 'reference', shape: PROVIDER_REFERENCE }],
  guaranteeReference: [{ kind: 'reference', shape: PROVIDER_REFERENCE }],
  paymentMethod: [{ kind: 'reference', shape: PROVIDER_REFERENCE }],
  depositReference: [{ kind: 'reference', shape: PROVIDER_REFERENCE }],
  clientSecret: [{ kind: 'secret', shape: /^[a-z]{1,6}_([A-Za-z0-9]+_)?secret_[A-Za-z0-9_-]{8,}$/ }],
  // A signed link's signature (request fields only).
  s: [{ kind: 'signature', shape: /^[A-Za-z0-9_-]{16,128}$/ }],
};

/** Random parts inside the values of a key: a payment page's URL names its checkout session. */
const INNER_RULES: Record<string, { kind: string; shape: RegExp }[]> = {
  url: [{ kind: 'reference', shape: /\b(lcs|cs_test|cs_live)_[A-Za-z0-9]{16,}\b/g }],
  // The local bot check's token carries its verdict, then a random nonce (lib/botcheck/local.ts).
  recaptchaV3Token: [{ kind: 'nonce', shape: /(?<=^local\.v[23]\.[a-z]+\.)[0-9a-f]{8,}$/g }],
  recaptchaV2Token: [{ kind: 'nonce', shape: /(?<=^local\.v[23]\.[a-z]+\.)[0-9a-f]{8,}$/g }],
};

/** Masked values shorter than this are not searched inside other strings (too likely to match by chance). */
const MIN_EMBEDDED = 12;

/** A calendar date inside a string (a day, or the day of an instant). */
const CALENDAR_DATE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;

export class Normaliser {
  private readonly seen = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  /**
   * `today`: the pinned clock's day (yyyy-mm-dd). With it, every calendar date is written as its
   * distance from that day (`<today+11>`, `<today-1>`, `<today>`; a day no calendar has, such as
   * the 30th of February, as its year's distance: `<year-1>-02-30`), so a recording names no
   * calendar date and reads the same whatever day it was made on.
   */
  constructor(private readonly today?: string) {}

  /** A string with its calendar dates written relative to `today`. */
  private dated(text: string): string {
    if (!this.today) return text;
    const base = Date.parse(`${this.today}T00:00:00Z`);
    const baseYear = Number(this.today.slice(0, 4));
    return text.replace(CALENDAR_DATE, (whole, y: string, m: string, d: string) => {
      const at = Date.UTC(Number(y), Number(m) - 1, Number(d));
      const real = new Date(at).toISOString().slice(0, 10) === whole;
      const offset = (n: number) => (n === 0 ? '' : n > 0 ? `+${n}` : String(n));
      return real ? `<today${offset(Math.round((at - base) / 86_400_000))}>` : `<year${offset(Number(y) - baseYear)}>-${m}-${d}`;
    });
  }

  /** The placeholder of a value, made on first sight. */
  private placeholder(kind: string, value: string): string {
    const known = this.seen.get(value);
    if (known) return known;
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    const made = `<${kind}:${n}>`;
    this.seen.set(value, made);
    return made;
  }

  /** Registers the value under `key` if the key and the value's shape say it is random; its placeholder, else undefined. */
  private keyed(key: string, value: string): string | undefined {
    for (const rule of KEY_RULES[key] ?? []) if (rule.shape.test(value)) return this.placeholder(rule.kind, value);
    return undefined;
  }

  /** A string with the random parts its key's values carry masked (INNER_RULES). */
  private inner(key: string, text: string): string {
    return (INNER_RULES[key] ?? []).reduce((out, rule) => out.replace(rule.shape, (part) => this.placeholder(rule.kind, part)), text);
  }

  /** Every masked value found inside a string (longest first, so no placeholder is cut in two). */
  private embedded(text: string): string {
    const values = [...this.seen.keys()].filter((v) => v.length >= MIN_EMBEDDED && text.includes(v)).sort((a, b) => b.length - a.length);
    return values.reduce((out, value) => out.split(value).join(this.seen.get(value)!), text);
  }

  /** A JSON value with its random values masked; objects keep their key order. */
  normalise(value: unknown, key = ''): unknown {
    if (typeof value === 'string') return this.keyed(key, value) ?? this.dated(this.embedded(this.inner(key, value)));
    if (Array.isArray(value)) return value.map((item) => this.normalise(item, key));
    if (value && typeof value === 'object') {
      // Two passes: the keyed values of this object first, so a sibling URL holding one is masked too.
      const entries = Object.entries(value as Record<string, unknown>);
      for (const [k, v] of entries) if (typeof v === 'string') this.keyed(k, v);
      return Object.fromEntries(entries.map(([k, v]) => [this.dated(k), this.normalise(v, k)]));
    }
    return value;
  }
}

export const RECORDING = process.env.RECORD === '1';
const RECORDED_DIR = path.join(process.cwd(), 'tests', 'integration', '__recorded__');
export const recordedFile = (name: string) => path.join(RECORDED_DIR, `${name}.json`);

/**
 * One scenario's exchanges, masked by one normaliser. `take` keeps an exchange (its raw body
 * checked to be exactly the JSON the recorded form stands for); `compare` holds them to the
 * recorded file, or writes it under RECORD=1.
 */
export class Scenario {
  readonly exchanges: Exchange[] = [];
  private readonly normaliser: Normaliser;
  /** `today`: the pinned clock's day, from which the recording's dates are written (Normaliser). */
  constructor(
    readonly name: string,
    today?: string,
  ) {
    this.normaliser = new Normaliser(today);
  }

  take(call: string, label: string, request: Record<string, string>, status: number, contentType: string | null, raw: string): unknown {
    const body: unknown = JSON.parse(raw);
    // The recorded form is the body as parsed: byte for byte only if the sender wrote plain JSON.stringify output.
    if (JSON.stringify(body) !== raw) throw new Error(`${call} (${label}): the body is not compact JSON: ${raw.slice(0, 200)}`);
    const masked: Exchange = {
      call,
      label,
      request: this.normalise(request) as Record<string, string>,
      status,
      contentType,
      body: this.normalise(body),
    };
    this.exchanges.push(masked);
    return body;
  }

  normalise(value: unknown): unknown {
    return this.normaliser.normalise(value);
  }

  /** The exchanges as recorded (RECORD=1 writes them); otherwise each must equal its recorded twin, in order. */
  compare(): { recorded: Exchange[]; actual: Exchange[] } {
    const file = recordedFile(this.name);
    const actual = JSON.parse(JSON.stringify(this.exchanges)) as Exchange[];
    if (RECORDING) {
      fs.mkdirSync(RECORDED_DIR, { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
      return { recorded: actual, actual };
    }
    if (!fs.existsSync(file)) throw new Error(`No recorded answers in ${path.relative(process.cwd(), file)}: run RECORD=1 npm run test:unit -- contract-recorded`);
    return { recorded: JSON.parse(fs.readFileSync(file, 'utf8')) as Exchange[], actual };
  }
}

/** An exchange as one line of text, key order included, for comparisons that show which exchange differs. */
export const asText = (e: Exchange) => `${e.call} [${e.label}] ${JSON.stringify(e.request)} -> ${e.status} ${e.contentType} ${JSON.stringify(e.body)}`;
