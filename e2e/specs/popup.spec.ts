import { expect, test } from '../support.js';

test('visitor announcement popup shows once per session', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const popup = page.getByTestId('announcement-popup');
  await expect(popup).toBeVisible();
  await expect(page.getByTestId('announcement-popup-content')).not.toBeEmpty();
  // sanitised HTML: nothing executable reaches the page
  expect(await page.getByTestId('announcement-popup-content').locator('script').count()).toBe(0);
  // close every popup of the audience (there may be several, paged)
  for (let i = 0; i < 10 && (await popup.isVisible()); i++)
    await page.getByTestId('announcement-popup-close').click();
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => sessionStorage.getItem('popupClosed_anon'))).toBe('1');

  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('notice-marquee')).toBeVisible();
  await expect(popup).toBeHidden();
  await context.close();

  // a new browser session sees it again
  const fresh = await browser.newContext();
  const p2 = await fresh.newPage();
  await p2.goto('/');
  await expect(p2.getByTestId('announcement-popup')).toBeVisible();
  await fresh.close();
});
