import { expect, test } from '@playwright/test';
import { en, partySize } from './booking-steps';

/**
 * Fast on a phone (issue 43): the photos are the sizes made at import, in AVIF or WebP, the
 * page's first one preloaded; the booking wizard's code waits for the guest's first use.
 */
test.describe('photos and forms for a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true });

  test('the home page’s first photo is an AVIF (or WebP) about as wide as the screen, preloaded with its sizes', async ({ page }) => {
    const photos: { url: string; type: string }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'image') photos.push({ url: r.url(), type: r.headers()['content-type'] ?? '' });
    });
    await page.goto('/en');
    const img = page.locator('.hero picture img');
    await expect(img).toHaveJSProperty('complete', true);
    const shown = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, natural: el.naturalWidth, width: el.width, height: el.height }));
    expect(shown.src).toMatch(/\/venues\/demo\/cover\.[0-9a-f]{10}-360\.(avif|webp)$/);
    expect(shown.natural).toBe(360);
    expect(shown.width).toBeLessThanOrEqual(360);
    expect(await img.getAttribute('width')).toBe('1600');
    expect(await img.getAttribute('height')).toBe('900');
    expect(photos.find((p) => p.url.endsWith(new URL(shown.src).pathname))?.type).toMatch(/^image\/(avif|webp)$/);
    // The original JPEG is never fetched.
    expect(photos.some((p) => p.url.endsWith('/venues/demo/cover.jpg'))).toBe(false);
    // Its own photo only: not those of the pages its links prefetch (components/shell/preload-photo.tsx).
    await expect(page.locator('head link[rel="preload"][as="image"][imagesrcset]')).toHaveCount(1);
    const preload = page.locator('head link[rel="preload"][as="image"][imagesrcset*="/cover."]');
    await expect(preload).toHaveAttribute('imagesrcset', /cover\.[0-9a-f]{10}-360\.avif 360w/);
    await expect(preload).toHaveAttribute('fetchpriority', 'high');
    await expect(preload).toHaveAttribute('imagesizes', /100vw/);
  });

  test('an experience’s photo and the gift cards’ are sized too; the first card’s preloaded, the others lazy', async ({ page }) => {
    await page.goto('/en/frontpage/giftcards');
    const cards = page.locator('.cards picture img');
    await expect(cards.first()).toHaveJSProperty('complete', true);
    expect(await cards.first().evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/giftcard-buono-50\.[0-9a-f]{10}-360\.(avif|webp)$/);
    await expect(cards.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(page.locator('head link[rel="preload"][as="image"][imagesrcset]')).toHaveAttribute('imagesrcset', /giftcard-buono-50\.[0-9a-f]{10}-360\.avif/);
    await page.goto('/en/frontpage/esperienze');
    await page.getByRole('link', { name: `${en('experiences.details')}: Handmade pasta class` }).click();
    const photo = page.locator('.experience-detail picture img');
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/experience-corso-pasta\.[0-9a-f]{10}-360\.(avif|webp)$/);
  });

  test('the booking wizard is fetched on first use: its first step stays server HTML until then, and the first tap is kept', async ({ page }) => {
    await page.goto('/en/reserve');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.wizard--static')).toBeVisible();
    await partySize(page, '3 people').tap();
    await expect(page).toHaveURL(/\/en\/reserve\?pax=3$/);
    await expect(page.getByRole('heading', { name: en('reserve.date.title') })).toBeVisible();
    await expect(page.locator('.wizard--static')).toHaveCount(0);
  });
});
