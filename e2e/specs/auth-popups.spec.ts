import { expect, test, type Page } from '@playwright/test';
import { loginWithPassword, registerViaApi, uniqueName, useLanguage } from '../support.js';

/** Texts of every page of the announcement popup, then closes it. */
async function popupTexts(page: Page): Promise<string[]> {
  const popup = page.getByTestId('announcement-popup');
  await expect(popup).toBeVisible();
  const texts: string[] = [];
  for (let i = 0; i < 10; i++) {
    texts.push((await page.getByTestId('announcement-popup-content').textContent()) ?? '');
    const next = page.getByTestId('announcement-popup-next');
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
  }
  await page.getByTestId('announcement-popup-close').click();
  return texts;
}

test('member popups after login, with the first-login ones only the first time (en)', async ({
  page,
  request,
}) => {
  const username = uniqueName('first');
  await registerViaApi(request, { username, password: 'First@123' });
  await useLanguage(page, 'en');
  // the visitor popup is not under test here
  await page.addInitScript(() => sessionStorage.setItem('popupClosed_anon', '1'));

  await loginWithPassword(page, username, 'First@123');
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  const first = (await popupTexts(page)).join('\n');
  expect(first).toContain('Your account is ready');
  expect(first).toContain('cash back');

  await page.getByTestId('avatar-button').click();
  await page.getByTestId('menu-logout').click();
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('login-button')).toBeVisible();

  await loginWithPassword(page, username, 'First@123');
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  const second = (await popupTexts(page)).join('\n');
  expect(second).toContain('cash back');
  expect(second).not.toContain('Your account is ready');
});
