import 'server-only';
import type { CallContext, Envelope } from '@/server/backend/call';
import { venueLocation } from './location';

/** `location/getlocation {language?}` → the venue's name, currency, custom HTML and this project's additions (the core: server/venues/location.ts). */
export async function getLocation({ db, venue, params }: CallContext): Promise<Envelope> {
  return { status: true, data: await venueLocation(db, venue, params.get('language')) };
}
