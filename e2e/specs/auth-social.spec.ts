import { expect, test, BENGALI, shot, skipPopups, uniqueName, useLanguage } from '../support.js';

/**
 * Social login against the local OpenID provider that e2e/serve.ts starts in place of Google (it signs
 * every visitor in as the same identity): the first time, the identity is registered as a new account
 * through the bind-or-register screen; afterwards the same sign-in logs straight in.
 */
test('social login: register a new account once, then sign in directly (bn, phone)', async ({ page }) => {
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(page.getByTestId('social-google')).toBeVisible();
  await page.getByTestId('social-google').click();

  await expect(page).toHaveURL(/\/social\/bind$/);
  await expect(page.getByTestId('social-warning')).toContainText(BENGALI);
  await page.getByTestId('social-choice-register').click();
  const username = uniqueName('soc');
  await page.getByTestId('social-username').fill(username);
  await page.getByTestId('social-password').fill('Social@123');
  await page.getByTestId('social-confirm').fill('Social@123');
  await shot(page, 'social-bind-phone-bn');
  await page.getByTestId('social-submit').click();
  // irreversible: asked once more
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'social_irreversible');
  await page.getByTestId('dialog-confirm').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('avatar-button')).toBeVisible();

  await page.getByTestId('avatar-button').click();
  await page.getByTestId('menu-logout').click();
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('login-button')).toBeVisible();

  // the identity is bound now: the provider's answer logs in without the bind screen
  await page.goto('/login');
  await page.getByTestId('social-google').click();
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  await page.getByTestId('avatar-button').click();
  await expect(page.getByTestId('avatar-menu-account')).toHaveText(username);
});
