/**
 * @jest-environment jsdom
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { enforcedPolicyFor, frameAncestors } from '@/lib/embed/frame-ancestors';
import { EMBED_HEAD_SCRIPT, readFrameName } from '@/lib/embed/protocol';
import { embedSchema } from '@/server/venues/schema';
import { readSession, readSessionRaw, writeSession } from '@/components/reservation/session';

const LOADER = fs.readFileSync(path.join(__dirname, '../../public/embed.js'), 'utf8');
const SITE = 'https://rosa.example.com';

/** Runs the loader as the host page would, for a script tag with these data attributes. */
function runLoader(data: Record<string, string>) {
  document.body.innerHTML = '';
  const script = document.createElement('script');
  script.src = `${SITE}/embed.js`;
  for (const [k, v] of Object.entries(data)) script.setAttribute(`data-${k}`, v);
  document.body.appendChild(script);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  new Function(LOADER)();
  delete (document as unknown as { currentScript?: unknown }).currentScript;
  return script;
}

describe('the loader /embed.js', () => {
  it('is at most 2 KB gzipped and never touches cookies, storage or inline styles', () => {
    const size = gzipSync(LOADER, { level: 9 }).length;
    expect(size).toBeLessThanOrEqual(2048);
    expect(LOADER).not.toMatch(/document\.cookie|localStorage|sessionStorage|innerHTML|setAttribute\(\s*['"]style|<style|cssText/);
  });

  it('frames the chosen page where its tag stands, with the options in the address and the host origin in the name', () => {
    jest.useFakeTimers();
    const script = runLoader({ frontpage: 'reserve', lang: 'en', pax: '4', date: '2031-05-02', 'utm-source': 'homepage' });
    const frame = script.nextElementSibling?.querySelector('iframe');
    expect(frame?.src).toBe(`${SITE}/en/reserve?pax=4&date=2031-05-02&utm_source=homepage`);
    expect(frame?.getAttribute('allow')).toBe('payment');
    expect(frame?.name).toBe(`frontpage-embed|${location.origin}|`);
    expect(frame?.title).toBe('Booking');
    expect(frame?.style.height).toBe('30rem');
    jest.useRealTimers();
  });

  it('re-dispatches only its own frame’s messages from the site’s origin, and sizes the frame', () => {
    jest.useFakeTimers();
    const script = runLoader({ frontpage: 'reserve' });
    const frame = script.nextElementSibling!.querySelector('iframe')!;
    const seen: CustomEvent[] = [];
    document.addEventListener('frontpage:booked', (e) => seen.push(e as CustomEvent));
    const post = (data: unknown, origin: string, source: Window | null) => window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    const booked = { frontpage: 1, type: 'booked', id: 'ab12', status: 'confirm', pax: 2, date: '2031-05-02' };
    post(booked, 'https://evil.example', frame.contentWindow);
    post(booked, SITE, window);
    post({ ...booked, frontpage: 0 }, SITE, frame.contentWindow);
    expect(seen).toHaveLength(0);
    post(booked, SITE, frame.contentWindow);
    expect(seen.map((e) => e.detail)).toEqual([{ id: 'ab12', status: 'confirm', pax: 2, date: '2031-05-02' }]);
    post({ frontpage: 1, type: 'resize', height: 812.4 }, SITE, frame.contentWindow);
    expect(frame.style.height).toBe('813px');
    jest.useRealTimers();
  });

  it('falls back to a link to the site when the frame never says it is ready', () => {
    jest.useFakeTimers();
    const script = runLoader({ frontpage: 'giftcard', lang: 'de', timeout: '3000' });
    const box = script.nextElementSibling!;
    jest.advanceTimersByTime(2999);
    expect(box.querySelector('iframe')).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(box.querySelector('iframe')).toBeNull();
    const link = box.querySelector('a')!;
    expect(link.href).toBe(`${SITE}/de/frontpage/giftcards`);
    expect(link.textContent).toBe('Buchungsseite öffnen');
    jest.useRealTimers();
  });

  it('in button mode opens nothing until the guest presses the button', () => {
    jest.useFakeTimers();
    const script = runLoader({ frontpage: 'reserve', mode: 'button', lang: 'fr' });
    const box = script.nextElementSibling!;
    expect(box.querySelector('iframe')).toBeNull();
    const dialog = box.querySelector('dialog')!;
    dialog.showModal = jest.fn();
    const button = box.querySelector(':scope > button') as HTMLButtonElement;
    expect(button.textContent).toBe('Réserver une table');
    button.click();
    expect(dialog.showModal).toHaveBeenCalled();
    expect(dialog.querySelector('iframe')?.src).toBe(`${SITE}/fr/reserve`);
    jest.useRealTimers();
  });
});

describe('who may frame the pages', () => {
  it("allows 'self' and the venue's origins only", () => {
    expect(frameAncestors([])).toBe("'self'");
    expect(frameAncestors(['https://www.rosa.example', 'javascript:alert(1)', "https://x.example; script-src 'unsafe-eval'"])).toBe("'self' https://www.rosa.example");
    expect(enforcedPolicyFor(['https://www.rosa.example'])).toBe("object-src 'none'; base-uri 'self'; frame-ancestors 'self' https://www.rosa.example");
  });

  it('the venue file takes origins only: no path, no wildcard', () => {
    expect(embedSchema.parse({}).origins).toEqual([]);
    expect(embedSchema.parse({ origins: ['https://WWW.Rosa.example', 'http://localhost:8080'] }).origins).toEqual(['https://www.rosa.example', 'http://localhost:8080']);
    for (const bad of ['https://rosa.example/', 'https://rosa.example/book', '*', 'https://*.rosa.example', 'rosa.example']) {
      expect(embedSchema.safeParse({ origins: [bad] }).success).toBe(false);
    }
  });

  it('the frame reads the host origin and options from its name, and the head script marks a framed page', () => {
    expect(readFrameName('frontpage-embed|https://www.rosa.example|t')).toEqual({ origin: 'https://www.rosa.example', transparent: true });
    expect(readFrameName('frontpage-embed|https://www.rosa.example|')).toEqual({ origin: 'https://www.rosa.example', transparent: false });
    expect(readFrameName('frontpage-embed|*|')).toBeNull();
    expect(readFrameName('other')).toBeNull();
    // Top-level: nothing is marked.
    document.documentElement.removeAttribute('data-embed');
    new Function(EMBED_HEAD_SCRIPT)();
    expect(document.documentElement.hasAttribute('data-embed')).toBe(false);
  });
});

describe('the wizard state where the browser denies storage (a frame with third-party cookies blocked)', () => {
  it('keeps the details and the confirmation in memory across steps and pages', () => {
    const denied = jest.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    try {
      writeSession('frontpage:test-last', { outcome: 'confirm', pax: 2 });
      expect(readSession('frontpage:test-last')).toEqual({ outcome: 'confirm', pax: 2 });
      expect(readSessionRaw('frontpage:test-last')).toBe('{"outcome":"confirm","pax":2}');
      writeSession('frontpage:test-last', null);
      expect(readSession('frontpage:test-last')).toBeNull();
    } finally {
      denied.mockRestore();
    }
  });
});
