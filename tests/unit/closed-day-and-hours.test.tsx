/**
 * @jest-environment jsdom
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { SWRConfig } from 'swr';
import { TimeStep } from '@/components/reservation/time-step';
import { ClosedDay, closedReason } from '@/components/reservation/closed-day';
import type { DayDetail, DayExperience, WizardSetup } from '@/components/reservation/types';
import { closureRanges, openingHoursOf, openingHoursText, openWeekdays } from '@/lib/seo/opening-hours';
import { messagesOf, renderWithIntl } from '../helpers/intl';
import { reserveNamespaces } from '@/app/_screens/reservation/namespaces';
import { testDay } from '../helpers/clock';
import { formatDay } from '@/lib/i18n/format';

/** Issue 45: a closed day reached by a link says why and offers the next open days; the hours are text; a full time is said once, under the times. */

// The demo's week: closed on Monday, lunch and dinner Tuesday to Sunday; a three-day closure from testDay(9), a Thursday.
const shifts = [
  { key: 'pranzo', weekdays: [2, 3, 4, 5, 6, 7], startTime: '12:00', endTime: '15:00' },
  { key: 'cena', weekdays: [2, 3, 4, 5, 6, 7], startTime: '19:00', endTime: '23:00' },
];
const hours = openingHoursOf(shifts, { closures: [testDay(9), testDay(10), testDay(11), testDay(16)] }, testDay(0));
const opening = { weekdays: openWeekdays(hours), closures: closureRanges(hours) };
const setupOf = (locale: WizardSetup['locale']) => ({ locale, zones: { sala: 'Sala' }, shifts: {}, opening, partySize: { min: 1, directMax: 6, max: 12 }, module: null }) as unknown as WizardSetup;
const weekdayOf = (locale: string, date: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

describe('the opening hours as text (home page and footer)', () => {
  it('joins the weekdays that share their times, says the closed ones, and the closures to come as ranges, in the guest language', () => {
    const words = (locale: 'it' | 'de') => {
      const t = createTranslator({ locale, messages: messagesOf(locale), namespace: 'hours' });
      return { closed: t('closed'), closedOn: (date: string) => t('closedOn', { date }), closedFrom: (from: string, to: string) => t('closedFrom', { from, to }) };
    };
    const it = openingHoursText(hours, 'it', words('it'), 3);
    expect(it.lines).toEqual([
      { days: 'Lunedì', times: 'Chiuso' },
      { days: 'Martedì – Domenica', times: '12:00–15:00, 19:00–23:00' },
    ]);
    expect(it.closures).toHaveLength(2);
    expect(it.closures[0]).toMatch(/^Chiuso dal \d+ \S+ \d{4} al \d+ \S+ \d{4}$/);
    expect(it.closures[1]).toBe(`Chiuso ${new Intl.DateTimeFormat('it', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${testDay(16)}T12:00:00Z`))}`);
    const de = openingHoursText(hours, 'de', words('de'));
    expect(de.lines).toEqual([
      { days: 'Montag', times: 'Geschlossen' },
      { days: 'Dienstag – Sonntag', times: '12:00–15:00, 19:00–23:00' },
    ]);
    expect(de.closures).toEqual([]);
  });
});

describe('a closed day reached by a link (/reserve?pax=2&date=…)', () => {
  const monday = testDay(6);
  const closedDay: DayDetail = { date: monday, state: 'closed', waitingList: false, slots: [] };
  // The month calls answer the calendar's states: the Tuesday after is fully booked, the Wednesday and Thursday open.
  const month = [
    { date: testDay(6), state: 'closed' },
    { date: testDay(7), state: 'completed' },
    { date: testDay(8), state: 'available' },
    { date: testDay(9), state: 'closed' },
    { date: testDay(12), state: 'available' },
    { date: testDay(13), state: 'available' },
    { date: testDay(14), state: 'available' },
  ];
  beforeEach(() => {
    global.fetch = jest.fn().mockImplementation(async (url: string) => ({ ok: true, status: 200, json: async () => ({ data: url.includes(`month=${Number(monday.slice(5, 7))}&`) ? month : [] }) })) as unknown as typeof fetch;
  });

  const renderClosed = async (locale: WizardSetup['locale'], date: string, onChoose = jest.fn()) => {
    const setup = setupOf(locale);
    await act(async () => {
      renderWithIntl(
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <TimeStep setup={setup} pax={2} date={date} day={{ ...closedDay, date }} experiences={[] as DayExperience[]} loading={false} onChoose={jest.fn()} closed={<ClosedDay setup={setup} pax={2} date={date} scope={{}} onChoose={onChoose} />} />
        </SWRConfig>,
        { locale, namespaces: reserveNamespaces },
      );
    });
    return onChoose;
  };

  it('says the venue is closed on that weekday, in words, and offers the next days with tables free', async () => {
    const onChoose = await renderClosed('it', monday);
    const status = screen.getAllByRole('status')[0];
    expect(status).toHaveTextContent('siamo chiusi.');
    expect(status).toHaveTextContent(`Siamo chiusi ogni ${weekdayOf('it', monday)}.`);
    expect(screen.getByText('I prossimi giorni con tavoli liberi:')).toBeInTheDocument();
    const offered = within(screen.getByRole('list')).getAllByRole('button');
    expect(offered).toHaveLength(3);
    fireEvent.click(offered[0]);
    expect(onChoose).toHaveBeenCalledWith(testDay(8));
    fireEvent.click(screen.getByRole('button', { name: "Scegli un'altra data" }));
    expect(onChoose).toHaveBeenLastCalledWith(null);
  });

  it('names a closure by its range, in the guest language', async () => {
    await renderClosed('en', testDay(10));
    expect(closedReason(opening, testDay(10))).toEqual({ kind: 'closure', from: testDay(9), to: testDay(11) });
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(`: we are closed.We are closed from ${formatDay(testDay(9), 'en')} to ${formatDay(testDay(11), 'en')}.`);
  });

  it('a day with no tables for another reason is said so, not called closed', async () => {
    await renderClosed('de', testDay(7));
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Für diesen Tag kann kein Tisch reserviert werden.');
    expect(screen.getAllByRole('status')[0]).not.toHaveTextContent('geschlossen');
  });
});

describe('a full time on the times step', () => {
  it('says it once, right under the times and above the experiences, with the waiting list', async () => {
    const day: DayDetail = {
      date: testDay(3),
      state: 'available',
      waitingList: true,
      slots: [
        { time: '20:00', shift: 'cena', available: false, condition: 'shiftFull', zones: [{ key: 'sala', available: false, condition: 'shiftFull' }] },
        { time: '21:00', shift: 'cena', available: true, zones: [{ key: 'sala', available: true }] },
      ],
    };
    const experiences: DayExperience[] = [{ hash: 'x1', title: { it: 'Degustazione', en: 'Tasting' }, description: { it: '', en: '' }, times: ['19:00'], price: 30, addable: true }];
    const { messages } = renderWithIntl(<TimeStep setup={setupOf('en')} pax={2} date={day.date} day={day} experiences={experiences} loading={false} onChoose={jest.fn()} />, { namespaces: reserveNamespaces });
    fireEvent.click(screen.getByRole('button', { name: /20:00/ }));
    const hint = screen.getByText(messages.reserve.time.waitingListHint);
    expect(screen.queryByText(messages.reserve.conditions.shiftFull)).toBeNull();
    expect(screen.getAllByText(/full/i).filter((el) => el.closest('.notice'))).toHaveLength(1);
    const join = screen.getByRole('button', { name: messages.reserve.time.waitingList });
    const accordion = screen.getByText(messages.reserve.time.experiences);
    // In document order: the notice and its button come before the experiences.
    expect(hint.compareDocumentPosition(accordion) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(join.compareDocumentPosition(accordion) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
