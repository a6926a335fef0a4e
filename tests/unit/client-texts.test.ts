import { pickNamespaces, precompiled } from '@/lib/i18n/namespaces';
import { messagesOf } from '../helpers/intl';

/** Issue 42: a page sends its client components only the namespaces they read, not the whole messages file. */
describe('pickNamespaces', () => {
  const messages = messagesOf('en');

  it('keeps the namespaces named and nothing else', () => {
    const picked = pickNamespaces(messages, ['reserve', 'limits']);
    expect(Object.keys(picked)).toEqual(['reserve', 'limits']);
    expect(picked.reserve).toBe(messages.reserve);
  });

  it('takes part of a namespace under the same path, merged with the other parts named', () => {
    const picked = pickNamespaces(messages, ['reserve.outcome', 'reserve.guarantee', 'forms']);
    expect(picked).toEqual({ reserve: { outcome: messages.reserve.outcome, guarantee: messages.reserve.guarantee }, forms: messages.forms });
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(messages).length / 4);
  });

  it('leaves out a name the messages do not have', () => {
    expect(pickNamespaces(messages, ['reserve.nothingHere'])).toEqual({});
  });
});

describe('precompiled', () => {
  it('compiles each message in place: a plain text stays a string, a message with arguments becomes its compiled form', () => {
    const compiled = precompiled({ reserve: { title: 'Book a table', time: { held: 'Held for {minutes}:{seconds}' } } });
    expect(compiled).toEqual({ reserve: { title: 'Book a table', time: { held: ['Held for ', ['minutes'], ':', ['seconds']] } } });
  });

  it('gives plain objects only, which a server component can hand to a client component (a plural\'s forms included)', () => {
    const objects = (value: unknown): object[] => (Array.isArray(value) ? value.flatMap(objects) : value && typeof value === 'object' ? [value, ...Object.values(value).flatMap(objects)] : []);
    const found = objects(precompiled({ count: '{count, plural, one {# person} other {# people}}' }));
    expect(found.length).toBeGreaterThan(1);
    expect(found.filter((o) => Object.getPrototypeOf(o) !== Object.prototype)).toEqual([]);
  });
});
