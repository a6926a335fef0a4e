import { z } from 'zod';
import { flag, num, str, texts, type Texts } from './fields';

/**
 * Lenient readers of the experience fields the spec leaves open (section 3: "list or map",
 * "list or string"). Each accepts every shape a legacy backend is known to send and reads
 * it as one typed list; docs/backend-contract.md lists the accepted shapes.
 */

const TIME = /^([01]?\d|2[0-3])[:.]([0-5]\d)/;
/** `"9:30"`, `"09.30"`, `"09:30:00"` all read `"09:30"`; anything else is dropped. */
export function readTime(value: unknown): string | null {
  const m = typeof value === 'string' ? TIME.exec(value.trim()) : null;
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
}

const unknownList = z.union([z.array(z.unknown()), z.record(z.string(), z.unknown()), z.string()]).nullish();

/** `orari`: `["20:00"]`, `[{orario: "20:00"}]`, `{"0": "20:00"}` or `{"20:00": ...}`, read as sorted unique `HH:mm`. */
export const timesField = unknownList.transform((v): string[] => {
  const out = new Set<string>();
  const take = (item: unknown, key?: string) => {
    const fromItem =
      readTime(item) ??
      (item && typeof item === 'object' ? readTime((item as Record<string, unknown>).orario ?? (item as Record<string, unknown>).time ?? (item as Record<string, unknown>).ora) : null);
    const t = fromItem ?? (key ? readTime(key) : null);
    if (t) out.add(t);
  };
  if (typeof v === 'string') v.split(/[,;\s]+/).forEach((s) => take(s));
  else if (Array.isArray(v)) v.forEach((i) => take(i));
  else if (v) Object.entries(v).forEach(([k, i]) => take(i, k));
  return [...out].sort();
});

export type ZoneChoice = { id: number; key: string; nome: Texts };
/** `zoneSelezionabili`: a list or a map of `{id, key, nome}` (a map's keys serve as `key`, a bare name as `nome`). */
export const zonesField = unknownList.transform((v): ZoneChoice[] => {
  const read = (item: unknown, mapKey?: string): ZoneChoice | null => {
    if (typeof item === 'string' || typeof item === 'number') {
      const key = mapKey ?? String(item);
      return { id: Number(mapKey) || 0, key, nome: texts.parse(String(item)) };
    }
    if (!item || typeof item !== 'object') return null;
    const o = item as Record<string, unknown>;
    const id = num.parse(o.id ?? o.zoneID ?? o.idZona);
    const key = str.parse(o.key ?? o.chiave) || mapKey || (id ? String(id) : '');
    if (!key) return null;
    return { id, key, nome: texts.parse(o.nome ?? o.name ?? o.titolo ?? key) };
  };
  const list = typeof v === 'string' ? v.split(/[,;]/).map((s) => s.trim()).filter(Boolean).map((s) => read(s)) : Array.isArray(v) ? v.map((i) => read(i)) : v ? Object.entries(v).map(([k, i]) => read(i, k)) : [];
  return list.filter((z): z is ZoneChoice => z !== null);
});

export type AdditionalField = { key: string; label: Texts; required: boolean };

/** A label turned into a field key: `"Allergie e intolleranze"` reads `allergie-e-intolleranze`. */
const keyOf = (label: string, index: number) =>
  label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || `campo-${index + 1}`;

function readField(item: unknown, index: number, mapKey?: string): AdditionalField | null {
  if (typeof item === 'string') {
    const label = item.trim().replace(/\*$/, '').trim();
    if (!label) return null;
    // A trailing `*` marks a required field in the plain-text form.
    return { key: mapKey ?? keyOf(label, index), label: texts.parse(label), required: item.trim().endsWith('*') };
  }
  if (!item || typeof item !== 'object') return null;
  const o = item as Record<string, unknown>;
  const label = texts.parse(o.etichetta ?? o.label ?? o.nome ?? o.titolo ?? mapKey ?? '');
  const key = str.parse(o.key ?? o.chiave ?? o.id) || mapKey || keyOf(label.it || label.en, index);
  return { key, label, required: flag.parse(o.obbligatorio ?? o.required ?? o.richiesto) };
}

/**
 * `campiAggiuntivi` and the `getadditionalfields` answer: a list of `{key, etichetta,
 * obbligatorio}`, a map `{key: label | {etichetta, obbligatorio}}`, JSON text of either, or
 * plain text with one label per line (or separated by `;`/`,`), `*` marking required ones.
 */
export const additionalFieldsField = unknownList.transform((v): AdditionalField[] => {
  let value: unknown = v;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[') || text.startsWith('{')) {
      try {
        value = JSON.parse(text);
      } catch {
        value = text;
      }
    }
  }
  let list: (AdditionalField | null)[] = [];
  if (typeof value === 'string') list = value.split(/[\n;,]/).map((s, i) => readField(s, i));
  else if (Array.isArray(value)) list = value.map((item, i) => readField(item, i));
  else if (value && typeof value === 'object') list = Object.entries(value).map(([k, item], i) => readField(item, i, k));
  const seen = new Set<string>();
  return list.filter((f): f is AdditionalField => f !== null && !seen.has(f.key) && Boolean(seen.add(f.key)));
});
