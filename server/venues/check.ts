import 'server-only';
import { refundTermsWarnings } from './terms-check';
import { z } from 'zod';
import { isKnownCurrency } from '@/lib/currency';
import { readCustomHeader } from '@/lib/venue/custom-header';
import { isoWeekday, slotTimes } from '@/server/booking/availability';
import { migrateVenueFile } from './format';
import { supportedLocales, venueFileSchema, type VenueFile } from './schema';

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

/** A message the schema wrote in words ("a list of days, YYYY-MM-DD"), not zod's own ("Invalid input: ..."). */
const inWords = (message: string) => !/^Invalid /.test(message);

function plainIssue(issue: z.core.$ZodIssue, input: unknown): string | string[] {
  const value = valueAt(input, issue.path);
  const where = jsonPath(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = inWords(issue.message) ? issue.message : (KINDS[issue.expected] ?? issue.expected);
      return value === undefined ? `${where}: missing: expected ${expected}` : `${where}: ${shown(value)} is not ${expected}`;
    }
    case 'invalid_union': {
      // The one alternative the value has the shape of (a range with a bad `to`) says what is wrong inside it.
      const near = issue.errors.filter((branch) => !branch.some((i) => i.code === 'invalid_type' && i.path.length === 0));
      if (near.length === 1) return near[0].flatMap((i) => plainIssue({ ...i, path: [...issue.path, ...i.path] } as z.core.$ZodIssue, input));
      return `${where}: ${shown(value)} is not ${inWords(issue.message) ? issue.message : 'any of the forms this field takes (see docs/venue-file.md)'}`;
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
      if (known) return `${where}: ${shown(value)} is not ${known[1]}`;
      return /^an? /.test(issue.message) ? `${where}: ${shown(value)} is not ${issue.message}` : `${where}: ${issue.message}`;
    }
  }
}

/** The five languages the site speaks, by code and name, for a message that lists them. */
export const LANGUAGES_SPOKEN = supportedLocales.map((l) => `${l} (${new Intl.DisplayNames('en', { type: 'language' }).of(l)})`).join(', ');

function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = s.in as z.ZodType;
    else return s;
  }
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/**
 * The known field an unknown one most likely meant: a sibling whose name it contains
 * (`maxPartySize` → `partySize`, or its child `partySize.max` when the rest names one), or
 * one a few letters away (`adress` → `address`).
 */
export function closestField(unknown: string, shape: Record<string, z.ZodType>): string | null {
  const u = unknown.toLowerCase();
  for (const key of Object.keys(shape)) {
    const k = key.toLowerCase();
    if (k.length < 3 || !(u.includes(k) || k.includes(u))) continue;
    const rest = u.replace(k, '');
    const inner = unwrap(shape[key]);
    const child = inner instanceof z.ZodObject ? Object.keys(inner.shape).find((c) => c.toLowerCase() === rest) : undefined;
    return child ? `${key}.${child}` : key;
  }
  let best: [string, number] | null = null;
  for (const key of Object.keys(shape)) {
    const d = editDistance(u, key.toLowerCase());
    if (d <= Math.max(1, Math.floor(key.length / 3)) && (!best || d < best[1])) best = [key, d];
  }
  return best?.[0] ?? null;
}

const isLocalizedShape = (shape: Record<string, unknown>) => Object.keys(shape).join(',') === supportedLocales.join(',');

/**
 * Fields the schema does not know: the import leaves them out. Each is listed in words, with
 * the field it most likely meant (often a typo) or, in a text, the languages the site speaks.
 */
function unknownFields(schema: z.ZodType, value: unknown, path: PropertyKey[], out: string[], ignored: string): void {
  const s = unwrap(schema);
  if (s instanceof z.ZodArray && Array.isArray(value)) {
    value.forEach((item, i) => unknownFields(s.element as z.ZodType, item, [...path, i], out, ignored));
  } else if (s instanceof z.ZodUnion && value && typeof value === 'object') {
    // A text of one language or of five, a day or a range: the object alternative is the one to look into.
    const objects = (s.options as z.ZodType[]).filter((o) => unwrap(o) instanceof z.ZodObject);
    if (objects.length === 1) unknownFields(objects[0], value, path, out, ignored);
  } else if (s instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = s.shape as Record<string, z.ZodType>;
    for (const [key, child] of Object.entries(value)) {
      const where = jsonPath([...path, key]);
      if (key in shape) unknownFields(shape[key], child, [...path, key], out, ignored);
      else if (s.def.catchall !== undefined) continue;
      else if (isLocalizedShape(shape)) out.push(`${where}: "${key}" is not a language the site speaks${ignored}: expected ${LANGUAGES_SPOKEN}`);
      else {
        const near = closestField(key, shape);
        const fields = Object.keys(shape);
        const expected = fields.length <= 8 ? `expected one of ${fields.join(', ')}` : `expected one of the fields of \`${jsonPath(path)}\` in docs/venue-file.md`;
        out.push(`${where}: unknown field${ignored}; ${near ? `did you mean ${jsonPath([...path, ...near.split('.')])}?` : expected}`);
      }
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

  errors.push(...tableErrors(file, zoneKeys));
  warnings.push(...tableWarnings(file));

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
  const weekly = new Set(file.shifts.flatMap((s) => s.weekdays));
  const specialDays = new Set(file.booking.specialOpenings.map((o) => o.date));
  const closed = new Set(file.booking.closures);
  const weekdayName = (d: number) => `${WEEKDAYS[d]}s`;
  file.experiences.forEach((e, i) => {
    const at = `experiences[${i}]`;
    if (e.date && e.expiry && e.expiry < e.date) errors.push(`${at}.expiry: "${e.expiry}" is before date "${e.date}": expected the last day on or after the first`);
    if (e.maxGuests < e.minGuests) errors.push(`${at}.maxGuests: ${e.maxGuests} is below minGuests ${e.minGuests}`);
    const seen = new Map<string, number>();
    e.dates.forEach((d, k) => {
      if (seen.has(d)) errors.push(`${at}.dates[${k}]: "${d}" is already dates[${seen.get(d)}]: expected each day once`);
      seen.set(d, k);
      if ((e.date && d < e.date) || (e.expiry && d > e.expiry)) errors.push(`${at}.dates[${k}]: "${d}" is outside date–expiry (${e.date ?? '…'} to ${e.expiry ?? '…'}): expected a day within them`);
      else if (closed.has(d)) warnings.push(`${at}.dates[${k}]: "${d}" is a closure (booking.closures): the experience is not offered that day`);
      else if (!weekly.has(isoWeekday(d)) && !specialDays.has(d)) {
        warnings.push(`${at}.dates[${k}]: "${d}" is a ${WEEKDAYS[isoWeekday(d)]}, and the venue has no shift on ${weekdayName(isoWeekday(d))}: offered as a day of this experience only, with no tables (remove it if the venue is closed then)`);
      }
    });
    [...new Set(e.weekdays)].forEach((d) => {
      if (!weekly.has(d) && ![...specialDays].some((day) => isoWeekday(day) === d)) {
        errors.push(`${at}.weekdays: ${d} (${WEEKDAYS[d]}) is a day the venue has no shift: expected weekdays the venue opens (${[...weekly].sort().map((w) => `${w} ${WEEKDAYS[w]}`).join(', ')})`);
      }
    });
  });
  file.giftCards.forEach((g, i) => {
    const at = `giftCards[${i}]`;
    if (g.customValue && g.customValue.max < g.customValue.min) errors.push(`${at}.customValue.max: ${g.customValue.max} is below min ${g.customValue.min}`);
    if (!g.customValue) {
      if (g.value === undefined) errors.push(`${at}.value: missing: expected a number, the value the card carries (only a free-amount card, with customValue, goes without)`);
      if (g.price === undefined) errors.push(`${at}.price: missing: expected a number, the price the buyer pays (only a free-amount card, with customValue, goes without)`);
    } else if ((g.value === undefined) !== (g.price === undefined)) {
      const [has, lacks] = g.value === undefined ? ['price', 'value'] : ['value', 'price'];
      errors.push(`${at}.${lacks}: missing: expected a number with ${has} (on a free-amount card the two set the price of the amount chosen), or neither`);
    }
  });
  const party = file.booking.partySize;
  if (party.max < party.min) errors.push(`booking.partySize.max: ${party.max} is below min ${party.min}`);
  if (party.directMax > party.max) errors.push(`booking.partySize.directMax: ${party.directMax} is above max ${party.max}: expected at most max (the larger parties are offered up to max)`);
  else if (party.directMax < party.min) errors.push(`booking.partySize.directMax: ${party.directMax} is below min ${party.min}: expected at least min`);

  warnings.push(...refundTermsWarnings(file.experiences));
  for (const dropped of readCustomHeader(file.customHeader).dropped) warnings.push(`customHeader: ${dropped} is dropped from the page`);
  return { errors, warnings };
}

/** The tables' errors (issue 44, docs/venue-file.md "Tables"): each name once, a known zone, seats min ≤ max; combinations of known tables of one zone. */
function tableErrors(file: VenueFile, zoneKeys: Set<string>): string[] {
  const errors: string[] = [];
  const { tables, tableCombinations, turnMinutes } = file.booking;
  const byName = new Map<string, number>();
  tables.forEach((t, i) => {
    const at = `booking.tables[${i}]`;
    if (byName.has(t.name)) errors.push(`${at}.name: "${t.name}" is already the name of booking.tables[${byName.get(t.name)}]: expected each table name once`);
    else byName.set(t.name, i);
    if (!zoneKeys.has(t.zone)) errors.push(`${at}.zone: "${t.zone}" is not the key of any zone: expected one of ${[...zoneKeys].map((x) => `"${x}"`).join(', ')}`);
    if (t.seats.max < t.seats.min) errors.push(`${at}.seats.max: ${t.seats.max} is below min ${t.seats.min}: expected at least min`);
  });
  const seen = new Map<string, number>();
  tableCombinations.forEach((c, i) => {
    const at = `booking.tableCombinations[${i}]`;
    c.tables.forEach((name, k) => {
      if (!byName.has(name)) errors.push(`${at}.tables[${k}]: "${name}" is not the name of any table: expected one of booking.tables' names${byName.size ? ` (${[...byName.keys()].map((x) => `"${x}"`).join(', ')})` : ', and booking.tables is empty'}`);
      else if (c.tables.indexOf(name) !== k) errors.push(`${at}.tables[${k}]: "${name}" is already tables[${c.tables.indexOf(name)}]: expected each table once`);
    });
    const zonesOf = [...new Set(c.tables.filter((n) => byName.has(n)).map((n) => tables[byName.get(n)!].zone))];
    if (zonesOf.length > 1) errors.push(`${at}.tables: its tables stand in zones ${zonesOf.map((z) => `"${z}"`).join(' and ')}: expected tables of one zone`);
    if (c.seats && c.seats.max < c.seats.min) errors.push(`${at}.seats.max: ${c.seats.max} is below min ${c.seats.min}: expected at least min`);
    const key = [...c.tables].sort().join('+');
    if (seen.has(key)) errors.push(`${at}: the same tables as booking.tableCombinations[${seen.get(key)}]: expected each combination once`);
    else seen.set(key, i);
  });
  turnMinutes.forEach((t, i) => {
    if (i > 0 && t.upTo <= turnMinutes[i - 1].upTo) errors.push(`booking.turnMinutes[${i}].upTo: ${t.upTo} is not above turnMinutes[${i - 1}].upTo ${turnMinutes[i - 1].upTo}: expected the party sizes in rising order`);
  });
  return errors;
}

/** A venue counting by tables where some party sizes it books online find no table at all: they could never book. */
function tableWarnings(file: VenueFile): string[] {
  const { tables, tableCombinations, availabilityByTables, partySize } = file.booking;
  if (!availabilityByTables) return [];
  if (!tables.length) return ['booking.availabilityByTables: true, and booking.tables is empty: availability counts covers only until tables are listed'];
  const seats = [
    ...tables.map((t) => t.seats),
    ...tableCombinations.map((c) => c.seats ?? c.tables.reduce((s, n) => { const t = tables.find((x) => x.name === n); return t ? { min: s.min + t.seats.min, max: s.max + t.seats.max } : s; }, { min: 0, max: 0 })),
  ];
  const unseated: number[] = [];
  for (let pax = partySize.min; pax <= partySize.max; pax++) if (!seats.some((s) => s.min <= pax && pax <= s.max)) unseated.push(pax);
  const bare = file.zones.filter((z) => z.selectable && !tables.some((t) => t.zone === z.key)).map((z) => z.key);
  return [
    ...(unseated.length ? [`booking.tables: no table or combination seats a party of ${unseated.join(', ')}: with availabilityByTables those parties can never book online`] : []),
    ...bare.map((key) => `booking.tables: the zone "${key}" has no table: with availabilityByTables it can never be booked online`),
  ];
}

/**
 * Reads a venue file (any older format migrated) and checks it, without touching the database.
 * `strict` (`venue:check --strict`, the admin import's `?strict=1`): an unknown field, or a
 * text in a language the site does not speak, is an error instead of a warning.
 */
export function checkVenueFile(input: unknown, options: { strict?: boolean } = {}): VenueCheck {
  const migrated = migrateVenueFile(input);
  if (migrated.errors.length) return { file: null, errors: migrated.errors, warnings: [] };
  const warnings = [...migrated.notes];
  const unknown: string[] = [];
  unknownFields(venueFileSchema, migrated.data, [], unknown, options.strict ? '' : ', ignored');
  const refused = options.strict ? unknown : [];
  if (!options.strict) warnings.push(...unknown);
  const result = venueFileSchema.safeParse(migrated.data);
  if (!result.success) return { file: null, errors: [...new Set([...refused, ...result.error.issues.flatMap((i) => plainIssue(i, migrated.data))])], warnings };
  const semantic = semanticChecks(result.data);
  const errors = [...refused, ...semantic.errors];
  return { file: errors.length ? null : result.data, errors, warnings: [...warnings, ...semantic.warnings] };
}

/** The hosts of the file another venue already serves, as errors (the database's `venue_hosts` holds each host once). */
export function hostConflicts(file: Pick<VenueFile, 'hosts' | 'slug'>, taken: Array<{ host: string; slug: string }>): string[] {
  const owner = new Map(taken.map((t) => [t.host, t.slug]));
  return file.hosts.flatMap((host, i) => {
    const other = owner.get(host.toLowerCase());
    return other && other !== file.slug ? [`hosts[${i}]: "${host}" is already a host of the venue "${other}": expected a host no other venue uses`] : [];
  });
}
