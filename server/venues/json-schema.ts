import 'server-only';
import { z } from 'zod';
import { venueFileSchema } from './schema';

/**
 * The venue file as JSON Schema (served at /venue.schema.json, committed as
 * docs/venue.schema.json) and the field reference of docs/venue-file.md, both made from
 * the descriptions on the zod schema, so the three cannot drift apart (`npm run venue:schema`
 * rewrites the two files; tests/unit/venue-file-docs.test.ts fails when they are stale).
 */
type JsonSchema = {
  type?: string | string[];
  description?: string;
  default?: unknown;
  examples?: unknown[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
};

export const VENUE_SCHEMA_PATH = '/venue.schema.json';

/**
 * Every object of the file closed to fields it does not name (`additionalProperties: false`),
 * so an editor flags a typo (`maxPartySize`) or a language the site does not speak (`pt`)
 * as `venue:check --strict` refuses it; objects that take any key (`limits`) stay open.
 */
function closeObjects(schema: JsonSchema): JsonSchema {
  for (const value of Object.values(schema)) {
    if (Array.isArray(value)) value.forEach((v) => v && typeof v === 'object' && closeObjects(v as JsonSchema));
    else if (value && typeof value === 'object') closeObjects(value as JsonSchema);
  }
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
  return schema;
}

export function venueJsonSchema(): JsonSchema {
  const schema = closeObjects(z.toJSONSchema(venueFileSchema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema);
  return {
    $schema: schema.$schema,
    title: 'Venue file',
    description: 'Everything a venue is on the built-in backend: hosts, languages, booking rules, shifts, zones, payments, experiences, gift cards, promotions and limits (docs/venue-file.md).',
    ...schema,
  };
}

/** Every field path of the schema that has no description (an empty list is the rule). */
export function undescribedFields(schema: JsonSchema = venueJsonSchema(), path = ''): string[] {
  const missing: string[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const here = path ? `${path}.${name}` : name;
    if (!field.description) missing.push(here);
    missing.push(...undescribedFields(field, here));
    if (field.items) missing.push(...undescribedFields(field.items, `${here}[]`));
  }
  return missing;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function typeOf(s: JsonSchema): string {
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  if (s.enum) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' \\| ');
  if (s.type === 'array') return `list of ${s.items ? typeOf(s.items) : 'values'}${s.minItems ? ` (at least ${s.minItems})` : ''}`;
  if (s.type === 'object') return isLocalized(s) ? 'localised text' : 'object';
  const notes: string[] = [];
  if (s.format) notes.push(s.format);
  if (s.pattern && !s.format) notes.push(`\`${s.pattern}\``);
  if (s.minLength !== undefined && s.minLength === s.maxLength) notes.push(`${s.minLength} characters`);
  else if (s.minLength) notes.push(`not empty`);
  const min = s.exclusiveMinimum !== undefined ? `> ${s.exclusiveMinimum}` : s.minimum !== undefined && s.minimum > -MAX_SAFE ? `≥ ${s.minimum}` : '';
  const max = s.maximum !== undefined && s.maximum < MAX_SAFE ? `≤ ${s.maximum}` : '';
  if (min || max) notes.push([min, max].filter(Boolean).join(', '));
  return `${s.type ?? 'any'}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (value: unknown) => (value === undefined ? '' : `\`${JSON.stringify(value)}\``);

function section(schema: JsonSchema, path: string, out: string[], description = schema.description): void {
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return;
  const required = new Set(schema.required ?? []);
  out.push(`### \`${path}\``, '');
  if (description) out.push(description, '');
  out.push('| field | type | default | example | effect |', '| --- | --- | --- | --- | --- |');
  const nested: Array<[JsonSchema, string, string | undefined]> = [];
  for (const [name, field] of props) {
    const dflt =
      field.default === undefined ? (required.has(name) ? '*required*' : '*optional*') : field.default && typeof field.default === 'object' && !Array.isArray(field.default) ? '*see its fields*' : code(field.default);
    const example = field.examples?.length && !isLocalized(field) ? code(field.examples[0]) : '';
    out.push(`| \`${name}\` | ${cell(typeOf(field))} | ${cell(dflt)} | ${cell(example)} | ${cell(field.description ?? '')} |`);
    const child = path === '(file)' ? name : `${path}.${name}`;
    if (field.properties && Object.keys(field.properties).length && !isLocalized(field)) nested.push([field, child, field.description]);
    if (field.items?.properties) nested.push([field.items, `${child}[]`, field.items.description ?? field.description]);
  }
  out.push('');
  for (const [field, child, text] of nested) section(field, child, out, text);
}

/** The five-language text has one entry in the reference, not one per use. */
const isLocalized = (s: JsonSchema) => Object.keys(s.properties ?? {}).join(',') === 'it,en,fr,es,de';

/** The field reference, one table per object, in the order of the file. */
export function venueReferenceMarkdown(schema: JsonSchema = venueJsonSchema()): string {
  const out: string[] = [];
  section(schema, '(file)', out);
  out.push(
    '### Localised text',
    '',
    'Every field typed *localised text* above is an object with one text per language:',
    '`it` (required; shown when a language has none), and optional `en`, `fr`, `es`, `de`.',
    '',
  );
  return out.join('\n').trimEnd();
}

export const REFERENCE_START = '<!-- venue-reference:start (generated by `npm run venue:schema`; do not edit by hand) -->';
export const REFERENCE_END = '<!-- venue-reference:end -->';

/** The page with its generated reference replaced by the current one. */
export function renderReferenceInto(page: string): string {
  const start = page.indexOf(REFERENCE_START);
  const end = page.indexOf(REFERENCE_END);
  if (start < 0 || end < start) throw new Error(`docs/venue-file.md has lost its reference markers (${REFERENCE_START} ... ${REFERENCE_END})`);
  return `${page.slice(0, start + REFERENCE_START.length)}\n\n${venueReferenceMarkdown()}\n\n${page.slice(end)}`;
}
