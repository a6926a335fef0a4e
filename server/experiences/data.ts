import 'server-only';
import { backendFor } from '@/server/backend';
import { unstable_cache } from 'next/cache';
import { getExperienceList, REVALIDATE_SECONDS, venueTag } from '@/server/venues/data';
import type { Experience } from '@/lib/contract/experience';

/**
 * One experience by its public hash: from the venue's cached list, else (an experience not
 * listed, `flagVisibile` 0, reached by its link) with the experience door's `byHash`.
 */
export async function loadExperience(venueKey: string, hash: string): Promise<Experience | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(hash)) return null;
  const list = await getExperienceList(venueKey);
  const listed = list.elenco.find((e) => e.hash === hash);
  if (listed) return listed;
  const single = await backendFor(venueKey).experiences.byHash(hash);
  return single.status ? single.data : null;
}

/** The days' answer failed: not cached, and not asked again. */
class BackendSaidNo extends Error {}

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
  const cached = unstable_cache(read, ['experience-dates', venueKey, String(e.id), String(partySize), today], { tags: [venueTag(venueKey)], revalidate: REVALIDATE_SECONDS });
  try {
    return await cached();
  } catch (error) {
    // The backend could not say: no dates (and nothing cached). Outside a Next server (a script,
    // a test) there is no cache to read through: ask directly.
    if (error instanceof BackendSaidNo) return [];
    return read().catch(() => []);
  }
}
