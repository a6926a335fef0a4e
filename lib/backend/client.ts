import { z } from 'zod';
import { envelope } from '@/lib/contract/fields';
import { locationSchema, servicesSchema, type Location, type PrefixItem } from '@/lib/contract/location';
import { experienceListSchema, type ExperienceList } from '@/lib/contract/experience';
import { errorMessage, log } from '@/lib/log';

/** Sends one contract call (spec section 7) and returns the parsed JSON body; throws on failure. */
export type Transport = (call: string, payload?: Record<string, string>) => Promise<unknown>;

/** The page's only way to the backend: typed calls over a legacy or built-in transport. */
export interface BackendClient {
  getLocation(): Promise<Location | null>;
  getAllServices(): Promise<PrefixItem[]>;
  getExperienceList(): Promise<ExperienceList>;
}

export function createBackendClient(transport: Transport, label: string): BackendClient {
  /** Spec section 7: a failed data-loading call reads as empty or null, and is logged. */
  async function load<S extends z.ZodType, F>(call: string, schema: S, fallback: F): Promise<z.output<S> | F> {
    try {
      const body = envelope(z.unknown()).safeParse(await transport(call));
      if (!body.success || !body.data.status) {
        log.warn('backend_status_false', { backend: label, call });
        return fallback;
      }
      const data = schema.safeParse(body.data.data);
      if (!data.success) {
        log.warn('backend_bad_response', { backend: label, call, issue: data.error.issues[0]?.path.join('.') });
        return fallback;
      }
      return data.data as z.output<S>;
    } catch (error) {
      log.warn('backend_call_failed', { backend: label, call, error: errorMessage(error) });
      return fallback;
    }
  }

  return {
    getLocation: () => load('location/getlocation', locationSchema, null),
    getAllServices: async () => (await load('services/getallservices', servicesSchema, null))?.prefixList ?? [],
    getExperienceList: () =>
      load('experience/getexperiencelist', experienceListSchema, { elenco: [], pagine: 0, totale: 0 }),
  };
}
