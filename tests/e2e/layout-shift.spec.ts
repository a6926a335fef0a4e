import http from 'node:http';
import { expect, test, type Browser } from '@playwright/test';
import { ownServerPort, siteUrl } from './servers';

/**
 * The guest pages with a deferred form do not move once painted (issue 43, Lighthouse's
 * "cumulative layout shift"): the form is written in its place in the page's HTML, so it is
 * there at the first paint. React's server renderer writes a Suspense boundary whose HTML and
 * the page's pass 12,800 bytes after the page's end, hidden, and a script moves it into place
 * after the first paint: the loyalty form appeared late and pushed the footer out of the screen
 * (a shift of 0.45), the gift card checkout's alike (0.42).
 *
 * A narrow phone with a slow CPU (4×, as Lighthouse's mobile profile), each page delivered as a
 * mobile network does, in two parts: through its footer at once (what React writes first), the
 * rest (the page's data for React, and any boundary written late) a moment later. The page's
 * shifts are read from the browser's own record (`layout-shift` entries) once the page has
 * loaded and every late boundary is in place; no duration is asserted.
 */

const site = siteUrl('builtin');
const PROXY_PORT = ownServerPort(60);
const PAUSE_MS = 500;

/** The site behind a connection that sends an HTML page through its `</footer>` first, the rest `PAUSE_MS` later. */
function twoPartProxy(): Promise<http.Server> {
  const target = new URL(site);
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host, 'accept-encoding': 'identity' } },
      (answer) => {
        const headers = { ...answer.headers };
        if (!String(headers['content-type']).startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const cut = body.indexOf('</footer>') + '</footer>'.length;
          delete headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, headers);
          if (cut < '</footer>'.length) {
            res.end(body);
            return;
          }
          res.write(body.slice(0, cut));
          setTimeout(() => res.end(body.slice(cut)), PAUSE_MS);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(PROXY_PORT, '127.0.0.1', () => resolve(server)));
}

type Shift = { value: number; at: number; moved: string[] };

/** The layout shifts of one page's load, on a narrow phone with a 4× slower CPU, read once the page is in place. */
async function shiftsOf(browser: Browser, path: string): Promise<Shift[]> {
  // Once first, so that the server has made the page and its style sheet and scripts (a page's first render is not what is measured).
  const warm = await browser.newContext();
  await (await warm.newPage()).goto(`http://localhost:${PROXY_PORT}${path}`, { waitUntil: 'load' });
  await warm.close();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const shifts: Shift[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
          if (entry.hadRecentInput) continue;
          const moved = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
          shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const response = await page.goto(`http://localhost:${PROXY_PORT}${path}`, { waitUntil: 'load' });
    expect(response?.status(), path).toBe(200);
    // Every boundary React wrote late is in place (its script moves it there after the first paint).
    await page.waitForFunction(() => !document.querySelector('[id^="S:"], template[id^="B:"]'));
    // Two frames more: a shift is recorded with the frame that paints it.
    return await page.evaluate(
      () =>
        new Promise<Shift[]>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve((window as unknown as { __shifts: Shift[] }).__shifts), 0))),
        ),
    );
  } finally {
    await context.close();
  }
}

test.describe('the pages with a deferred form do not move once painted', () => {
  let proxy: http.Server;
  test.beforeAll(async () => {
    proxy = await twoPartProxy();
  });
  test.afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
  });

  test('loyalty, the gift card checkout and an experience’s booking: the form in the page’s HTML in its place, cumulative layout shift under 0.1', async ({ browser, request }) => {
    const list = await (await request.get(`${site}/en/frontpage/esperienze`)).text();
    const experience = list.match(/href="(\/en\/frontpage\/esperienze\/[A-Za-z0-9_-]+\/reserve)"/)?.[1];
    expect(experience, 'an experience on sale in the demo venue').toBeTruthy();
    for (const path of ['/en/frontpage/fidelity', '/en/frontpage/giftcard/checkout/buono-50', experience!]) {
      const html = await (await request.get(`${site}${path}`)).text();
      // The deferred form is written in the page's main content, before its footer, not after the page's end.
      const form = html.indexOf('class="deferred"');
      expect(form, path).toBeGreaterThan(-1);
      expect(form, path).toBeLessThan(html.indexOf('<footer'));
      expect.soft(html.slice(form, html.indexOf('<footer')).includes('<template id="B:'), `${path}: the form's place left empty, its HTML written later`).toBe(false);
      expect.soft(/<div hidden id="S:\d+">/.test(html), `${path}: HTML written after the page's end`).toBe(false);

      const shifts = await shiftsOf(browser, path);
      const cls = shifts.reduce((sum, s) => sum + s.value, 0);
      expect.soft(cls, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
    }
  });
});
