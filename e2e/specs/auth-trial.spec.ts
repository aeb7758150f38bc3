import {
  expect,
  test,
  BENGALI,
  admin,
  loginWithPassword,
  operatorToken,
  registerViaApi,
  shot,
  skipPopups,
  uniqueName,
  useLanguage,
} from '../support.js';

test('free play gives a trial session; account actions ask for a real account (bn)', async ({ page }) => {
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/login');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await shot(page, 'login-desktop-bn');
  await page.getByTestId('free-play-button').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('trial-label')).toContainText(BENGALI);
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('menu-change-password').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'need_real_account');
  await expect(page.getByTestId('dialog-message')).toContainText(BENGALI);
  await shot(page, 'trial-dialog-desktop-bn');
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('dialog')).toBeHidden();
  await expect(page.getByTestId('change-password-modal')).toHaveCount(0);
});

test('the default password forces a change that cannot be dismissed (en, phone)', async ({
  page,
  request,
}) => {
  const op = await operatorToken(request);
  const defaultPassword = 'Start@2468';
  await admin(request, op, 'PUT', '/admin/api/security/auth-settings', { defaultPassword });
  try {
    // a member whose password is the merchant default, registered through the API
    const username = uniqueName('forced');
    await registerViaApi(request, { username, password: defaultPassword });

    await useLanguage(page, 'en');
    await skipPopups(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginWithPassword(page, username, defaultPassword);
    const modal = page.getByTestId('change-password-modal');
    await expect(modal).toBeVisible();
    await expect(page.getByTestId('forced-change-note')).toBeVisible();
    // no close button, Escape and the backdrop do nothing
    await expect(page.getByTestId('change-password-close')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(modal).toBeVisible();
    await shot(page, 'forced-change-phone-en');

    await page.getByTestId('change-new').fill('Fresh@1357');
    await page.getByTestId('change-confirm').fill('Fresh@1358');
    await page.getByTestId('change-submit').click();
    await expect(page.getByTestId('change-confirm-error')).toHaveText('The two passwords do not match');
    await page.getByTestId('change-confirm').fill('Fresh@1357');
    await page.getByTestId('change-submit').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'password_changed');
    await page.getByTestId('dialog-confirm').click();
    await expect(page.getByTestId('avatar-button')).toBeVisible();
  } finally {
    await admin(request, op, 'PUT', '/admin/api/security/auth-settings', { defaultPassword: null });
  }
});
