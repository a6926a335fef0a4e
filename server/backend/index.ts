import 'server-only';
import { createBackendClient, type BackendClient } from '@/lib/backend/client';
import { legacyTransport } from '@/lib/backend/legacy';
import { builtinExperiences, builtinGuestLinks, builtinTables, builtinTransport, builtinVenue } from './builtin';
import { wireGuestLinks, type GuestLinkDoor } from '@/lib/backend/links';
import { wireExperiences, type ExperienceDoor } from '@/lib/backend/experiences';
import { wireTables, type TableDoor } from '@/lib/backend/tables';
import { wireGiftcards, type GiftcardDoor } from '@/lib/backend/giftcards';
import { wirePromo, type PromoDoor } from '@/lib/backend/promo';
import { wireLoyalty, type LoyaltyDoor } from '@/lib/backend/loyalty';
import { wireVenue, type VenueDoor } from '@/lib/backend/venue';
import { builtinGiftcards, builtinLoyalty, builtinPromo } from './builtin-sales';
import { builtinStaff } from './builtin-staff';
import { wireStaff, type StaffDoor } from '@/lib/backend/staff';
import { config } from '@/server/runtime/config';
import { siteOrigin } from '@/lib/venue/origin';
import { observedTransport, propagatingFetch } from '@/server/observability/observe';

/**
 * The one way pages, route handlers and link pages reach the backend (issue 42): the contract's
 * calls (`BackendClient`) and, domain by domain as they move to the typed core, its typed doors
 * (`tables`: table bookings; `experiences`: experience bookings; `guestLinks`: the guest's signed link pages;
 * `giftcards`; `promotions`; `loyalty`; `venue`: the venue's location; `staffArea`: the staff area's calls, its answer links so far).
 */
export type Backend = BackendClient & {
  tables: TableDoor;
  experiences: ExperienceDoor;
  guestLinks: GuestLinkDoor;
  giftcards: GiftcardDoor;
  promotions: PromoDoor;
  loyalty: LoyaltyDoor;
  venue: VenueDoor;
  staffArea: StaffDoor;
};

/**
 * The backend for one venue key: the legacy one when BACKEND_URL is set (told this site's
 * guest-facing origin, siteOrigin, for the links it e-mails), else the built-in one, whose
 * typed doors call its core directly.
 */
export function backendFor(venueKey: string): Backend {
  const legacy = config.legacyBackend;
  if (legacy) {
    // Each call in its span, and the trace carried on to the backend (docs/observability.md).
    const client = createBackendClient(observedTransport(legacyTransport({ ...legacy, host: venueKey, origin: siteOrigin(venueKey).origin, timeoutMs: config.backendTimeoutMs, fetch: propagatingFetch })), 'legacy');
    return {
      ...client,
      tables: wireTables(client),
      experiences: wireExperiences(client),
      guestLinks: wireGuestLinks(client),
      giftcards: wireGiftcards(client),
      promotions: wirePromo(client),
      loyalty: wireLoyalty(client),
      venue: wireVenue(client),
      staffArea: wireStaff(client),
    };
  }
  return {
    ...createBackendClient(builtinTransport(venueKey), 'builtin'),
    tables: builtinTables(venueKey),
    experiences: builtinExperiences(venueKey),
    guestLinks: builtinGuestLinks(venueKey),
    giftcards: builtinGiftcards(venueKey),
    promotions: builtinPromo(venueKey),
    loyalty: builtinLoyalty(venueKey),
    venue: builtinVenue(venueKey),
    staffArea: builtinStaff(venueKey),
  };
}

/**
 * A page the backend names for the guest (a hosted payment page): a relative URL is a page of
 * the backend, so a front resolves it against BACKEND_URL, never against itself.
 */
export function backendPageUrl(url: string): string {
  const base = config.backendUrl;
  return url && base ? new URL(url, `${base}/`).href : url;
}

export type { BackendClient } from '@/lib/backend/client';
