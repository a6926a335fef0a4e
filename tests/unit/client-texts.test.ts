import { pickNamespaces } from '@/lib/i18n/namespaces';
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
