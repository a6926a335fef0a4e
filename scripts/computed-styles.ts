/**
 * The computed style of every element of the site's pages, for a change to the style sheets
 * that must not change what is drawn (e.g. moving rules between files: the cascade depends on
 * their order). Run it against the site before and after, and compare:
 *
 *   npx tsx scripts/computed-styles.ts http://localhost:3000 /tmp/before.json
 *   npx tsx scripts/computed-styles.ts http://localhost:3000 /tmp/after.json
 *   npx tsx scripts/computed-styles.ts --compare /tmp/before.json /tmp/after.json
 *
 * Pages: every page linked from the home page and from the pages it links to (same site),
 * the fixed list below, and the booking wizard walked to its time step, at 320 and 1280 px,
 * and the promo and gift card pages in print. Each element is named by its path in the DOM.
 */
import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';

type Styles = Record<string, Record<string, string>>;

const FIXED = [
  '/',
  '/reserve',
  '/en/reserve',
  '/frontpage/esperienze',
  '/frontpage/giftcard',
  '/frontpage/giftcard/balance',
  '/frontpage/giftcard/checkout/buono-50',
  '/frontpage/promo/aperitivo-omaggio',
  '/frontpage/fidelity',
  '/frontpage/fidelity/unsubscribe',
  '/frontpage/accessibility',
  '/staff',
  '/no-such-page',
  '/reserve/AAAAAAAAAAAAAAAAAAAAAA',
  '/reserve?embed=1',
];
const PRINT = ['/frontpage/promo/aperitivo-omaggio', '/frontpage/giftcard/balance'];

/** Run in the page as source text (a function passed from tsx would carry its helpers' names). */
const SNAPSHOT = `(() => {
  const out = {};
  const name = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const index = e.parentElement ? Array.prototype.indexOf.call(e.parentElement.children, e) : 0;
      parts.unshift(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ':' + index);
    }
    return parts.join('>');
  };
  const read = (el, pseudo) => {
    const style = getComputedStyle(el, pseudo);
    const values = {};
    for (let i = 0; i < style.length; i++) values[style[i]] = style.getPropertyValue(style[i]);
    return values;
  };
  for (const el of [document.documentElement, ...document.body.querySelectorAll('*')]) {
    if (el.closest('script, style, noscript, template, next-route-announcer')) continue;
    const key = name(el) || 'html';
    out[key] = read(el, null);
    for (const pseudo of ['::before', '::after', '::marker']) {
      const values = read(el, pseudo);
      if (values.content && values.content !== 'none' && values.content !== 'normal') out[key + pseudo] = values;
    }
  }
  return out;
})()`;

const snapshot = (page: Page) => page.evaluate(SNAPSHOT) as Promise<Styles>;

async function links(page: Page, origin: string): Promise<string[]> {
  const hrefs = (await page.evaluate('[...document.querySelectorAll("a[href]")].map((a) => a.href)')) as string[];
  return hrefs.filter((h) => h.startsWith(origin) && !h.includes('#') && !/\.(ics|pdf|png|jpg|svg|xml|txt)(\?|$)/.test(h)).map((h) => h.slice(origin.length) || '/');
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate('document.fonts.ready');
  // Live regions and countdowns change with time: let the page reach a steady state.
  await page.waitForTimeout(300);
}

async function capture(base: string, file: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const result: Record<string, Styles> = {};
  const origin = new URL(base).origin;
  for (const width of [320, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', timezoneId: 'Europe/Rome', locale: 'it-IT' });
    const page = await context.newPage();
    const seen = new Set<string>();
    const queue = [...FIXED];
    for (let depth = 0; depth < 2; depth++) {
      const next: string[] = [];
      for (const path of queue.sort()) {
        if (seen.has(path) || seen.size >= 80) continue;
        seen.add(path);
        await page.goto(base + path, { waitUntil: 'load' });
        await settle(page);
        result[`${width} ${path}`] = await snapshot(page);
        next.push(...(await links(page, origin)));
      }
      queue.splice(0, queue.length, ...new Set(next));
    }
    // The wizard, walked: the party, the first open day, its times.
    await page.goto(`${base}/en/reserve`, { waitUntil: 'load' });
    await settle(page);
    await page.getByRole('button', { name: /^2\b/ }).first().click();
    await page.locator('.calendar__cell--available .calendar__day').first().waitFor();
    await settle(page);
    result[`${width} wizard:date`] = await snapshot(page);
    await page.locator('.calendar__cell--available .calendar__day').first().click();
    await page.locator('.time-step__shift').first().waitFor();
    await settle(page);
    result[`${width} wizard:time`] = await snapshot(page);
    // A form's errors: the loyalty form sent empty.
    await page.goto(`${base}/en/frontpage/fidelity`, { waitUntil: 'load' });
    await settle(page);
    await page.locator('form button[type=submit]').first().click();
    await settle(page);
    result[`${width} fidelity:errors`] = await snapshot(page);
    await page.emulateMedia({ media: 'print' });
    for (const path of PRINT) {
      await page.goto(base + path, { waitUntil: 'load' });
      await settle(page);
      result[`${width} print ${path}`] = await snapshot(page);
    }
    await context.close();
  }
  await browser.close();
  fs.writeFileSync(file, JSON.stringify(result));
  console.log(`${Object.keys(result).length} page states, ${Object.values(result).reduce((n, s) => n + Object.keys(s).length, 0)} elements -> ${file}`);
}

function compare(beforeFile: string, afterFile: string) {
  const before = JSON.parse(fs.readFileSync(beforeFile, 'utf8')) as Record<string, Styles>;
  const after = JSON.parse(fs.readFileSync(afterFile, 'utf8')) as Record<string, Styles>;
  let differences = 0;
  let compared = 0;
  for (const [state, elements] of Object.entries(before)) {
    const other = after[state];
    if (!other) {
      console.log(`missing after: ${state}`);
      differences++;
      continue;
    }
    for (const [key, values] of Object.entries(elements)) {
      const theirs = other[key];
      if (!theirs) {
        console.log(`${state}: ${key} missing after`);
        differences++;
        continue;
      }
      compared++;
      const changed = Object.keys({ ...values, ...theirs }).filter((p) => values[p] !== theirs[p]);
      if (changed.length) {
        differences++;
        console.log(`${state}: ${key}: ${changed.map((p) => `${p}: ${values[p]} -> ${theirs[p]}`).join('; ')}`);
      }
    }
  }
  console.log(`${Object.keys(before).length} page states, ${compared} elements compared, ${differences} differences`);
  process.exitCode = differences ? 1 : 0;
}

const [first, second, third] = process.argv.slice(2);
if (first === '--compare') compare(second, third);
else void capture(first, second);
