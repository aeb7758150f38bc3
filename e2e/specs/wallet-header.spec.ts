import {
  expect,
  test,
  BENGALI,
  registerViaApi,
  shot,
  skipPopups,
  uniqueName,
  useLanguage,
} from '../support.js';
import { fundViaBankDeposit, loginMember, pageToken } from '../wallet-support.js';

test('header balance: two decimals with separators, refresh, show/hide (en, desktop)', async ({
  page,
  request,
}) => {
  const username = uniqueName('wbal');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  // No real-time channel in this test: only the refresh button can bring the new balance.
  await page.routeWebSocket('**/wps/ws', () => undefined);
  await loginMember(page, username, 'Wallet@123', { realtime: false });

  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText('৳0.00');
  await expect(page.getByTestId('header-deposit')).toHaveText('Deposit');
  await expect(page.getByTestId('header-withdraw')).toHaveText('Withdraw');

  await fundViaBankDeposit(request, await pageToken(page), '12345.5');
  await expect(balance).toHaveText('৳0.00');
  await page.getByTestId('balance-refresh').click();
  await expect(balance).toHaveText('৳12,345.50');
  await expect(page.getByTestId('balance-refresh')).toHaveAttribute('data-loading', 'false');
  await shot(page, 'wallet-header-desktop-en');
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(balance).toBeVisible();
  await shot(page, 'wallet-header-tablet-en');
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByTestId('balance-toggle').click();
  await expect(balance).toHaveText('৳******');
  await expect(balance).toHaveAttribute('data-hidden', 'true');
  // the choice survives a reload
  await page.reload();
  await expect(page.getByTestId('header-balance')).toHaveText('৳******');
  await page.getByTestId('balance-toggle').click();
  await expect(page.getByTestId('header-balance')).toHaveText('৳12,345.50');

  // deposit and withdraw open their member-centre pages
  await page.getByTestId('header-deposit').click();
  await expect(page).toHaveURL(/\/member\/depositv2$/);
  await expect(page.getByTestId('deposit-page')).toBeVisible();
  await page.getByTestId('header-withdraw').click();
  await expect(page).toHaveURL(/\/member\/withdraw$/);
  await expect(page.getByTestId('withdraw-page')).toBeVisible();
});

test('header balance on a phone in Bengali; trial accounts hold play money and may not deposit', async ({
  page,
  request,
}) => {
  const username = uniqueName('wbph');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginMember(page, username, 'Wallet@123');
  await fundViaBankDeposit(request, await pageToken(page), '2500');
  // the wallet strip sits under the header on phones and follows the real-time push
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText('৳2,500.00');
  // ...and the approval arrives as a notice in Bengali
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'notice_deposit_approved');
  await expect(page.getByTestId('dialog-message')).toContainText('৳2,500.00');
  await shot(page, 'wallet-notice-phone-bn');
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('header-deposit')).toContainText(BENGALI);
  await shot(page, 'wallet-header-phone-bn');
  await page.getByTestId('balance-toggle').click();
  await expect(balance).toHaveText('৳******');
  await shot(page, 'wallet-header-hidden-phone-bn');
  await page.getByTestId('balance-toggle').click();

  // a fresh browser session with a free-play account
  await page.evaluate(() => sessionStorage.clear());
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByTestId('free-play-button').click();
  await expect(page.getByTestId('play-money-label')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('৳2,000.00');
  await page.getByTestId('header-deposit').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'need_real_account');
  await shot(page, 'wallet-trial-phone-bn');
  await page.getByTestId('dialog-confirm').click();
  await expect(page).not.toHaveURL(/\/member/);
});
