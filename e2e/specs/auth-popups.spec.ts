import type { Page } from '@playwright/test';
import {
  expect,
  test,
  loginWithPassword,
  registerViaApi,
  shot,
  uniqueName,
  useLanguage,
} from '../support.js';

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

test('the visitor popup steps aside while the login or register modal is open (en, desktop)', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1366, height: 768 });
  const popup = page.getByTestId('announcement-popup');
  // arriving on /login: only the login modal shows over the home page
  await page.goto('/login');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('home-page')).toBeVisible();
  // the visitor popups are loaded (the marquee comes with them) and still kept out of the way
  await expect(page.getByTestId('notice-marquee')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(popup).toHaveCount(0);
  await expect(page.locator('.modal-backdrop')).toHaveCount(1);
  await shot(page, 'login-without-popup-desktop-en');
  // from login to register: still only the one modal
  await page.getByTestId('to-register').click();
  await expect(page.getByTestId('register-modal')).toBeVisible();
  await expect(popup).toHaveCount(0);
  await expect(page.locator('.modal-backdrop')).toHaveCount(1);
  await shot(page, 'register-without-popup-desktop-en');
  // closing it brings the popup back: it was never read, so it is not marked closed
  await page.getByTestId('register-close').click();
  await expect(page.getByTestId('register-modal')).toBeHidden();
  await expect(popup).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('popupClosed_anon'))).toBeNull();
});
