import type { Page } from '@playwright/test';
import { expect, test, BENGALI, shot, skipPopups, useLanguage } from '../support.js';

test.use({ reducedMotion: 'reduce' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function openHome(page: Page, lng: 'bn' | 'en', viewport = DESKTOP) {
  await useLanguage(page, lng);
  await skipPopups(page);
  await page.setViewportSize(viewport);
  await page.goto('/');
  await expect(page.getByTestId('lobby')).toBeVisible();
  await expect(page.getByTestId('section-HOT').getByTestId('game-card').first()).toBeVisible();
}

/** Loads the lazy images below the fold before a screenshot (each one loaded and decoded, or failed). */
async function loadImages(page: Page) {
  await page.locator('img').evaluateAll((imgs: HTMLImageElement[]) =>
    Promise.all(
      imgs.map((img) => {
        img.loading = 'eager';
        return img.decode().catch(() => undefined);
      }),
    ),
  );
}

test.describe('home lobby', () => {
  test('menu order, sections, cuts, page arrows (en, desktop)', async ({ page }) => {
    await openHome(page, 'en');
    const menu = page.getByTestId('game-menu').locator('button');
    const keys = await menu.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    // SPEC §2.3: HOME, FAV, the categories, MXWIN before SPORTS; esports and cockfight right after sports
    expect(keys.slice(0, 2)).toEqual(['menu-HOME', 'menu-FAV']);
    const at = (k: string) => keys.indexOf(`menu-${k}`);
    expect(at('MXWIN')).toBe(at('SPORTS') - 1);
    expect(at('ESPORTS')).toBe(at('SPORTS') + 1);
    expect(at('COCKFIGHT')).toBe(at('SPORTS') + 2);
    await expect(page.getByTestId('menu-HOME')).toHaveAttribute('aria-pressed', 'true');

    // sections of a visitor: HOT, each category, MXWIN; no FAV
    await expect(page.getByTestId('section-FAV')).toHaveCount(0);
    for (const id of ['HOT', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'PVP', 'MXWIN'])
      await expect(page.getByTestId(`section-${id}`)).toBeVisible();

    // hot games: 12 a page (2 rows of 6) with page arrows
    const hot = page.getByTestId('section-HOT');
    await expect(hot.getByTestId('game-card')).toHaveCount(12);
    const first = await hot.getByTestId('game-card').first().getAttribute('data-node-id');
    await expect(page.getByTestId('section-HOT-index')).toHaveText(/^1 \/ \d+$/);
    await page.getByTestId('section-HOT-next').click();
    await expect(page.getByTestId('section-HOT-index')).toHaveText(/^2 \/ \d+$/);
    await expect(hot.getByTestId('game-card').first()).not.toHaveAttribute('data-node-id', first!);
    await expect(page.getByTestId('section-HOT-prev')).toBeEnabled();

    // RNG vendors cut to 10 (the demo has 8), other sections to 5 (fishing has 6 vendors)
    await expect(page.getByTestId('vendors-RNG').getByTestId('vendor-tile')).toHaveCount(8);
    await expect(page.getByTestId('vendors-FISH').getByTestId('vendor-tile')).toHaveCount(5);
    await expect(page.getByTestId('section-FISH-more')).toHaveAttribute('href', '/fish');
    // the sports entrance launches the first sports game
    await expect(page.getByTestId('sports-entrance')).toHaveAttribute('data-vendor', 'SABA');
    // ...which, like any real-money launch, asks a visitor to log in first
    await page.getByTestId('sports-entrance').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await page.getByTestId('login-close').click();

    // the winner board or its no-data text
    await expect(
      page
        .getByTestId('section-MXWIN')
        .getByTestId('winner-board')
        .or(page.getByTestId('section-MXWIN').getByTestId('lobby-empty')),
    ).toBeVisible();

    // choosing a category shows only it, in full; the choice is in the URL
    await page.getByTestId('menu-FISH').click();
    await expect(page).toHaveURL(/[?&]type=FISH/);
    await expect(page.getByTestId('section-HOT')).toHaveCount(0);
    await expect(page.getByTestId('vendors-FISH').getByTestId('vendor-tile')).toHaveCount(6);
    await page.getByTestId('menu-HOME').click();
    await expect(page.getByTestId('section-HOT')).toBeVisible();

    // FAV while logged out: the login popup
    await page.getByTestId('menu-FAV').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await page.getByTestId('login-close').click();

    await loadImages(page);
    await shot(page, 'lobby-home-desktop-en-dark');
  });

  test('header vendor dropdown and side-menu game lists (en)', async ({ page }) => {
    await openHome(page, 'en');
    const entry = page.getByTestId('nav-cat-RNG');
    const dropdown = page.getByTestId('nav-dropdown-RNG');
    await expect(dropdown).toBeHidden();
    await entry.hover();
    await expect(dropdown).toBeVisible();
    await expect(dropdown).toHaveAttribute('data-size', 'small');
    await expect(dropdown.locator('a')).toHaveCount(8);
    await shot(page, 'lobby-header-dropdown-desktop-en');
    await page.getByTestId('nav-vendor-RNG-JL').click();
    await expect(page).toHaveURL(/\/rng\?vassalage=JL$/);
    await expect(page.getByTestId('vendor-JL')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('game-card').first()).toHaveAttribute('data-vendor', 'JL');

    // one header entry per category with vendors, the same in the side menu and the footer
    for (const type of ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'PVP', 'LOTT', 'ELOTT']) {
      await expect(page.getByTestId(`nav-cat-${type}`)).toHaveCount(1);
      await expect(page.getByTestId(`side-cat-${type}`)).toHaveCount(1);
      await expect(page.getByTestId(`footer-product-${type}`)).toHaveCount(1);
    }
    await page.getByTestId('side-cat-LIVE').locator('summary').click();
    await page.getByTestId('side-vendor-LIVE-EVO').click();
    await expect(page).toHaveURL(/\/live\?vassalage=EVO$/);
    await expect(page.getByTestId('game-card').first()).toHaveAttribute('data-vendor', 'EVO');
  });

  test('a VASSALAGE vendor tile opens the popup list of its games; RNG tiles go to /rng', async ({
    page,
  }) => {
    await openHome(page, 'en');
    await page.getByTestId('vendors-LIVE').locator('[data-vendor=EVO]').click();
    const modal = page.getByTestId('vendor-games-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('game-card')).toHaveCount(24);
    await expect(modal.getByTestId('game-card').first()).toHaveAttribute('data-vendor', 'EVO');
    await expect(page.getByTestId('vendor-games-pager-index')).toHaveText('1 / 2');
    await page.getByTestId('vendor-games-pager-next').click();
    await expect(modal.getByTestId('game-card')).toHaveCount(16);
    await page.getByTestId('vendor-games-close').click();
    await expect(modal).toBeHidden();

    await page.getByTestId('vendors-RNG').locator('[data-vendor=PT]').click();
    await expect(page).toHaveURL(/\/rng\?vassalage=PT$/);
  });

  for (const [lng, theme, viewport, name] of [
    ['bn', 'dark', PHONE, 'phone-bn-dark'],
    ['bn', 'light', DESKTOP, 'desktop-bn-light'],
    ['en', 'light', PHONE, 'phone-en-light'],
  ] as const) {
    test(`screenshot ${name}`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await openHome(page, lng, viewport);
      if (lng === 'bn') await expect(page.getByTestId('section-HOT')).toContainText(BENGALI);
      await loadImages(page);
      await page.getByTestId('game-menu').scrollIntoViewIfNeeded();
      await shot(page, `lobby-home-${name}`);
    });
  }
});
