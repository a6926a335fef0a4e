import type { AdditionalField } from '@/lib/contract/experience-fields';
import type { ExperienceDay, ExperiencePayment, ExperienceTime } from '@/lib/contract/experience-booking';
import { experienceOutcomes } from '@/lib/routes';
import { array, boolean, nullable, number, object, oneOf, optional, string, texts, type Check } from '../check';
import { guaranteeTerms, paymentConfig } from './reservation';

/**
 * What the experience form's `/api/experience/*` calls answer in `data` (lib/api/client.ts).
 * Each check is typed as the contract's answer, so a check that lets through less than the
 * page reads is a type error; tests/integration/api-answers.pglite.test.ts runs the handlers.
 */
export const experienceDaysAnswer: Check<ExperienceDay[]> = array(object({ date: string, state: oneOf('available', 'completed', 'closed', 'past'), posti: number }));

export const experienceTimesAnswer: Check<ExperienceTime[]> = array(object({ time: string, available: boolean, posti: number }));

export const experienceFieldsAnswer: Check<AdditionalField[]> = array(object({ key: string, label: texts, required: boolean }));

const offer = { payment: paymentConfig, reference: optional(string), clientSecret: optional(string) };

export const experiencePaymentAnswer: Check<ExperiencePayment> = object({
  guarantee: nullable(object({ required: oneOf(true), terms: guaranteeTerms, ...offer })),
  deposit: nullable(object({ amountCents: number, currency: string, kind: oneOf('deposit', 'prepayment'), ...offer })),
});

export const experienceBookedAnswer = object({ outcome: oneOf(...experienceOutcomes), hash: string });
