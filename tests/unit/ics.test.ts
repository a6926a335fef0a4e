import { reservationIcs } from '@/server/booking/ics';
import { calendarFile } from '@/lib/calendar/ics';
import { TEST_NOW } from '../helpers/clock';

// A July evening of the year after the pinned clock's: summer time in Florence.
const YEAR = TEST_NOW.getUTCFullYear() + 1;

describe('calendar file', () => {
  const ics = reservationIcs({
    uid: 'abc@demo.localhost',
    timeZone: 'Europe/Rome',
    date: `${YEAR}-07-10`,
    time: '20:30',
    durationMinutes: 120,
    summary: 'Trattoria Da Rosa, table for 2; terrace',
    location: 'Via dei Neri 42r, Firenze',
    description: 'Line one\nhttps://demo.localhost/reserve/abc/edit',
    url: 'https://demo.localhost/reserve/abc/edit',
    now: new Date(`${YEAR}-07-01T10:00:00Z`),
  });

  it('places the booking in UTC (summer time in Florence is UTC+2)', () => {
    expect(ics).toContain(`DTSTART:${YEAR}0710T183000Z`);
    expect(ics).toContain(`DTEND:${YEAR}0710T203000Z`);
    expect(ics).toContain(`DTSTAMP:${YEAR}0701T100000Z`);
  });

  it('escapes text and uses CRLF line ends, folding long lines', () => {
    expect(ics).toContain('SUMMARY:Trattoria Da Rosa\\, table for 2\\; terrace');
    expect(ics).toContain('DESCRIPTION:Line one\\nhttps://demo.localhost/reserve/abc/edit');
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });

  it("the outcome page's file (no description) comes from the same writer: folded by bytes, accents included", () => {
    const file = calendarFile({
      uid: 'abc@demo.localhost',
      start: new Date(`${YEAR}-07-10T18:30:00Z`),
      end: new Date(`${YEAR}-07-10T20:30:00Z`),
      now: new Date(`${YEAR}-07-01T10:00:00Z`),
      summary: 'Trattoria Da Rosa: tavolo per 2, è già confermato; più di settantacinque byte in questa riga',
      location: 'Via dei Neri 42r, Firenze',
      url: 'https://demo.localhost/reserve/abc/edit',
    });
    expect(file).not.toContain('DESCRIPTION');
    expect(file).toContain(`DTSTART:${YEAR}0710T183000Z`);
    expect(file.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(file.replace(/\r\n /g, '')).toContain('SUMMARY:Trattoria Da Rosa: tavolo per 2\\, è già confermato\\; più di settantacinque byte in questa riga');
  });
});
