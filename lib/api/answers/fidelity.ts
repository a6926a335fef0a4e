import { fidelityOutcomes } from '@/lib/forms/fidelity-fields';
import { object, oneOf } from '../check';

/** What the loyalty forms' `/api/fidelity*` calls answer: the whole body, not `{data}` (server/fidelity/http.ts). */
export const signUpAnswer = object({ outcome: oneOf(...fidelityOutcomes) });

export const lookupAnswer = object({ outcome: oneOf('sent') });
