import { escapeHtml } from '@/lib/html/escape';
import { fill } from '@/lib/i18n/fill';

describe('one home for the small text rules (issue 28)', () => {
  it('escapes every character that could leave HTML text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('fills {name} placeholders, numbers too, and leaves nothing for a missing one or a missing text', () => {
    expect(fill('{venueName}: {covers} covers at {time}{missing}', { venueName: 'Da Rosa', covers: 4, time: '20:00' })).toBe('Da Rosa: 4 covers at 20:00');
    expect(fill(undefined, { a: 'b' })).toBe('');
    expect(fill('{a} {a}', { a: '{b}', b: 'no' })).toBe('{b} {b}');
    // ICU's escape, as next-intl reads the same message in the browser: two apostrophes are one.
    expect(fill("Leggi l''{policy}", { policy: 'informativa' })).toBe("Leggi l'informativa");
    expect(fill("l'ora {time}", { time: '20:00' })).toBe("l'ora 20:00");
  });
});
