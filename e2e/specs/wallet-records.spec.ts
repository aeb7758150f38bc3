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

test('account record: type filter and date presets live in the URL; profit and loss and bonus details', async ({
  page,
  request,
}) => {
  const username = uniqueName('wrec');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.routeWebSocket('**/wps/ws', () => undefined);
  await loginMember(page, username, 'Wallet@123', { realtime: false });
  await fundViaBankDeposit(request, await pageToken(page), '1234.56');

  await page.goto('/member/transactionHistory');
  const rows = page.getByTestId('record-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-type', 'deposit');
  await expect(page.getByTestId('record-row-amount').first()).toHaveText('+৳1,234.56');
  await expect(page.getByTestId('preset-last7days')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('report-type').selectOption('withdraw');
  await expect(page).toHaveURL(/\/member\/transactionHistory\?type=withdraw$/);
  await expect(page.getByTestId('records-empty')).toBeVisible();
  await page.getByTestId('report-type').selectOption('deposit');
  await expect(rows).toHaveCount(1);

  await page.getByTestId('preset-yesterday').click();
  await expect(page).toHaveURL(/type=deposit&preset=yesterday/);
  await expect(page.getByTestId('records-empty')).toBeVisible();
  // the filters survive a reload and the back button
  await page.reload();
  await expect(page.getByTestId('preset-yesterday')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('report-type')).toHaveValue('deposit');
  await expect(page.getByTestId('records-empty')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/type=deposit$/);
  await expect(rows).toHaveCount(1);
  await page.getByTestId('preset-today').click();
  await expect(page).toHaveURL(/preset=today/);
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('report-period')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await shot(page, 'wallet-records-desktop-en');

  await page.getByTestId('member-menu-personalProfit').click();
  await expect(page.getByTestId('profit-deposits')).toContainText('৳1,234.56');
  await expect(page.getByTestId('profit-total')).toHaveText('৳0.00');
  await page.getByTestId('preset-last30days').click();
  await expect(page).toHaveURL(/personalProfit\?preset=last30days$/);
  await expect(page.getByTestId('profit-deposits')).toContainText('৳1,234.56');
  await shot(page, 'wallet-profit-desktop-en');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'wallet-profit-desktop-light-en');

  await page.getByTestId('member-menu-bonusDetails').click();
  await expect(page.getByTestId('bonus-total')).toHaveText('৳0.00');
  await expect(page.getByTestId('records-empty')).toBeVisible();
});

test('account record on a phone in Bengali', async ({ page, request }) => {
  const username = uniqueName('wrecp');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.routeWebSocket('**/wps/ws', () => undefined);
  await loginMember(page, username, 'Wallet@123', { realtime: false });
  await fundViaBankDeposit(request, await pageToken(page), '500');
  await page.goto('/member/transactionHistory?preset=today');
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  await expect(page.getByTestId('record-row').first()).toContainText(BENGALI);
  await shot(page, 'wallet-records-phone-bn');
  await page.goto('/member/personalProfit');
  await expect(page.getByTestId('profit-deposits')).toContainText('৳500.00');
  await shot(page, 'wallet-profit-phone-bn');
});
