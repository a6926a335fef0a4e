import 'server-only';
import type { CallContext, Envelope } from '@/server/backend/call';
import { experienceList } from './list';

export { EXPERIENCE_PAGE_SIZE, experienceToContract } from './list';

/** `experience/getexperiencelist {page?}` → `{elenco, pagine, totale}`: visible experiences, in display order (the core: server/experiences/list.ts). */
export async function getExperienceList({ db, venue, params }: CallContext): Promise<Envelope> {
  return { status: true, data: await experienceList(db, venue, Number(params.get('page')) || 1) };
}
