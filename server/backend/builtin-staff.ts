import 'server-only';
import { staffBookedOf, staffBookingOf, staffDayOf, staffFields, staffTableFields, type StaffDoor, type StoredStaffBooked } from '@/lib/backend/staff';
import { staffBookingFrom, staffTableFrom } from '@/server/staff/calls';
import { readAnswer } from '@/lib/backend/tables';
import { staffAnswerByLink, staffAnswerLink } from '@/server/staff/link-core';
import { staffAnswer, staffAutoOffers, staffDaySheet, staffGuest, staffMetrics, staffSearch } from '@/server/staff/core';
import { coreRunner } from './builtin';

/**
 * The staff's door of the built-in backend (issue 42, "One core, two doors"): the staff's core
 * (server/staff/link-core.ts) called directly on the venue the request resolved, nothing
 * serialised, as the table door does (server/backend/builtin.ts).
 */
export function builtinStaff(venueKey: string): StaffDoor {
  const run = coreRunner(venueKey);
  return {
    day: async (date) => readAnswer(await run('staff/day', (db, venue) => staffDaySheet(db, venue, date)), staffDayOf),
    search: async (q) => readAnswer(await run('staff/search', (db, venue) => staffSearch(db, venue, q)), (found) => ({ q: found.q, bookings: found.bookings.map(staffBookingOf) })),
    metrics: (month) => run('staff/metrics', (db, venue) => staffMetrics(db, venue, month)),
    // The answer's e-mails link to the venue's own host, as the contract's adapter's do in-process.
    answer: async (action, input) =>
      readAnswer(await run(`staff/${action}`, (db, venue) => staffAnswer(db, venue, action, input, venueKey)), (answered) => ({ result: answered.result, booking: staffBookingOf(answered.booking) })),
    autoOffers: (enabled) => run('staff/autooffers', (db, venue) => staffAutoOffers(db, venue, enabled)),
    guest: (input) => run('staff/guest', (db, venue) => staffGuest(db, venue, input)),
    // The form's rule and its idempotency key over the same fingerprint as the contract's adapter: a retry is the first booking.
    book: async (call, form) => {
      const fields = staffFields(form, call);
      return readAnswer(await run<StoredStaffBooked>(call, (db, venue) => staffBookingFrom(db, venue, call, fields, fields.idempotencyKey || null)), staffBookedOf);
    },
    table: async (t) => readAnswer(await run<StoredStaffBooked>('staff/table', (db, venue) => staffTableFrom(db, venue, staffTableFields(t))), staffBookedOf),
    answerLink: (link) => run('answerlink/get', (db, venue) => staffAnswerLink(db, venue, link)),
    // The answer's e-mails link to the venue's own host, as the contract's adapter's do in-process.
    answerByLink: (link, note) => run('answerlink/answer', (db, venue) => staffAnswerByLink(db, venue, link, note, venueKey)),
  };
}
