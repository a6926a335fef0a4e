import fs from 'node:fs';
import path from 'node:path';
import { checkVenueFile, hostConflicts, jsonPath } from '@/server/venues/check';
import { VENUE_FORMAT_VERSION } from '@/server/venues/schema';
import { readCustomHeader } from '@/lib/venue/custom-header';
import { TEST_NOW, testDay } from '../helpers/clock';
import { february30 } from '../helpers/dates';

/** A closure on a day that never exists, in a year still to come. */
const NEVER = february30(TEST_NOW.getUTCFullYear());

/** The venue file's dry run (issue 31): plain-words errors with their JSON path, the semantic checks, warnings, the format version. */
type Venue = Record<string, unknown> & { shifts: Array<Record<string, unknown>>; zones: Array<Record<string, unknown>>; promotions: Array<Record<string, unknown>> };
const demo = (): Venue => JSON.parse(fs.readFileSync(path.join(__dirname, '../../venues/demo.json'), 'utf8'));
const check = (change: (v: Venue) => void) => {
  const venue = demo();
  change(venue);
  return checkVenueFile(venue);
};

describe('venue:check', () => {
  it('passes the demo venue with no error and no warning', () => {
    expect(checkVenueFile(demo())).toMatchObject({ errors: [], warnings: [], file: { slug: 'demo' } });
  });

  it("warns when an experience's texts and its refund terms contradict each other, and the demo's pasta class agrees (issue 45)", () => {
    type Exp = Record<string, unknown> & { key: string };
    const pasta = (v: Venue) => (v.experiences as Exp[]).find((e) => e.key === 'corso-pasta')!;
    // The texts promise a free cancellation up to 72 hours; the deposit is made non-refundable.
    const kept = check((v) => void (pasta(v).cancellation = 0));
    expect(kept.file).not.toBeNull();
    expect(kept.warnings).toEqual([expect.stringMatching(/^experiences\[\d\] "corso-pasta": its texts promise a free cancellation, but cancellation is 0: what the guest pays is not refundable/)]);
    // Another limit than the texts' 72 hours.
    expect(check((v) => void (pasta(v).cancellation = 24)).warnings).toEqual([expect.stringContaining('its texts promise a free cancellation until 72 hours before, but cancellation is 24')]);
    // Vice versa: texts that say only "not refundable" (in German here), with a refund until 48 hours before.
    const refunded = check((v) => {
      pasta(v).cancellation = 48;
      pasta(v).bookingConditions = { it: 'Acconto di 30 € a persona.', de: 'Die Anzahlung von 30 € pro Person wird nicht erstattet.' };
    });
    expect(refunded.warnings).toEqual([expect.stringContaining('its texts say the payment is not refundable, but cancellation is 48')]);
    // An experience paid at the venue risks nothing: no warning.
    expect(check((v) => Object.assign(pasta(v), { cancellation: 0, purchaseType: 0 })).warnings).toEqual([]);
  });

  it('names the JSON path and what was expected, in plain words', () => {
    const result = check((v) => {
      v.shifts[1].end = '25:00';
      v.zones[0].capacity = 0;
      delete v.name;
      v.country = 'ITA';
      v.theme = { brandColor: 'red' };
      v.promotions[0].startsAt = '1 April';
      (v.booking as { smsConfirmation: unknown }).smsConfirmation = { mode: 'sometimes' };
      v.zones[1].key = 'Terrazza!';
      v.limits = { holdAdress: { count: 1, windowSeconds: 60 } };
      v.booking = { ...(v.booking as object), closures: [NEVER] };
      v.zones[1].capacity = '24';
    });
    expect(result.file).toBeNull();
    expect(result.errors).toEqual(
      expect.arrayContaining([
        'shifts[1].end: "25:00" is not a time (HH:MM, 00:00 to 23:59)',
        'zones[0].capacity: 0 is too small: expected more than 0',
        'name: missing: expected a text',
        'country: "ITA" has 3 character(s): expected at most 2',
        'theme.brandColor: "red" is not a colour (#rrggbb)',
        'promotions[0].startsAt: "1 April" is not a date-time with offset (e.g. "2027-04-01T19:00:00+02:00")',
        'booking.smsConfirmation.mode: "sometimes" is not allowed: expected "never" or "always" or "aboveCovers" or "botUnsure"',
        'zones[1].key: "Terrazza!" is not a key (lower-case letters, digits and dashes, e.g. "sala-interna")',
        'limits.holdAdress: unknown field: expected one of the fields of `limits` in docs/venue-file.md',
        `booking.closures[0]: "${NEVER}" is not a real day (YYYY-MM-DD)`,
        'zones[1].capacity: "24" is not a number',
      ]),
    );
    expect(result.errors).toHaveLength(11);
    expect(jsonPath([])).toBe('(file)');
  });

  it('refuses shifts that overlap on a shared weekday, and one that ends before it starts', () => {
    const overlap = check((v) => {
      v.shifts[1].start = '14:30';
    });
    expect(overlap.errors).toEqual([
      'shifts[1]: "cena" (14:30–23:30) overlaps shifts[0] "pranzo" (12:00–15:00) on Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday: expected shifts of one day not to overlap',
    ]);
    // The same hours on other days do not overlap.
    expect(check((v) => Object.assign(v.shifts[1], { start: '14:30', weekdays: [1] })).errors).toEqual([]);
    expect(check((v) => Object.assign(v.shifts[1], { start: '19:00', end: '18:00', lastSeating: '19:00' })).errors).toEqual(['shifts[1].end: "18:00" is not after start "19:00": expected a later time on the same day']);
    expect(check((v) => Object.assign(v.shifts[1], { lastSeating: '23:30' })).errors).toEqual(['shifts[1].lastSeating: "23:30" is outside the shift: expected a time from 19:00 to before 23:30']);
  });

  it('warns about a zone no shift can fill: above the shift capacity, or above slotCapacity × start times', () => {
    expect(check((v) => Object.assign(v.zones[0], { capacity: 50 })).warnings).toEqual([
      'zones[0].capacity: 50 covers can never fill in shifts[0] "pranzo", which seats at most 40 (its capacity)',
    ]);
    // pranzo: 12:00 to its last seating 14:00 every 30 minutes = 5 start times; 10 covers a slot = 50, below the zone's 70.
    const slots = check((v) => {
      Object.assign(v.shifts[0], { capacity: 100, slotCapacity: 10 });
      Object.assign(v.zones[0], { capacity: 70 });
      Object.assign(v.shifts[1], { capacity: 100 });
    });
    expect(slots.errors).toEqual([]);
    expect(slots.warnings).toEqual(['zones[0].capacity: 70 covers can never fill in shifts[0] "pranzo", which seats at most 50 (5 slot(s) × slotCapacity 10)']);
  });

  it('takes a pacing of covers per 15 minutes, a whole number above 0 (issue 44)', () => {
    const paced = check((v) => {
      v.booking = { ...(v.booking as object), pacingCoversPer15Minutes: 12 };
    });
    expect(paced.errors).toEqual([]);
    expect((paced.file as { booking: { pacingCoversPer15Minutes?: number } }).booking.pacingCoversPer15Minutes).toBe(12);
    const zero = check((v) => {
      v.booking = { ...(v.booking as object), pacingCoversPer15Minutes: 0 };
    });
    expect(zero.errors).toEqual(['booking.pacingCoversPer15Minutes: 0 is too small: expected more than 0']);
    expect(check((v) => { v.booking = { ...(v.booking as object), pacingCoversPer15Minutes: 2.5 }; }).errors).toHaveLength(1);
  });

  it('takes tables with their zone, seats and combinations, and refuses an unknown zone, min above max, an unknown table in a combination (issue 44)', () => {
    type Booking = { tables: Array<{ name: string; zone: string; seats: { min: number; max: number } }>; tableCombinations: Array<{ tables: string[]; seats?: { min: number; max: number } }> };
    const tables = (change: (b: Booking) => void) =>
      check((v) => {
        change(v.booking as Booking);
      });
    expect(tables(() => {}).errors).toEqual([]);
    expect(tables((b) => void (b.tables[0].zone = 'cantina')).errors).toEqual(['booking.tables[0].zone: "cantina" is not the key of any zone: expected one of "sala", "terrazza"']);
    expect(tables((b) => void (b.tables[1].seats = { min: 4, max: 2 })).errors).toEqual(['booking.tables[1].seats.max: 2 is below min 4: expected at least min']);
    expect(tables((b) => void (b.tables[2].name = '1')).errors).toEqual(['booking.tables[2].name: "1" is already the name of booking.tables[0]: expected each table name once']);
    expect(tables((b) => void b.tableCombinations.push({ tables: ['4', '99'] })).errors).toEqual([
      'booking.tableCombinations[5].tables[1]: "99" is not the name of any table: expected one of booking.tables\' names ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "20", "21", "22", "23", "24", "25")',
    ]);
    expect(tables((b) => void b.tableCombinations.push({ tables: ['4', '20'] })).errors).toEqual(['booking.tableCombinations[5].tables: its tables stand in zones "sala" and "terrazza": expected tables of one zone']);
    expect(tables((b) => void b.tableCombinations.push({ tables: ['5', '4'] })).errors).toEqual(['booking.tableCombinations[5]: the same tables as booking.tableCombinations[0]: expected each combination once']);
    expect(tables((b) => void (b.tables[0].name = '1+2')).errors).toEqual(['booking.tables[0].name: "1+2" is not a table name (letters, digits, spaces and dashes, at most 20)']);
    const turns = check((v) => void ((v.booking as { turnMinutes: unknown }).turnMinutes = [{ upTo: 4, minutes: 120 }, { upTo: 2, minutes: 90 }]));
    expect(turns.errors).toEqual(['booking.turnMinutes[1].upTo: 2 is not above turnMinutes[0].upTo 4: expected the party sizes in rising order']);
    // Counting by tables, a party size no table seats can never book: a warning.
    const byTables = check((v) => {
      const b = v.booking as Booking & { availabilityByTables: boolean };
      b.availabilityByTables = true;
      b.tables = b.tables.filter((t) => t.seats.max <= 4);
      b.tableCombinations = [];
    });
    expect(byTables.errors).toEqual([]);
    expect(byTables.warnings).toEqual(['booking.tables: no table or combination seats a party of 5, 6, 7, 8, 9, 10, 11, 12: with availabilityByTables those parties can never book online']);
    const bareTerrace = check((v) => {
      const b = v.booking as Booking & { availabilityByTables: boolean };
      b.availabilityByTables = true;
      b.tables = b.tables.filter((t) => t.zone === 'sala');
      b.tableCombinations = b.tableCombinations.filter((c) => !c.tables.includes('22') && !c.tables.includes('24'));
    });
    expect(bareTerrace.warnings).toEqual(['booking.tables: the zone "terrazza" has no table: with availabilityByTables it can never be booked online']);
  });

  it('refuses a promotion that ends before it starts', () => {
    const result = check((v) => Object.assign(v.promotions[0], { startsAt: '2031-01-01T00:00:00+01:00', endsAt: '2030-12-31T23:59:59+01:00', validUntil: '2031-02-01' }));
    expect(result.errors).toEqual(['promotions[0].endsAt: "2030-12-31T23:59:59+01:00" is not after startsAt "2031-01-01T00:00:00+01:00": expected the end after the start']);
  });

  it('refuses currencies and time zones that do not exist, and keeps real ones', () => {
    expect(check((v) => (v.currency = 'EUX')).errors).toEqual(['currency: "EUX" is not a currency: expected an ISO 4217 code such as "EUR" or "CHF", or "€"']);
    expect(check((v) => (v.timezone = 'Europe/Firenze')).errors).toEqual(['timezone: "Europe/Firenze" is not an IANA time zone (e.g. "Europe/Rome")']);
    for (const currency of ['€', 'EUR', 'CHF', 'MUR', 'JPY']) expect(check((v) => (v.currency = currency)).errors).toEqual([]);
    for (const timezone of ['Pacific/Auckland', 'America/New_York', 'UTC', 'Europe/Kiev']) expect(check((v) => (v.timezone = timezone)).errors).toEqual([]);
  });

  it('refuses keys used twice and references to keys the file does not define', () => {
    const result = check((v) => {
      v.zones.push({ ...v.zones[0] });
      (v.booking as { specialOpenings: unknown }).specialOpenings = [{ date: '2030-01-01', shifts: ['brunch'] }];
    });
    expect(result.errors).toEqual([
      'zones[2].key: "sala" is already the key of zones[0]: expected each key once',
      'booking.specialOpenings[0].shifts[0]: "brunch" is not the key of any shift: expected one of "pranzo", "cena"',
    ]);
  });

  it('refuses a host another venue serves, not its own', () => {
    const file = { slug: 'osteria', hosts: ['osteria.localhost', 'Demo.Localhost'] };
    const taken = [{ host: 'demo.localhost', slug: 'demo' }, { host: 'osteria.localhost', slug: 'osteria' }];
    expect(hostConflicts(file, taken)).toEqual(['hosts[1]: "Demo.Localhost" is already a host of the venue "demo": expected a host no other venue uses']);
  });

  it('lists what customHeader drops and the fields it does not know, as warnings', () => {
    const result = check((v) => {
      v.customHeader = '<!-- tracking --><meta name="a" content="b"><div>Promo</div><script onload="x()" src="/s.js"></script>loose';
      v.shfits = [];
      v.zones[0].capactiy = 12;
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      'zones[0].capactiy: unknown field, ignored; did you mean zones[0].capacity?',
      'shfits: unknown field, ignored; did you mean shifts?',
      'customHeader: an HTML comment is dropped from the page',
      'customHeader: the <div> element (only <meta>, <link>, <script>, <style>, <noscript>, <base> go in <head>) is dropped from the page',
      'customHeader: the onload attribute of <script> (event handlers are not copied) is dropped from the page',
      'customHeader: the text "loose" outside any element is dropped from the page',
    ]);
    // The page keeps exactly what the warnings do not name.
    expect(readCustomHeader(v0Header()).elements.map((e) => [e.tag, e.attributes])).toEqual([
      ['meta', { name: 'a', content: 'b' }],
      ['script', { src: '/s.js' }],
    ]);
  });

  it('reads a file without formatVersion as format 1, and refuses a newer format', () => {
    const old = check((v) => {
      delete v.formatVersion;
      delete v.$schema;
    });
    expect(old.errors).toEqual([]);
    expect(old.file?.formatVersion).toBe(VENUE_FORMAT_VERSION);
    expect(old.warnings).toEqual([
      'formatVersion: not set, so read as format 1; migrated format 1 → 2: `formatVersion` and `$schema` added; nothing else changed (write "formatVersion": 3 to read it as it is)',
      expect.stringMatching(/^formatVersion: was 2; migrated format 2 → 3: experiences may list `dates` and `weekdays`, closures may be ranges/),
    ]);
    expect(check((v) => (v.formatVersion = 1)).warnings[0]).toMatch(/^formatVersion: was 1; migrated format 1 → 2/);
    expect(check((v) => (v.formatVersion = VENUE_FORMAT_VERSION + 1)).errors).toEqual([
      `formatVersion: ${VENUE_FORMAT_VERSION + 1} is newer than this site reads (${VENUE_FORMAT_VERSION}): update the site, or write the file in format ${VENUE_FORMAT_VERSION}`,
    ]);
    expect(check((v) => (v.formatVersion = '2')).errors).toEqual(['formatVersion: "2" is not a format version: expected a whole number from 1 to 3']);
    // A format-2 file reads as it is in format 3 (issue 45): the same venue, with one note.
    const two = check((v) => (v.formatVersion = 2));
    expect([two.errors, two.warnings.length, two.file?.formatVersion]).toEqual([[], 1, 3]);
    expect(checkVenueFile([1, 2]).errors).toEqual(['(file): expected a JSON object ({ ... }) holding the venue']);
  });
  it('names the field an unknown one most likely meant, the languages the site speaks, and refuses both with strict (issue 45)', () => {
    const typo = (v: Venue) => {
      (v.booking as Record<string, unknown>).maxPartySize = 8;
      (v.tagline as Record<string, unknown>).pt = 'Cozinha toscana';
      v.adress = 'Via Roma 1';
      v.zones[0].wibble = true;
    };
    const result = check(typo);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      'tagline.pt: "pt" is not a language the site speaks, ignored: expected it (Italian), en (English), fr (French), es (Spanish), de (German)',
      'zones[0].wibble: unknown field, ignored; expected one of key, name, capacity, selectable',
      'booking.maxPartySize: unknown field, ignored; did you mean booking.partySize.max?',
      'adress: unknown field, ignored; did you mean address?',
    ]);
    const venue = demo();
    typo(venue);
    const strict = checkVenueFile(venue, { strict: true });
    expect(strict.file).toBeNull();
    expect(strict.errors).toEqual([
      'tagline.pt: "pt" is not a language the site speaks: expected it (Italian), en (English), fr (French), es (Spanish), de (German)',
      'zones[0].wibble: unknown field; expected one of key, name, capacity, selectable',
      'booking.maxPartySize: unknown field; did you mean booking.partySize.max?',
      'adress: unknown field; did you mean address?',
    ]);
    expect(checkVenueFile(demo(), { strict: true })).toMatchObject({ errors: [], warnings: [] });
  });

  it('checks fields against each other: directMax within min–max, a gift card with its value and price unless it is free-amount (issue 45)', () => {
    const party = (p: object) => check((v) => ((v.booking as { partySize: object }).partySize = p)).errors;
    expect(party({ min: 1, directMax: 10, max: 8 })).toEqual(['booking.partySize.directMax: 10 is above max 8: expected at most max (the larger parties are offered up to max)']);
    expect(party({ min: 4, directMax: 2, max: 8 })).toEqual(['booking.partySize.directMax: 2 is below min 4: expected at least min']);
    const cards = (change: (cards: Array<Record<string, unknown>>) => void) => check((v) => change(v.giftCards as Array<Record<string, unknown>>));
    const free = demo().giftCards as Array<Record<string, unknown>>;
    const freeIndex = free.findIndex((g) => g.customValue);
    expect(cards((g) => (delete g[freeIndex].value, delete g[freeIndex].price)).errors).toEqual([]);
    expect(cards((g) => delete g[freeIndex].price).errors).toEqual([
      `giftCards[${freeIndex}].price: missing: expected a number with value (on a free-amount card the two set the price of the amount chosen), or neither`,
    ]);
    const fixed = free.findIndex((g) => !g.customValue);
    expect(cards((g) => delete g[fixed].value).errors).toEqual([
      `giftCards[${fixed}].value: missing: expected a number, the value the card carries (only a free-amount card, with customValue, goes without)`,
    ]);
  });

  it('reads closures as days and ranges, and experience dates and weekdays, saying in words what each expects (issue 45)', () => {
    const booking = (closures: unknown) => check((v) => ((v.booking as { closures: unknown }).closures = closures));
    const ok = booking(['2027-08-15', { from: '2027-12-24', to: '2027-12-26' }]);
    expect(ok.errors).toEqual([]);
    expect(ok.file?.booking.closures).toEqual(['2027-08-15', '2027-12-24', '2027-12-25', '2027-12-26']);
    expect(booking(['24/12/2026', { from: '2027-12-24', to: '2027-12-20' }, { from: '2027-12-24' }, 5, '2027-12-24']).errors).toEqual([
      'booking.closures[0]: "24/12/2026" is not a real day (YYYY-MM-DD)',
      'booking.closures[1].to: "2027-12-20" is not a day on or after `from`',
      'booking.closures[2].to: missing: expected a day, YYYY-MM-DD (e.g. "2027-08-15")',
      'booking.closures[3]: 5 is not a day (YYYY-MM-DD) or a range {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}',
    ]);
    expect(booking({ from: '2027-12-24', to: '2027-12-26' }).errors).toEqual([
      'booking.closures: {"from":"2027-12-24","to":"2027-12-26"} is not a list of days (YYYY-MM-DD) or ranges {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}',
    ]);
    const farEnd = testDay(30 + 517);
    expect(booking([{ from: testDay(30), to: farEnd }]).errors).toEqual([`booking.closures[0].to: "${farEnd}" is not a day at most 366 days after \`from\``]);

    type Experience = Record<string, unknown>;
    const experience = (change: (e: Experience) => void) =>
      check((v) => {
        (v.booking as { closures: unknown }).closures = [{ from: '2027-12-24', to: '2027-12-26' }];
        const e = (v.experiences as Experience[])[0];
        delete e.date;
        delete e.expiry;
        change(e);
      });
    // The demo venue has no shift on Mondays (weekday 1); 2027-12-20 is a Monday, 2027-12-24 a Friday in the closure.
    expect(experience((e) => (e.dates = ['2027-12-03', '2027-12-10', '2027-12-17']))).toMatchObject({ errors: [], warnings: [] });
    expect(experience((e) => (e.dates = '2027-12-03')).errors).toEqual(['experiences[0].dates: "2027-12-03" is not a list of days, YYYY-MM-DD (e.g. ["2027-12-04", "2027-12-11"])']);
    expect(experience((e) => (e.dates = ['3 December'])).errors).toEqual(['experiences[0].dates[0]: "3 December" is not a real day (YYYY-MM-DD)']);
    expect(experience((e) => (e.weekdays = 'Friday')).errors).toEqual(['experiences[0].weekdays: "Friday" is not a list of weekdays, 1 = Monday ... 7 = Sunday (e.g. [5] for Fridays)']);
    const listed = experience((e) => Object.assign(e, { date: '2027-12-01', expiry: '2027-12-31', dates: ['2027-12-20', '2027-12-24', '2027-11-26', '2027-12-20'] }));
    expect(listed.errors).toEqual([
      'experiences[0].dates[2]: "2027-11-26" is outside date–expiry (2027-12-01 to 2027-12-31): expected a day within them',
      'experiences[0].dates[3]: "2027-12-20" is already dates[0]: expected each day once',
    ]);
    expect(listed.warnings).toEqual([
      'experiences[0].dates[0]: "2027-12-20" is a Monday, and the venue has no shift on Mondays: offered as a day of this experience only, with no tables (remove it if the venue is closed then)',
      'experiences[0].dates[1]: "2027-12-24" is a closure (booking.closures): the experience is not offered that day',
      'experiences[0].dates[3]: "2027-12-20" is a Monday, and the venue has no shift on Mondays: offered as a day of this experience only, with no tables (remove it if the venue is closed then)',
    ]);
    // Weekdays the venue never opens (its one Monday special opening taken away) are refused.
    expect(check((v) => (((v.booking as { specialOpenings: unknown }).specialOpenings = []), ((v.experiences as Experience[])[0].weekdays = [1, 5]))).errors).toEqual([
      'experiences[0].weekdays: 1 (Monday) is a day the venue has no shift: expected weekdays the venue opens (2 Tuesday, 3 Wednesday, 4 Thursday, 5 Friday, 6 Saturday, 7 Sunday)',
    ]);
  });
});

function v0Header() {
  return '<!-- tracking --><meta name="a" content="b"><div>Promo</div><script onload="x()" src="/s.js"></script>loose';
}
