import 'server-only';
import { backendFor } from '@/server/backend';
import { unstable_cache } from 'next/cache';
import { getExperienceList, pageLife, PAGE_LIFE_MAX_SECONDS, REVALIDATE_SECONDS, venueTag } from '@/server/venues/data';
import { placesTag } from '@/server/venues/tags';
import type { Experience } from '@/lib/contract/experience';

/** A read's answer failed: not cached, and not asked again. */
class BackendSaidNo extends Error {}

/** Whether bookings change what a page shows of an experience: its places are limited (server/venues/places.ts). */
const limitedPlaces = (e: Pick<Experience, 'maxPrenotazioni'>) => e.maxPrenotazioni > 0;

/**
 * The life of the reads of one experience's page (issue 43): with limited places, REVALIDATE_SECONDS
 * and the places' tag, dropped when a booking takes the last places (server/venues/places.ts), so
 * "sold out" shows at once and places given back within 150 s; else the venue's pages' life.
 */
async function experienceReadLife(venueKey: string, limited: boolean) {
  const life = await pageLife(venueKey);
  if (limited || !life.until) return { key: '', tags: [venueTag(venueKey), placesTag(venueKey)], revalidate: REVALIDATE_SECONDS };
  return { key: life.until, tags: [venueTag(venueKey)], revalidate: PAGE_LIFE_MAX_SECONDS };
}

/**
 * One experience by its public hash: from the venue's cached list, else (an experience not
 * listed, `flagVisibile` 0, reached by its link) with the experience door's `byHash`. An
 * experience with limited places is read afresh (cached REVALIDATE_SECONDS, dropped when its
 * places flip): the list is kept for the pages' whole life and its places would be stale.
 */
export async function loadExperience(venueKey: string, hash: string): Promise<Experience | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(hash)) return null;
  const list = await getExperienceList(venueKey);
  const listed = list.elenco.find((e) => e.hash === hash);
  if (listed && !limitedPlaces(listed)) return listed;
  const read = async () => {
    const single = await backendFor(venueKey).experiences.byHash(hash);
    if (!single.status && single.error !== 'notFound') throw new BackendSaidNo();
    return single.status ? single.data : null;
  };
  const life = await experienceReadLife(venueKey, true);
  try {
    return await unstable_cache(read, ['experience', venueKey, hash], { tags: life.tags, revalidate: life.revalidate })();
  } catch (error) {
    // The backend could not say: the list's copy, if any (nothing cached). Outside a Next server (a script, a test): asked directly.
    if (error instanceof BackendSaidNo) return listed ?? null;
    return read().catch(() => listed ?? null);
  }
}


/** How many upcoming dates an experience's structured data lists (one `Event` each). */
export const EVENT_DATES = 10;

/**
 * The experience's next bookable dates (at most EVENT_DATES), from the backend's own
 * `availabledays` for this month and the next two: what its `Event`s announce. Empty when
 * the backend cannot say (the page then keeps the experience's start date).
 */
export async function upcomingExperienceDates(venueKey: string, e: Experience, today: string): Promise<string[]> {
  const partySize = Math.max(1, e.numOspitiMin);
  const read = async () => {
    const months = [0, 1, 2].map((n) => {
      const d = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + n);
      return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
    });
    const answers = await Promise.all(months.map((m) => backendFor(venueKey).experiences.days({ ...m, partySize, experienceId: e.id })));
    if (answers.some((a) => !a.status)) throw new BackendSaidNo();
    return answers
      .flatMap((a) => (a.status ? a.data : []))
      .filter((d) => d.state === 'available' && d.date >= today)
      .map((d) => d.date)
      .slice(0, EVENT_DATES);
  };
  // Cached like the venue's other data (the page is served from the cache: a no-store fetch would make it dynamic); a failed answer is not kept.
  // Limited places: 150 s and dropped when they flip; else the pages' life (experienceReadLife).
  const life = await experienceReadLife(venueKey, limitedPlaces(e));
  const cached = unstable_cache(read, ['experience-dates', venueKey, String(e.id), String(partySize), today, life.key], { tags: life.tags, revalidate: life.revalidate });
  try {
    return await cached();
  } catch (error) {
    // The backend could not say: no dates (and nothing cached). Outside a Next server (a script,
    // a test) there is no cache to read through: ask directly.
    if (error instanceof BackendSaidNo) return [];
    return read().catch(() => []);
  }
}
