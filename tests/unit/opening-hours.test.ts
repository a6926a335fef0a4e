import { openingHoursOf } from '@/lib/seo/opening-hours';

describe('openingHoursSpecification from shifts', () => {
  const shifts = [
    { key: 'pranzo', weekdays: [2, 3, 4, 5, 6, 7], startTime: '12:00', endTime: '15:00' },
    { key: 'cena', weekdays: [7, 2, 3, 4, 5, 6], startTime: '19:00', endTime: '23:30' },
    { key: 'notte', weekdays: [5, 6], startTime: '22:00', endTime: '02:00' },
  ];

  it('one entry per shift with its weekdays in order, past midnight kept as the shift says', () => {
    const hours = openingHoursOf(shifts);
    expect(hours[0]).toEqual({ dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], opens: '12:00', closes: '15:00' });
    expect(hours[1].dayOfWeek).toEqual(hours[0].dayOfWeek);
    expect(hours[2]).toEqual({ dayOfWeek: ['Friday', 'Saturday'], opens: '22:00', closes: '02:00' });
  });

  it('upcoming closures are closed days; a special opening is valid on its day only, with its shifts', () => {
    const hours = openingHoursOf(shifts, { closures: ['2031-05-09', '2031-01-01'], specialOpenings: [{ date: '2031-05-12', shifts: ['cena'] }] }, '2031-05-06');
    expect(hours.slice(3)).toEqual([
      { dayOfWeek: ['Friday'], opens: '00:00', closes: '00:00', validFrom: '2031-05-09', validThrough: '2031-05-09' },
      { dayOfWeek: ['Monday'], opens: '19:00', closes: '23:30', validFrom: '2031-05-12', validThrough: '2031-05-12' },
    ]);
  });
});
