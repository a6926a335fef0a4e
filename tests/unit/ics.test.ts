import { reservationIcs } from '@/server/booking/ics';

describe('calendar file', () => {
  const ics = reservationIcs({
    uid: 'abc@demo.localhost',
    timeZone: 'Europe/Rome',
    date: '2027-07-10',
    time: '20:30',
    durationMinutes: 120,
    summary: 'Trattoria Da Rosa, table for 2; terrace',
    location: 'Via dei Neri 42r, Firenze',
    description: 'Line one\nhttps://demo.localhost/reserve/abc/edit',
    url: 'https://demo.localhost/reserve/abc/edit',
    now: new Date('2027-07-01T10:00:00Z'),
  });

  it('places the booking in UTC (summer time in Florence is UTC+2)', () => {
    expect(ics).toContain('DTSTART:20270710T183000Z');
    expect(ics).toContain('DTEND:20270710T203000Z');
    expect(ics).toContain('DTSTAMP:20270701T100000Z');
  });

  it('escapes text and uses CRLF line ends, folding long lines', () => {
    expect(ics).toContain('SUMMARY:Trattoria Da Rosa\\, table for 2\\; terrace');
    expect(ics).toContain('DESCRIPTION:Line one\\nhttps://demo.localhost/reserve/abc/edit');
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });
});
