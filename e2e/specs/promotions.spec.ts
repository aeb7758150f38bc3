import { expect, test, BENGALI, shot, skipPopups, useLanguage } from '../support.js';

/**
 * The promotions page for visitors: the side menu's way there, the filters. Joining, the deposit that
 * grants the bonus and its wagering on bonus details are the journey's (promotions-journey.spec.ts).
 */
const welcome = (page: import('@playwright/test').Page) =>
  page.getByTestId('promotion-card').filter({ hasText: /100% welcome bonus|১০০% স্বাগত বোনাস/ });

test('the side menu leads to the promotions page; Bengali on a phone', async ({ page }) => {
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await page.getByTestId('side-promotions-link').click();
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(welcome(page)).toHaveAttribute('data-status', 'Join');
  await expect(page.getByTestId('promotions-page').locator('h1')).toHaveText(BENGALI);
  await page.setViewportSize({ width: 390, height: 844 });
  // the side menu turns into a drawer and slides away before the picture
  await expect(page.getByTestId('side-menu')).not.toBeInViewport();
  await expect(welcome(page)).toBeVisible();
  await shot(page, 'promotions-phone-bn');
});

test('tags and date presets filter the list, kept in the address (en, phone)', async ({ page }) => {
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/promotions');
  await expect(welcome(page)).toBeVisible();
  // the category chip counts what runs there now
  await expect(page.getByTestId('promotion-filter-deposit_promo').locator('.chip__count')).toHaveText(
    /^\d+$/,
  );
  await page.getByTestId('promotion-tag-VIP').click();
  await expect(page).toHaveURL(/tag=VIP/);
  await expect(welcome(page)).toHaveCount(0);
  await page.getByTestId('promotion-tag-NEWBIE').click();
  await expect(page.getByTestId('promotion-tag-NEWBIE')).toHaveAttribute('aria-pressed', 'true');
  await expect(welcome(page)).toBeVisible();
  // the welcome bonus runs now: it ran inside the previous 7 days too
  await page.getByTestId('promotion-period').selectOption('prev7');
  await expect(page).toHaveURL(/period=prev7/);
  await expect(welcome(page)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('promotion-period')).toHaveValue('prev7');
  await expect(welcome(page)).toBeVisible();
  await shot(page, 'promotions-filters-phone-en');
});
