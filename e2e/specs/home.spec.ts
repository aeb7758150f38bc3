import { expect, holdEntryScript, test, shot, skipPopups } from '../support.js';

test.use({ reducedMotion: 'reduce' });

test.describe('home', () => {
  test('banner carousel, notice marquee with popup, footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('header')).toBeVisible();
    const carousel = page.getByTestId('banner-carousel');
    await expect(carousel).toBeVisible();
    const ids = await carousel
      .locator('[data-testid=banner-slide]')
      .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-banner-id')))].filter(Boolean));
    expect(ids.length).toBeGreaterThan(1);

    // dismiss the visitor popups first: they sit above the page
    const popup = page.getByTestId('announcement-popup');
    if (await popup.isVisible()) await page.getByTestId('announcement-popup-close').click();

    const items = page.getByTestId('notice-marquee-item');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThan(1);
    // the marquee clips its items, so the centre of the second may lie outside the viewport: dispatch the click
    await items.nth(1).dispatchEvent('click');
    const notice = page.getByTestId('notice-popup');
    await expect(notice).toBeVisible();
    await expect(page.getByTestId('notice-index')).toHaveText(`2 / ${count}`);
    await page.getByTestId('notice-next').click();
    await expect(page.getByTestId('notice-index')).toHaveText(`${count >= 3 ? 3 : 1} / ${count}`);
    await page.getByTestId('notice-popup-close').click();
    await expect(notice).toBeHidden();

    const footer = page.getByTestId('footer');
    await expect(footer.getByTestId('footer-copyright')).toContainText('Demo Bet BD');
    await expect(footer.getByTestId('footer-vendors')).toContainText('PG');
    await expect(footer.getByTestId('social-facebook')).toHaveAttribute('href', /facebook\.com/);
    await expect(footer.getByTestId('footer-terms-link')).toHaveAttribute('href', /\/help#term$/);
  });

  test('the carousel moves on by itself', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    const active = page.locator('[data-testid=banner-carousel] [data-testid=banner-slide][data-active=true]');
    await expect(active).toBeVisible();
    const first = await active.getAttribute('data-banner-id');
    await expect.poll(async () => active.getAttribute('data-banner-id'), { timeout: 12_000 }).not.toBe(first);
  });

  test('a phone shows the first banner before the app has loaded, in the box the home page shows it in', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await skipPopups(page);
    // the app's entry script held back until the skeleton has been looked at
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    const early = page.locator('#static-shell > img.app-shell-banner--img');
    await expect(early).toBeVisible();
    await expect
      .poll(() => early.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const src = await early.getAttribute('src');
    // the server wrote it into the page (no script had to find it first)
    expect(await page.evaluate(() => fetch('/').then((r) => r.text()))).toContain(`src="${src}"`);
    const earlyBox = (await early.boundingBox())!;
    release();

    // the carousel's first slide is the same picture in the same place
    const first = page.getByTestId('banner-carousel').locator('img').first();
    await expect(first).toBeVisible();
    expect(await first.getAttribute('src')).toBe(src);
    const box = (await first.boundingBox())!;
    for (const k of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(box[k] - earlyBox[k])).toBeLessThan(2);
  });

  test("on a desktop the skeleton keeps its plain box, where its banner box is not the home page's", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await skipPopups(page);
    const release = await holdEntryScript(page);
    const announced = page.waitForResponse(/MCSFE_getListAnnouncements/);
    await page.goto('/', { waitUntil: 'commit' });
    await (await announced).finished();
    await expect(page.locator('#static-shell > svg.app-shell-banner')).toBeVisible();
    await expect(page.locator('#static-shell img:visible')).toHaveCount(0);
    release();
    await expect(page.getByTestId('banner-carousel').locator('img').first()).toBeVisible();
  });

  test('unknown paths show the invalid-URL page', async ({ page }) => {
    // the visitor popup would race the click below; it is tested in popup.spec.ts
    await skipPopups(page);
    await page.goto('/no/such/page');
    await expect(page.getByTestId('invalid-url-page')).toBeVisible();
    await page.getByTestId('invalid-url-home').click();
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const) {
    for (const lang of ['bn', 'en'] as const) {
      for (const theme of ['dark', 'light'] as const) {
        test(`screenshot ${name} ${lang} ${theme}`, async ({ page }) => {
          await page.setViewportSize(viewport);
          await page.addInitScript(
            ({ l, t }) => {
              localStorage.setItem('language', l);
              localStorage.setItem('theme', t);
              sessionStorage.setItem('popupClosed_anon', '1');
            },
            { l: lang, t: theme },
          );
          await page.goto('/');
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.getByTestId('banner-carousel').locator('img').first()).toBeVisible();
          await page.evaluate(() => document.fonts.ready);
          await shot(page, `home-${name}-${lang}-${theme}`);
        });
      }
    }
  }
});
