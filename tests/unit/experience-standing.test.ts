import { bookableNow, hasOwnForm, listedNow, soldOut, whyNotBookable } from '@/lib/experiences/standing';

const experience = { flagAttiva: 1, flagEsperienzaPassata: 0, flagVisibile: 1, tipoEsperienza: 0 };

describe("what a page may offer for an experience (one rule for the list, the pages, the sitemap and the JSON-LD)", () => {
  test('bookable now: active and not past; listed: also visible', () => {
    expect(bookableNow(experience)).toBe(true);
    expect(bookableNow({ ...experience, flagAttiva: 0 })).toBe(false);
    expect(bookableNow({ ...experience, flagEsperienzaPassata: 1 })).toBe(false);
    expect(listedNow(experience)).toBe(true);
    // Reached by its link only: bookable, not listed.
    expect(listedNow({ ...experience, flagVisibile: 0 })).toBe(false);
    expect(listedNow({ ...experience, flagEsperienzaPassata: 1 })).toBe(false);
  });

  test('its own form exists unless it is only added to a table booking', () => {
    expect([0, 1, 2].map((tipoEsperienza) => hasOwnForm({ tipoEsperienza }))).toEqual([true, true, false]);
  });

  test('why its form cannot be used: past before inactive (the detail and the form page say the same), then add-on only', () => {
    expect(whyNotBookable(experience)).toBeNull();
    expect(whyNotBookable({ ...experience, flagEsperienzaPassata: 1, flagAttiva: 0 })).toBe('past');
    expect(whyNotBookable({ ...experience, flagAttiva: 0 })).toBe('notBookable');
    expect(whyNotBookable({ ...experience, tipoEsperienza: 2 })).toBe('addOnOnly');
    expect(whyNotBookable({ ...experience, tipoEsperienza: 2, flagAttiva: 0 })).toBe('notBookable');
  });

  test('sold out: a single date with a cap and no places left', () => {
    const one = { maxPrenotazioni: 10, data: '2030-06-12', scadenza: '2030-06-12', esperienzeDisponibili: 0 };
    expect(soldOut(one)).toBe(true);
    expect(soldOut({ ...one, esperienzeDisponibili: 1 })).toBe(false);
    // No cap, or a date range: never sold out as a whole.
    expect(soldOut({ ...one, maxPrenotazioni: 0 })).toBe(false);
    expect(soldOut({ ...one, scadenza: '2030-06-30' })).toBe(false);
    expect(soldOut({ ...one, data: '', scadenza: '' })).toBe(false);
  });
});
