import 'server-only';
import type { StaffDoor } from '@/lib/backend/staff';
import { staffAnswerByLink, staffAnswerLink } from '@/server/staff/link-core';
import { coreRunner } from './builtin';

/**
 * The staff's door of the built-in backend (issue 42, "One core, two doors"): the staff's core
 * (server/staff/link-core.ts) called directly on the venue the request resolved, nothing
 * serialised, as the table door does (server/backend/builtin.ts).
 */
export function builtinStaff(venueKey: string): StaffDoor {
  const run = coreRunner(venueKey);
  return {
    answerLink: (link) => run('answerlink/get', (db, venue) => staffAnswerLink(db, venue, link)),
    // The answer's e-mails link to the venue's own host, as the contract's adapter's do in-process.
    answerByLink: (link, note) => run('answerlink/answer', (db, venue) => staffAnswerByLink(db, venue, link, note, venueKey)),
  };
}
