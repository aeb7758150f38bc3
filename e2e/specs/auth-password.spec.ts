import {
  expect,
  test,
  BENGALI,
  latestMail,
  latestSmsCode,
  loginWithPassword,
  registerViaApi,
  shot,
  skipPopups,
  memberTokenViaApi,
  uniqueName,
  useLanguage,
} from '../support.js';

test('forgot password by e-mail: mail link, new password, log in with it (en)', async ({ page, request }) => {
  const username = uniqueName('mail');
  const email = `${username}@example.com`;
  await registerViaApi(request, { username, password: 'Before@123', email });

  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/login');
  await page.getByTestId('forgot-link').click();
  await expect(page.getByTestId('forgot-modal')).toBeVisible();
  // mobile is the default mode while CHNGPASSVERIF3 is on
  await expect(page.locator('[data-testid=forgot-modal] form')).toHaveAttribute('data-mode', 'mobile');
  await page.getByTestId('forgot-tab-email').click();
  await page.getByTestId('forgot-username').fill(username);
  await page.getByTestId('forgot-email').fill('not-an-email');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-email-error')).toBeVisible();
  await page.getByTestId('forgot-email').fill(email);
  await shot(page, 'forgot-email-desktop-en');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'in_been_out');
  await page.getByTestId('dialog-confirm').click();

  const mail = await latestMail(request, email);
  const link = /https?:\/\/\S+#resetToken=[A-Za-z0-9_%-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).hash);
  await expect(page.locator('[data-testid=forgot-modal] form')).toHaveAttribute('data-mode', 'reset');
  // the token leaves the address bar
  await expect(page).not.toHaveURL(/resetToken/);
  await page.getByTestId('forgot-new-password').fill('After@1234');
  await page.getByTestId('forgot-confirm').fill('After@1234');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'password_reset');
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();

  await loginWithPassword(page, username, 'After@1234');
  await expect(page.getByTestId('avatar-button')).toBeVisible();
});

test('reset by phone logs in and goes home; SMS login works too (bn, phone)', async ({ page, request }) => {
  const username = uniqueName('phone');
  const { mobile } = await registerViaApi(request, { username, password: 'Before@123' });

  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByTestId('forgot-link').click();
  await page.getByTestId('forgot-mobile').fill(mobile);
  await page.getByTestId('forgot-sms-send').click();
  await expect(page.getByTestId('forgot-sms-send')).toBeDisabled();
  await page.getByTestId('forgot-code').fill(await latestSmsCode(request, mobile.slice(1), 'reset'));
  await page.getByTestId('forgot-new-password').fill('Phone@2468');
  await page.getByTestId('forgot-confirm').fill('Phone@2468');
  await shot(page, 'forgot-phone-bn');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-modal')).toBeHidden();
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // sign out, then log in with an SMS code (no slider)
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('menu-logout').click();
  await expect(page.getByTestId('dialog-message')).toContainText(BENGALI);
  await page.getByTestId('dialog-confirm').click();
  // signing out clears the session storage (SPEC §4), so the visitor popup is due again: read it first
  await expect(page.getByTestId('announcement-popup')).toBeVisible();
  await page.getByTestId('announcement-popup-close').click();
  await expect(page.getByTestId('announcement-popup')).toBeHidden();
  await page.getByTestId('login-button').click();
  await page.getByTestId('login-tab-sms').click();
  await page.getByTestId('sms-login-mobile').fill(mobile);
  await page.getByTestId('sms-login-send').click();
  await expect(page.getByTestId('sms-login-send')).toBeDisabled();
  await page.getByTestId('sms-login-code').fill(await latestSmsCode(request, mobile.slice(1), 'login'));
  await shot(page, 'sms-login-phone-bn');
  await page.getByTestId('sms-login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  await expect(page.getByTestId('slider-modal')).toHaveCount(0);
});

test('a one-click link with ?token= opens the site logged in, and the token leaves the address (en, phone)', async ({
  page,
  request,
}) => {
  const username = uniqueName('tok');
  await registerViaApi(request, { username, password: 'Token@123' });
  const token = await memberTokenViaApi(request, username, 'Token@123');
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/rng?vassalage=PG&token=${encodeURIComponent(token)}`);
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  await expect(page.getByTestId('header-account')).toContainText(username);
  await expect(page.getByTestId('login-button')).toHaveCount(0);
  await expect(page).toHaveURL(/\/rng\?vassalage=PG$/);
  await expect(page.getByTestId('game-card').first()).toHaveAttribute('data-vendor', 'PG');
});
