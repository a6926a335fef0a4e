import { bandColours, brandEmail, mapUrl } from '@/server/outbox/layout';

const brand = { name: 'Osteria Gialla', logoUrl: 'https://gialla.example/logo.png', brandColor: '#f5c518', address: 'Via Roma 1, Bologna', phone: '+39 051 123456', siteUrl: 'https://gialla.example/' };

/** Issue 29, point 14: every e-mail in the venue's frame. */
describe('the e-mail frame', () => {
  it('puts the content between the venue band (logo, name, its colour with readable text) and the way to reach it', () => {
    const mail = brandEmail(brand, 'de', { html: '<!doctype html><html><body><p>Hallo Anna,</p></body></html>', text: 'Hallo Anna,' }, { unsubscribeUrl: 'https://gialla.example/de/frontpage/unsubscribe?t=x' });
    expect(mail.html!.match(/<html/g)).toHaveLength(1);
    expect(mail.html).toContain('<p>Hallo Anna,</p>');
    expect(mail.html).toContain('<img src="https://gialla.example/logo.png"');
    expect(mail.html).toContain('background:#f5c518;color:#1f1b16');
    expect(mail.html).toContain('href="tel:+39051123456"');
    expect(mail.html).toContain('Anfahrt (Karte)');
    expect(mail.html).toContain('Diese E-Mails nicht mehr erhalten');
    expect(mail.text).toBe(`Hallo Anna,\n\n—\nOsteria Gialla · Via Roma 1, Bologna · +39 051 123456\nKarte: ${mapUrl(brand)}\nDiese E-Mails nicht mehr erhalten: https://gialla.example/de/frontpage/unsubscribe?t=x\n`);
  });

  it('chooses white or dark text on the band by contrast, at least 4.5:1', () => {
    expect(bandColours('#8a2c1b')).toEqual({ background: '#8a2c1b', text: '#ffffff' });
    expect(bandColours('#f5c518').text).toBe('#1f1b16');
    expect(bandColours('not a colour').background).toBe('#8a2c1b');
  });

  it('frames a text-only message in text only', () => {
    expect(brandEmail(brand, 'it', { html: null, text: 'Ciao' }).html).toBeNull();
  });
});
