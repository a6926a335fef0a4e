import 'server-only';
import { backendFor } from '@/lib/backend';
import { getExperienceList } from '@/lib/venue/data';
import type { Experience } from '@/lib/contract/experience';

/**
 * One experience by its public hash: from the venue's cached list, else (an experience not
 * listed, `flagVisibile` 0, reached by its link) with `getsingleexperiencebyhash`.
 */
export async function loadExperience(venueKey: string, hash: string): Promise<Experience | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(hash)) return null;
  const list = await getExperienceList(venueKey);
  const listed = list.elenco.find((e) => e.hash === hash);
  if (listed) return listed;
  const single = await backendFor(venueKey).experience('getsingleexperiencebyhash', { experienceHash: hash });
  return single.status ? single.data : null;
}
