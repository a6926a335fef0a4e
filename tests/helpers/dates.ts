/**
 * Day strings for the strict-date tests, built from a year (the pinned clock's in Jest, the
 * browser's in e2e) so no test names a fixed calendar date: the impossible ones stay impossible
 * and the leap day stays real whatever day the suite runs. Pure, so Playwright can load it too.
 */
const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** The first leap year after `year`, and the first common year from `year` on. */
export const leapYearAfter = (year: number) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => year + n).find(isLeap)!;
export const commonYearFrom = (year: number) => [0, 1, 2, 3].map((n) => year + n).find((y) => !isLeap(y))!;

/** Days that do not exist (month 13, day 32, month 0, day 0, 29 February of a common year) and a day not written yyyy-mm-dd. */
export function impossibleDates(year: number) {
  return {
    month13: `${year}-13-45`,
    day32: `${year}-12-32`,
    month0: `${year + 1}-00-10`,
    day0: `${year + 1}-01-00`,
    commonLeapDay: `${commonYearFrom(year)}-02-29`,
    unpadded: `${year}-1-5`,
  };
}

/** The day summer time starts in `year` (yyyy-mm-dd): the last Sunday of March in the EU, the second in the US. */
export function summerTimeStarts(year: number) {
  const sundays = Array.from({ length: 31 }, (_, i) => i + 1).filter((d) => new Date(Date.UTC(year, 2, d)).getUTCDay() === 0);
  const day = (d: number) => `${year}-03-${String(d).padStart(2, '0')}`;
  return { europe: day(sundays[sundays.length - 1]), us: day(sundays[1]) };
}

/** The day summer time ends in Europe in `year` (yyyy-mm-dd): the last Sunday of October. */
export function summerTimeEnds(year: number) {
  const last = Array.from({ length: 31 }, (_, i) => i + 1).filter((d) => new Date(Date.UTC(year, 9, d)).getUTCDay() === 0).pop()!;
  return `${year}-10-${last}`;
}

/** 30 February: a day that never exists, in the year after `year`. */
export const february30 = (year: number) => `${year + 1}-02-30`;
