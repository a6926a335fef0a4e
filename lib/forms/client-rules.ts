import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ReservationDetails, ReservationDetailsInput } from './reservation';
import type { FidelityData, FidelityInput } from './fidelity';
import type { PromoRequestData, PromoRequestInput } from './promo';
import { EMAIL, hasPhoneDigits, nationalFrom, phoneDigits } from './shapes';

/**
 * The browser's copy of the form rules in `lib/forms/{fields,reservation,fidelity}.ts`,
 * without zod, so guest pages do not ship its full build (the server still validates every
 * request with the zod schemas; tests/unit/client-rules.test.ts checks that both agree).
 * Messages are keys under `forms.errors`, as there. The phone number is checked with
 * libphonenumber-js, loaded only when a form is submitted.
 */
type Values = Record<string, unknown>;
type Errors = Record<string, string>;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const checked = (v: unknown) => v === true || v === '1' || v === 'true';

/** Loads libphonenumber-js (its `min` metadata) on first use: `isValidPhone` of lib/forms/fields.ts. */
export async function isValidPhoneLazy(prefisso: string, telefono: string): Promise<boolean> {
  if (!hasPhoneDigits(telefono)) return false;
  const { isValidPhoneNumber } = await import('libphonenumber-js/min');
  return isValidPhoneNumber(`${prefisso}${phoneDigits(telefono)}`);
}

/** Starts loading the phone metadata early (when a phone field gets focus), so submitting does not wait. */
export function preloadPhoneRules(): void {
  void import('libphonenumber-js/min').catch(() => undefined);
}

function text(out: Values, errors: Errors, values: Values, name: string, key: string, max = 80) {
  const v = str(values[name]);
  out[name] = v;
  if (!v) errors[name] = key;
  else if (v.length > max) errors[name] = 'tooLong';
}

function emailRule(out: Values, errors: Errors, values: Values) {
  const v = str(values.email);
  out.email = v;
  if (!v) errors.email = 'emailRequired';
  else if (v.length > 254 || !EMAIL.test(v)) errors.email = 'emailInvalid';
}

async function phoneRule(out: Values, errors: Errors, values: Values) {
  const prefisso = str(values.prefisso);
  const telefono = str(values.telefono);
  out.prefisso = prefisso;
  out.telefono = telefono;
  if (!/^\+\d{1,4}$/.test(prefisso)) errors.prefisso = 'prefixRequired';
  if (!telefono) errors.telefono = 'phoneRequired';
  else if (telefono.length > 20) errors.telefono = 'phoneInvalid';
  else if (!(await isValidPhoneLazy(prefisso, telefono))) errors.telefono = 'phoneInvalid';
  else out.telefono = nationalFrom((await import('libphonenumber-js/min')).parsePhoneNumberFromString, prefisso, telefono);
}

function intIn(v: unknown, min: number, max: number): number | null {
  const n = typeof v === 'number' ? v : /^\d{1,2}$/.test(str(v)) ? Number(str(v)) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

const daysInMonth = (month: number) => new Date(Date.UTC(2024, month, 0)).getUTCDate();

function birthday(out: Values, errors: Errors, values: Values, optional: boolean) {
  const rawDay = values.compleannoGiorno;
  const rawMonth = values.compleannoMese;
  const emptyDay = rawDay === '' || rawDay === undefined;
  const emptyMonth = rawMonth === '' || rawMonth === undefined;
  const day = emptyDay && optional ? null : intIn(rawDay, 1, 31);
  const month = emptyMonth && optional ? null : intIn(rawMonth, 1, 12);
  if (!(emptyDay && optional) && day === null) errors.compleannoGiorno = 'birthDayRequired';
  if (!(emptyMonth && optional) && month === null) errors.compleannoMese = 'birthMonthRequired';
  out.compleannoGiorno = day ?? '';
  out.compleannoMese = month ?? '';
  if (optional && !errors.compleannoGiorno && !errors.compleannoMese && (day === null) !== (month === null)) {
    if (day === null) errors.compleannoGiorno = 'birthDayRequired';
    else errors.compleannoMese = 'birthMonthRequired';
  }
  if (day !== null && month !== null && day > daysInMonth(month)) errors.compleannoGiorno = 'birthDayRequired';
}

/** The guest's name, e-mail and phone (the schemas' `contactShape`). */
async function contactRules(out: Values, errors: Errors, values: Values) {
  text(out, errors, values, 'nome', 'nameRequired');
  text(out, errors, values, 'cognome', 'surnameRequired');
  emailRule(out, errors, values);
  await phoneRule(out, errors, values);
}

/** The three consents: privacy required; marketing required with its message (`requiredConsent`), or optional (null). */
function consentRules(out: Values, errors: Errors, values: Values, marketingRequired: string | null) {
  out.privacy = checked(values.privacy);
  if (!out.privacy) errors.privacy = 'privacyRequired';
  out.marketing = checked(values.marketing);
  if (marketingRequired && !out.marketing) errors.marketing = marketingRequired;
  out.marketingSms = checked(values.marketingSms);
}

type Check = (values: Values) => Promise<{ values: Values; errors: Errors }>;

/** A form's check from its rules, which write the values as the schema reads them and the errors as it names them. */
const checkWith =
  (rules: (out: Values, errors: Errors, values: Values) => void | Promise<void>): Check =>
  async (values) => {
    const out: Values = {};
    const errors: Errors = {};
    await rules(out, errors, values);
    return { values: out, errors };
  };

/** The wizard's personal-data step (`reservationDetailsSchema`). */
export const checkReservationDetails = checkWith(async (out, errors, values) => {
  await contactRules(out, errors, values);
  const motivo = str(values.motivo);
  if (motivo.length > 60 || !/^[a-z0-9-]*$/.test(motivo)) errors.motivo = 'invalid';
  out.motivo = motivo || undefined;
  birthday(out, errors, values, true);
  const note = str(values.note);
  if (note.length > 500) errors.note = 'tooLong';
  out.note = note;
  consentRules(out, errors, values, null);
});

/** Loyalty sign-up (`fidelitySchema`): both consents required. */
export const checkFidelity = checkWith(async (out, errors, values) => {
  await contactRules(out, errors, values);
  birthday(out, errors, values, false);
  consentRules(out, errors, values, 'marketingRequired');
});

/** "Download the promo" (`promoRequestSchema`): both consents required, marketing with its own message. */
export const checkPromo = checkWith(async (out, errors, values) => {
  await contactRules(out, errors, values);
  consentRules(out, errors, values, 'promoMarketingRequired');
});

/** The membership look-up (`fidelityLookupSchema`). */
export const checkLookup = checkWith((out, errors, values) => emailRule(out, errors, values));

/** A react-hook-form resolver from one of the checks above. */
export function rulesResolver<TInput extends FieldValues, TOutput>(check: Check): Resolver<TInput, unknown, TOutput> {
  return async (values) => {
    const result = await check(values as Values);
    const names = Object.keys(result.errors);
    if (names.length === 0) return { values: result.values as TOutput, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const name of names) errors[name] = { type: 'rule', message: result.errors[name] };
    return { values: {}, errors: errors as FieldErrors<TInput> };
  };
}

export const reservationDetailsResolver = () => rulesResolver<ReservationDetailsInput, ReservationDetails>(checkReservationDetails);
export const fidelityResolver = () => rulesResolver<FidelityInput, FidelityData>(checkFidelity);
export const promoResolver = () => rulesResolver<PromoRequestInput, PromoRequestData>(checkPromo);
