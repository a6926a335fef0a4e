import 'server-only';
import { z } from 'zod';
import { isKnownCurrency } from '@/lib/currency';
import { readCustomHeader } from '@/lib/venue/custom-header';
import { slotTimes } from '@/server/booking/availability';
import { migrateVenueFile } from './format';
import { venueFileSchema, type VenueFile } from './schema';

/**
 * The venue file's checks beyond its schema (docs/venue-file.md, "Checks"), and its
 * errors in plain words, each with the JSON path it is about:
 * `shifts[1].end: "25:00" is not a time (HH:MM)`.
 * Errors stop an import; warnings (something ignored or dropped, a capacity that can never
 * be reached) are listed and the import goes on.
 */
export type VenueCheck = { file: VenueFile | null; errors: string[]; warnings: string[] };

type Path = readonly PropertyKey[];

export function jsonPath(path: Path): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out || '(file)';
}

function valueAt(input: unknown, path: Path): unknown {
  let value = input;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value));

const KINDS: Record<string, string> = {
  string: 'a text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object ({ ... })', array: 'a list ([ ... ])', undefined: 'nothing',
};

/** What a format issue expected, by the message the schema gives it. */
const FORMATS: Array<[RegExp, string]> = [
  [/HH:mm/i, 'a time (HH:MM, 00:00 to 23:59)'],
  [/lower-case letters/, 'a key (lower-case letters, digits and dashes, e.g. "sala-interna")'],
  [/#rrggbb/, 'a colour (#rrggbb)'],
  [/YYYY-MM-DD/, 'a real day (YYYY-MM-DD)'],
  [/time zone/, 'an IANA time zone (e.g. "Europe/Rome")'],
];

function plainIssue(issue: z.core.$ZodIssue, input: unknown): string | string[] {
  const value = valueAt(input, issue.path);
  const where = jsonPath(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = KINDS[issue.expected] ?? issue.expected;
      return value === undefined ? `${where}: missing: expected ${expected}` : `${where}: ${shown(value)} is not ${expected}`;
    }
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const side = issue.code === 'too_small' ? 'at least' : 'at most';
      if (issue.origin === 'array') return `${where}: has ${(value as unknown[]).length} item(s): expected ${side} ${bound}`;
      if (issue.origin === 'string') return `${where}: ${shown(value)} has ${String(value).length} character(s): expected ${side} ${bound}`;
      const strict = issue.inclusive === false ? (issue.code === 'too_small' ? 'more than' : 'less than') : side;
      return `${where}: ${shown(value)} is too ${issue.code === 'too_small' ? 'small' : 'large'}: expected ${strict} ${bound}`;
    }
    case 'invalid_value':
      return `${where}: ${shown(value)} is not allowed: expected ${issue.values.map((v) => shown(v)).join(' or ')}`;
    case 'unrecognized_keys':
      return issue.keys.map((key) => `${jsonPath([...issue.path, key])}: unknown field: expected one of the fields of \`${where}\` in docs/venue-file.md`);
    case 'invalid_format': {
      if (issue.format === 'datetime') return `${where}: ${shown(value)} is not a date-time with offset (e.g. "2027-04-01T19:00:00+02:00")`;
      if (issue.format === 'email') return `${where}: ${shown(value)} is not an e-mail address`;
      const known = FORMATS.find(([re]) => re.test(issue.message));
      return `${where}: ${shown(value)} is not ${known?.[1] ?? issue.message}`;
    }
    default: {
      const known = FORMATS.find(([re]) => re.test(issue.message));
      return known ? `${where}: ${shown(value)} is not ${known[1]}` : `${where}: ${issue.message}`;
    }
  }
}

/** Fields the schema does not know are left out by the import: each is a warning (often a typo). */
function unknownFields(schema: z.ZodType, value: unknown, path: PropertyKey[], out: string[]): void {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  if (s instanceof z.ZodArray && Array.isArray(value)) {
    value.forEach((item, i) => unknownFields(s.element as z.ZodType, item, [...path, i], out));
  } else if (s instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = s.shape as Record<string, z.ZodType>;
    for (const [key, child] of Object.entries(value)) {
      if (key in shape) unknownFields(shape[key], child, [...path, key], out);
      else if (s.def.catchall === undefined) out.push(`${jsonPath([...path, key])}: unknown field, ignored (a typo? see docs/venue-file.md)`);
    }
  }
}

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const knownCurrency = isKnownCurrency;

function knownTimeZone(value: string): boolean {
  const supported = new Set(Intl.supportedValuesOf('timeZone'));
  if (supported.has(value) || value === 'UTC') return true;
  try {
    return supported.has(new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** What the schema alone cannot see. */
export function semanticChecks(file: VenueFile): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];

  if (!knownCurrency(file.currency)) errors.push(`currency: ${shown(file.currency)} is not a currency: expected an ISO 4217 code such as "EUR" or "CHF", or "€"`);
  if (!knownTimeZone(file.timezone)) errors.push(`timezone: ${shown(file.timezone)} is not a known IANA time zone (e.g. "Europe/Rome")`);

  const duplicates = (list: Array<{ key: string }>, field: string) => {
    const seen = new Map<string, number>();
    list.forEach(({ key }, i) => {
      if (seen.has(key)) errors.push(`${field}[${i}].key: "${key}" is already the key of ${field}[${seen.get(key)}]: expected each key once`);
      else seen.set(key, i);
    });
  };
  duplicates(file.zones, 'zones');
  duplicates(file.shifts, 'shifts');
  duplicates(file.experiences, 'experiences');
  duplicates(file.giftCards, 'giftCards');
  duplicates(file.promotions.map((p) => ({ key: p.urlName })), 'promotions');

  file.shifts.forEach((s, i) => {
    if (minutes(s.end) <= minutes(s.start)) errors.push(`shifts[${i}].end: "${s.end}" is not after start "${s.start}": expected a later time on the same day`);
    else if (s.lastSeating && (minutes(s.lastSeating) < minutes(s.start) || minutes(s.lastSeating) >= minutes(s.end))) {
      errors.push(`shifts[${i}].lastSeating: "${s.lastSeating}" is outside the shift: expected a time from ${s.start} to before ${s.end}`);
    }
  });
  file.shifts.forEach((a, i) => {
    file.shifts.slice(0, i).forEach((b, j) => {
      const days = a.weekdays.filter((d) => b.weekdays.includes(d));
      if (days.length && minutes(a.start) < minutes(b.end) && minutes(b.start) < minutes(a.end)) {
        const names = [...new Set(days)].sort().map((d) => WEEKDAYS[d]).join(', ');
        errors.push(`shifts[${i}]: "${a.key}" (${a.start}–${a.end}) overlaps shifts[${j}] "${b.key}" (${b.start}–${b.end}) on ${names}: expected shifts of one day not to overlap`);
      }
    });
  });

  const shiftKeys = new Set(file.shifts.map((s) => s.key));
  const zoneKeys = new Set(file.zones.map((z) => z.key));
  const refs = (keys: string[] | undefined, known: Set<string>, where: string, what: string) =>
    keys?.forEach((key, k) => {
      if (!known.has(key)) errors.push(`${where}[${k}]: "${key}" is not the key of any ${what}: expected one of ${[...known].map((x) => `"${x}"`).join(', ')}`);
    });
  file.experiences.forEach((e, i) => refs(e.zones, zoneKeys, `experiences[${i}].zones`, 'zone'));
  file.booking.specialOpenings.forEach((o, i) => refs(o.shifts, shiftKeys, `booking.specialOpenings[${i}].shifts`, 'shift'));
  file.booking.modules.forEach((m, i) => {
    refs(m.zones, zoneKeys, `booking.modules[${i}].zones`, 'zone');
    refs(m.shifts, shiftKeys, `booking.modules[${i}].shifts`, 'shift');
  });
  file.booking.guarantee?.when.forEach((w, i) => {
    refs(w.zones, zoneKeys, `booking.guarantee.when[${i}].zones`, 'zone');
    refs(w.shifts, shiftKeys, `booking.guarantee.when[${i}].shifts`, 'shift');
  });

  for (const [i, s] of file.shifts.entries()) {
    const slots = slotTimes({ key: s.key, weekdays: s.weekdays, startTime: s.start, endTime: s.end, slotMinutes: s.slotMinutes, lastSeating: s.lastSeating ?? null, capacity: s.capacity, slotCapacity: s.slotCapacity ?? null });
    const reachable = Math.min(s.capacity, s.slotCapacity === undefined ? Infinity : s.slotCapacity * slots.length);
    for (const [k, z] of file.zones.entries()) {
      if (z.capacity > reachable) {
        warnings.push(
          `zones[${k}].capacity: ${z.capacity} covers can never fill in shifts[${i}] "${s.key}", which seats at most ${reachable}` +
            (reachable < s.capacity ? ` (${slots.length} slot(s) × slotCapacity ${s.slotCapacity})` : ' (its capacity)'),
        );
      }
    }
  }

  file.promotions.forEach((p, i) => {
    if (Date.parse(p.endsAt) <= Date.parse(p.startsAt)) errors.push(`promotions[${i}].endsAt: "${p.endsAt}" is not after startsAt "${p.startsAt}": expected the end after the start`);
    if (p.validUntil < p.startsAt.slice(0, 10)) errors.push(`promotions[${i}].validUntil: "${p.validUntil}" is before startsAt "${p.startsAt}": expected the codes to stay valid after the promotion opens`);
  });
  file.experiences.forEach((e, i) => {
    if (e.date && e.expiry && e.expiry < e.date) errors.push(`experiences[${i}].expiry: "${e.expiry}" is before date "${e.date}": expected the last day on or after the first`);
    if (e.maxGuests < e.minGuests) errors.push(`experiences[${i}].maxGuests: ${e.maxGuests} is below minGuests ${e.minGuests}`);
  });
  file.giftCards.forEach((g, i) => {
    if (g.customValue && g.customValue.max < g.customValue.min) errors.push(`giftCards[${i}].customValue.max: ${g.customValue.max} is below min ${g.customValue.min}`);
  });
  const party = file.booking.partySize;
  if (party.max < party.min) errors.push(`booking.partySize.max: ${party.max} is below min ${party.min}`);

  for (const dropped of readCustomHeader(file.customHeader).dropped) warnings.push(`customHeader: ${dropped} is dropped from the page`);
  return { errors, warnings };
}

/** Reads a venue file (any older format migrated) and checks it, without touching the database. */
export function checkVenueFile(input: unknown): VenueCheck {
  const migrated = migrateVenueFile(input);
  if (migrated.errors.length) return { file: null, errors: migrated.errors, warnings: [] };
  const warnings = [...migrated.notes];
  unknownFields(venueFileSchema, migrated.data, [], warnings);
  const result = venueFileSchema.safeParse(migrated.data);
  if (!result.success) return { file: null, errors: result.error.issues.flatMap((i) => plainIssue(i, migrated.data)), warnings };
  const semantic = semanticChecks(result.data);
  return { file: semantic.errors.length ? null : result.data, errors: semantic.errors, warnings: [...warnings, ...semantic.warnings] };
}

/** The hosts of the file another venue already serves, as errors (the database's `venue_hosts` holds each host once). */
export function hostConflicts(file: Pick<VenueFile, 'hosts' | 'slug'>, taken: Array<{ host: string; slug: string }>): string[] {
  const owner = new Map(taken.map((t) => [t.host, t.slug]));
  return file.hosts.flatMap((host, i) => {
    const other = owner.get(host.toLowerCase());
    return other && other !== file.slug ? [`hosts[${i}]: "${host}" is already a host of the venue "${other}": expected a host no other venue uses`] : [];
  });
}
