import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The demo venue's own texts, read as a guest reads them next to the site's (issue 45). */
const demo = JSON.parse(readFileSync(path.join(__dirname, '../../venues/demo.json'), 'utf8')) as {
  customFooter: Record<string, string>;
  giftCards: { title: Record<string, string> }[];
};

/** Every German text of the file, wherever it sits. */
function germanTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => germanTexts(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'de' && typeof v === 'string') out.push(v);
      else germanTexts(v, out);
    }
  }
  return out;
}

describe('the demo venue file', () => {
  it('says its opening hours once: the footer shows them as text, so its own footer note names none', () => {
    for (const [language, text] of Object.entries(demo.customFooter)) {
      expect([language, text]).not.toEqual([language, expect.stringMatching(/\d{1,2}:\d{2}/)]);
    }
  });

  it('calls a gift card "Gutschein" in German, as the site does (one term per thing)', () => {
    const texts = germanTexts(demo);
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((t) => /Geschenkgutschein|Geschenkkarte/.test(t))).toEqual([]);
    expect(demo.giftCards.map((c) => c.title.de)).toEqual(['Gutschein über 50 €', 'Gutschein über 100 €', 'Gutschein mit freiem Betrag']);
  });
});
