/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import { renderWithIntl } from '../helpers/intl';
import { reserveNamespaces } from '@/app/_screens/reservation/namespaces';
import { ExperienceAccordion } from '@/components/reservation/experience-accordion';
import type { WizardSetup } from '@/components/reservation/types';
import { descriptionText, sanitizeDescription, sanitizedTexts } from '@/lib/html/description';

const setup = { locale: 'en' } as unknown as WizardSetup;

/** Issue 45: an experience's description ("may contain simple HTML") is shown as HTML, made safe on the server. */
describe('experience descriptions', () => {
  it('keep the simple tags and a link with http, https or mailto, with rel=noopener', () => {
    const html = '<p>Cinque vini dei <strong>colli</strong> &amp; <em>più</em></p><ul><li>Pignoletto</li><li><b>Barbera</b> <i>2022</i></li></ul><ol><li>a<br/>b</li></ol>';
    expect(sanitizeDescription(html)).toBe('<p>Cinque vini dei <strong>colli</strong> &amp; <em>più</em></p><ul><li>Pignoletto</li><li><b>Barbera</b> <i>2022</i></li></ul><ol><li>a<br>b</li></ol>');
    expect(sanitizeDescription('<a href="https://cantina.example/?a=1&b=2" target="_blank" title="t">Cantina</a> <a href="mailto:vini@sole.example">scrivici</a>')).toBe(
      '<a href="https://cantina.example/?a=1&amp;b=2" rel="noopener noreferrer">Cantina</a> <a href="mailto:vini@sole.example" rel="noopener noreferrer">scrivici</a>',
    );
    expect(sanitizeDescription('Plain text, 5 < 6 & "quoted"')).toBe('Plain text, 5 &lt; 6 &amp; &quot;quoted&quot;');
  });

  it('drop scripts, styles, event handlers, style attributes and javascript: or data: links', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<style>body{display:none}</style>',
      '<p onclick="alert(1)" style="color:red" class="x">click</p>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">js</a>',
      '<a href=" JaVa&#x09;ScRiPt:alert(1)">tab</a>',
      '<a href="java\tscript:alert(1)">raw tab</a>',
      '<a href="data:text/html,<script>alert(1)</script>">data</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg><script>alert(1)</script></svg>',
      '<div><strong onmouseover="alert(1)">bold</strong></div>',
      '<!-- <script>alert(1)</script> -->',
    ].join('');
    const safe = sanitizeDescription(hostile);
    expect(safe).toBe('<p>click</p>jstabraw tabdata<strong>bold</strong>');
    const parsed = new DOMParser().parseFromString(safe, 'text/html').body;
    expect(parsed.querySelectorAll('script, style, img, iframe, svg, a')).toHaveLength(0);
    expect([...parsed.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.name))).toEqual([]);
    expect(descriptionText('<p>Cinque <strong>vini</strong></p><script>x()</script>')).toBe('Cinque vini');
    expect(sanitizedTexts({ it: '<p onclick="x">Vini</p>', en: '<b>Wines</b><script>x</script>' })).toEqual({ it: '<p>Vini</p>', en: '<b>Wines</b>' });
  });

  it('are shown as HTML in the table wizard\'s accordion, not as text with tags', () => {
    const descrizione = sanitizedTexts({ it: '<p>Cinque vini</p>', en: '<p>Five <strong>wines</strong> of the hills</p><ul><li>Pignoletto</li></ul><script>document.title = "hacked"</script>' });
    const { container } = renderWithIntl(
      <ExperienceAccordion setup={setup} pax={2} date="2027-12-03" withTables={false} experiences={[{ hash: 'h1', title: { it: 'Vini', en: 'Wines' }, description: descrizione, times: ['19:30'], price: 45 }]} />,
      { namespaces: reserveNamespaces },
    );
    expect(screen.getByText('wines', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Pignoletto');
    expect(container.textContent).not.toContain('<p>');
    expect(container.querySelector('script')).toBeNull();
  });
});
