import { demoVenueFile, DEMO_OFFSETS } from '@/server/venues/seed';
import { TEST_NOW, testDay } from '../helpers/clock';
import { summerTimeStarts } from '../helpers/dates';

// From the pinned clock: its morning, a late evening (already the next day in Rome), and the hour Rome skips in spring.
const SEEDED_AT = [TEST_NOW.toISOString(), `${testDay(13)}T23:30:00Z`, `${summerTimeStarts(TEST_NOW.getUTCFullYear() + 1).europe}T01:30:00Z`];

/** Issue 29: the demo's dates follow the day it is seeded, so its countdown reads weeks, whenever that is. */
describe('the demo venue seeded on any day', () => {
  it.each(SEEDED_AT.map((at) => [at]))('on %s: the promotion runs from yesterday to six weeks ahead, the wine evening six weeks ahead', (at) => {
    const now = new Date(at);
    const file = demoVenueFile(now);
    const promo = file.promotions[0];
    const days = (iso: string) => (Date.parse(iso) - now.getTime()) / 86_400_000;
    expect(days(promo.startsAt)).toBeLessThan(0);
    expect(days(promo.endsAt)).toBeGreaterThan(DEMO_OFFSETS.promotionEnds - 1);
    expect(days(promo.endsAt)).toBeLessThan(DEMO_OFFSETS.promotionEnds + 1.1);
    expect(promo.validUntil > promo.endsAt.slice(0, 10)).toBe(true);
    const wine = file.experiences.find((e) => e.key === 'vini-toscani')!;
    expect(wine.date).toBe(wine.expiry);
    const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
    expect((Date.parse(`${wine.date}T12:00:00Z`) - Date.parse(`${localToday}T12:00:00Z`)) / 86_400_000).toBe(DEMO_OFFSETS.wineEvening);
    // The recurring experiences keep their own dates.
    expect(file.experiences.filter((e) => e.date && e.date === e.expiry)).toHaveLength(1);
  });
});
