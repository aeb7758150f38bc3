import { expect, test, BENGALI } from '../support.js';

test('the help page opens the terms with #term', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('popupClosed_anon', '1'));
  await page.goto('/help#term');
  await expect(page.getByTestId('help-page')).toBeVisible();
  const terms = page.getByTestId('help-section-terms');
  await expect(terms).toHaveAttribute('data-open', 'true');
  await expect(terms).toContainText(BENGALI);
  await expect(terms).toBeInViewport();

  await page.goto('/help');
  await expect(page.getByTestId('help-page')).toBeVisible();
  await expect(page.getByTestId('help-section-terms')).not.toHaveAttribute('data-open', 'true');
});

test('dark and light themes switch and persist', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('popupClosed_anon', '1'));
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.getByTestId('theme-toggle').first().click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(lightBg).not.toBe(darkBg);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').first().click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});
