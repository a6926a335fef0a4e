import { countdown, promoState } from '@/lib/promo/state';
import { instantOf, localMoment } from '@/server/booking/time';
import { addDays } from '@/server/booking/availability';
import { TEST_NOW } from '../helpers/clock';

const TZ = 'Europe/Rome';
const HOUR = 3_600_000;

/** The UTC offset of the zone at an instant, in minutes. */
function offsetAt(at: number): number {
  const local = localMoment(TZ, new Date(at));
  const asUtc = Date.parse(`${local.date}T${local.time}:00Z`);
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The next changes to and from summer time after TEST_NOW, found by walking the clock hour by hour: no calendar date is named. */
function nextTransitions(): { at: number; shift: number }[] {
  const found: { at: number; shift: number }[] = [];
  let previous = offsetAt(TEST_NOW.getTime());
  for (let at = TEST_NOW.getTime() + HOUR; found.length < 2 && at < TEST_NOW.getTime() + 400 * 24 * HOUR; at += HOUR) {
    const offset = offsetAt(at);
    if (offset !== previous) found.push({ at, shift: offset - previous });
    previous = offset;
  }
  return found;
}

describe('promotion countdown', () => {
  it('splits the time left into days, hours, minutes and seconds and stops at zero', () => {
    const now = TEST_NOW.getTime();
    expect(countdown(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, total: 183_845 });
    expect(countdown(now - 1000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, total: 0 });
  });

  const transitions = nextTransitions();
  it('finds both changes of summer time within the next year', () => {
    expect(transitions.map((t) => t.shift).sort()).toEqual([-60, 60]);
  });

  describe.each(transitions.map((t) => [t.shift > 0 ? 'spring forward' : 'fall back', t] as const))('across the %s', (_, transition) => {
    const changeDay = localMoment(TZ, new Date(transition.at)).date;

    it('counts elapsed time from local midnight the day before to local midnight the day after: two calendar days are 47 or 49 hours', () => {
      const now = instantOf(TZ, addDays(changeDay, -1), '00:00').getTime();
      const end = instantOf(TZ, addDays(changeDay, 1), '00:00').getTime();
      const left = countdown(end, now);
      expect(left.total).toBe(48 * 3600 - (transition.shift / 60) * 3600);
      expect(left).toMatchObject(transition.shift > 0 ? { days: 1, hours: 23, minutes: 0, seconds: 0 } : { days: 2, hours: 1, minutes: 0, seconds: 0 });
    });

    it('goes down by exactly one second each second through the change, and ends at the end instant', () => {
      const end = instantOf(TZ, addDays(changeDay, 1), '00:00').getTime();
      let previous = countdown(end, transition.at - 120_000).total;
      for (let at = transition.at - 119_000; at <= transition.at + 120_000; at += 1000) {
        const total = countdown(end, at).total;
        expect(total).toBe(previous - 1);
        previous = total;
      }
      const times = { active: true, startsAt: transition.at - 24 * HOUR, endsAt: end, expiresAt: end + 7 * 24 * HOUR };
      expect(promoState(times, 5, end - 1)).toBe('active');
      expect(countdown(end, end - 1000)).toMatchObject({ total: 1 });
      expect(promoState(times, 5, end)).toBe('terminated');
    });
  });
});

describe('promotion states', () => {
  const now = TEST_NOW.getTime();
  const times = { active: true, startsAt: now - HOUR, endsAt: now + HOUR, expiresAt: now + 48 * HOUR };
  it.each([
    ['active', times, 3, now],
    ['inactive', times, 3, now - 2 * HOUR],
    ['terminated', times, 0, now],
    ['terminated', times, 3, now + 2 * HOUR],
    ['expired', times, 3, now + 48 * HOUR],
    ['disabled', { ...times, active: false }, 3, now],
  ] as const)('%s', (state, t, remaining, at) => {
    expect(promoState(t, remaining, at)).toBe(state);
  });
});

describe('promo code e-mail', () => {
  it.each(['it', 'en', 'fr', 'es', 'de'])('is written in %s with the code, the promotion, its last day, the venue and the link', async (locale) => {
    const { renderEmail } = await import('@/server/outbox/templates');
    const mail = renderEmail('promoCode', locale, { venueName: 'Trattoria Da Rosa', firstName: 'Anna', title: 'Aperitivo', code: 'K7QM-3WXA', validUntil: '31/12', link: 'https://x.example/c' });
    for (const part of ['Anna', 'Aperitivo', 'K7QM-3WXA', 'Trattoria Da Rosa', '31/12', 'https://x.example/c']) expect(mail.text).toContain(part);
    expect(mail.subject).toContain('Aperitivo');
    expect(mail.html).toContain(`lang="${locale}"`);
  });
});
