import {
  expect,
  test,
  DEMO_MEMBER,
  registerViaApi,
  shot,
  skipPopups,
  uniqueName,
  useLanguage,
} from '../support.js';
import { fundViaBankDeposit, loginMember, mainBalance, pageToken } from '../wallet-support.js';
import { cents } from '../games-support.js';

test('a member without an upline is told so', async ({ page, request }) => {
  const username = uniqueName('wnoup');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await loginMember(page, username, 'Wallet@123');
  await page.goto('/member/transferUpline');
  await expect(page.getByTestId('upline-unavailable')).toBeVisible();
  await expect(page.getByTestId('upline-form')).toHaveCount(0);
});

test('transfer to upline with the payment password (en, desktop and phone)', async ({ page, request }) => {
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  const token = await pageToken(page);
  await fundViaBankDeposit(request, token, '1000');
  await page.getByTestId('dialog-confirm').click();
  const before = await mainBalance(request, token);

  await page.goto('/member/transferUpline');
  await expect(page.getByTestId('upline-name')).toContainText('agent01');
  // client-side checks first: no amount, no password
  await page.getByTestId('upline-submit').click();
  await expect(page.getByTestId('upline-amount-error')).toHaveText('Please enter an amount');
  await expect(page.getByTestId('upline-password-error')).toBeVisible();
  await page.getByTestId('upline-amount').fill('150.255');
  await page.getByTestId('upline-password').fill('000000');
  await page.getByTestId('upline-submit').click();
  await expect(page.getByTestId('upline-amount-error')).toHaveText('At most two decimal places');
  // a wrong payment password is the server's answer, in the page's language
  await page.getByTestId('upline-amount').fill('150.25');
  await page.getByTestId('upline-submit').click();
  await expect(page.getByTestId('upline-error')).toBeVisible();
  await shot(page, 'wallet-upline-error-desktop-en');
  await page.getByTestId('upline-password').fill('123456');
  await page.getByTestId('upline-submit').click();
  await expect(page.getByTestId('upline-done-amount')).toHaveText('৳150.25');
  await shot(page, 'wallet-upline-done-desktop-en');

  const after = await mainBalance(request, token);
  expect(cents(before) - cents(after)).toBe(15025n);
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-value', after);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('upline-again').click();
  await expect(page.getByTestId('upline-form')).toBeVisible();
  await shot(page, 'wallet-upline-phone-en');
});
