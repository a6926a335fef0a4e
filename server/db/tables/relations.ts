import { relations } from 'drizzle-orm';
import { shifts, venueHosts, venues, zones } from './venues';
import { experiences } from './experiences';

/**
 * What a venue's set-up is made of, for drizzle's relational queries: the venue with its
 * shifts, zones, experiences and hosts read in one statement (issue 42, statement budgets;
 * server/booking/service.ts `loadBookingVenue`). No table or column: drizzle-kit ignores these.
 */
export const venueRelations = relations(venues, ({ many }) => ({ shifts: many(shifts), zones: many(zones), experiences: many(experiences), hosts: many(venueHosts) }));
export const shiftRelations = relations(shifts, ({ one }) => ({ venue: one(venues, { fields: [shifts.venueId], references: [venues.id] }) }));
export const zoneRelations = relations(zones, ({ one }) => ({ venue: one(venues, { fields: [zones.venueId], references: [venues.id] }) }));
export const experienceRelations = relations(experiences, ({ one }) => ({ venue: one(venues, { fields: [experiences.venueId], references: [venues.id] }) }));
export const venueHostRelations = relations(venueHosts, ({ one }) => ({ venue: one(venues, { fields: [venueHosts.venueId], references: [venues.id] }) }));
