import { z } from 'zod';
import { envelope, flag, str } from '@/lib/contract/fields';
import { locationSchema, servicesSchema, type Location, type PrefixItem } from '@/lib/contract/location';
import { experienceListSchema, type ExperienceList } from '@/lib/contract/experience';
import { errorMessage, log } from '@/lib/log';

/** Sends one contract call (spec section 7) and returns the parsed JSON body; throws on failure. */
export type Transport = (call: string, payload?: Record<string, string>) => Promise<unknown>;

/** The answer of a call that changes something: its data, or an error code with field errors. */
export type ActionResult =
  | { status: true; data: unknown }
  | { status: false; error: string; fieldErrors: Record<string, string> };

const actionSchema = z.object({
  status: flag,
  data: z.unknown().optional(),
  error: str,
  fieldErrors: z.record(z.string(), z.string()).nullish(),
});

export type ReservationCall = 'getmonth' | 'getday' | 'hold' | 'release' | 'create' | 'guarantee' | 'verifycode' | 'resendcode' | 'codestatus' | 'get' | 'edit' | 'cancel';

/** The page's only way to the backend: typed calls over a legacy or built-in transport. */
export interface BackendClient {
  getLocation(): Promise<Location | null>;
  getAllServices(): Promise<PrefixItem[]>;
  getExperienceList(): Promise<ExperienceList>;
  /** `fidelity/subscribe` (docs/backend-contract.md). */
  subscribeFidelity(payload: Record<string, string>): Promise<ActionResult>;
  /** `fidelity/lookup`. */
  lookupFidelity(payload: Record<string, string>): Promise<ActionResult>;
  /** `reservation/*` (docs/backend-contract.md). */
  reservation(call: ReservationCall, payload: Record<string, string>): Promise<ActionResult>;
  /** `payment/confirmlocal`: the local test provider's card form. */
  payment(call: 'confirmlocal', payload: Record<string, string>): Promise<ActionResult>;
  /** `experience/getesperienzemonth` and `experience/getesperienzeday` (spec section 7). */
  experienceDays(call: 'getesperienzemonth' | 'getesperienzeday', payload: Record<string, string>): Promise<ActionResult>;
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

  /** A call that changes something: a failure to reach the backend reads as `generic`. */
  async function act(call: string, payload: Record<string, string>): Promise<ActionResult> {
    try {
      const body = actionSchema.safeParse(await transport(call, payload));
      if (!body.success) {
        log.warn('backend_bad_response', { backend: label, call });
        return { status: false, error: 'generic', fieldErrors: {} };
      }
      if (body.data.status) return { status: true, data: body.data.data };
      return { status: false, error: body.data.error || 'generic', fieldErrors: body.data.fieldErrors ?? {} };
    } catch (error) {
      log.error('backend_call_failed', { backend: label, call, error: errorMessage(error) });
      return { status: false, error: 'generic', fieldErrors: {} };
    }
  }

  return {
    subscribeFidelity: (payload) => act('fidelity/subscribe', payload),
    lookupFidelity: (payload) => act('fidelity/lookup', payload),
    reservation: (call, payload) => act(`reservation/${call}`, payload),
    payment: (call, payload) => act(`payment/${call}`, payload),
    experienceDays: (call, payload) => act(`experience/${call}`, payload),
    getLocation: () => load('location/getlocation', locationSchema, null),
    getAllServices: async () => (await load('services/getallservices', servicesSchema, null))?.prefixList ?? [],
    getExperienceList: () =>
      load('experience/getexperiencelist', experienceListSchema, { elenco: [], pagine: 0, totale: 0 }),
  };
}
