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
import { PNG_1X1, approveDeposit, expectNotReloaded, loginMember, markPage } from '../wallet-support.js';

test("online deposit through the test gateway's payment page: the balance rises without a reload (en)", async ({
  page,
  request,
}) => {
  const username = uniqueName('wdon');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, username, 'Wallet@123');
  await page.getByTestId('header-deposit').click();
  await expect(page.getByTestId('deposit-page')).toBeVisible();
  await page.locator('[data-testid=deposit-channel][data-kind=online]').click();
  await expect(page.getByTestId('deposit-form')).toHaveAttribute('data-kind', 'online');

  // limits are checked before anything is sent
  await page.getByTestId('deposit-amount').fill('50');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-amount-error')).toHaveText('The minimum is ৳100.00');
  await page.getByTestId('deposit-amount').fill('60000');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-amount-error')).toHaveText('The maximum is ৳50,000.00');
  await page
    .getByTestId('deposit-quick-amount')
    .filter({ hasText: /^1,000$/ })
    .click();
  await expect(page.getByTestId('deposit-amount')).toHaveValue('1000');
  await shot(page, 'wallet-deposit-desktop-en');

  await expect(page.getByTestId('header-balance')).toHaveText('৳0.00');
  await markPage(page);
  const [gateway] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('deposit-submit').click(),
  ]);
  await expect(page.getByTestId('deposit-outcome')).toHaveAttribute('data-status', 'PENDING');
  await gateway.waitForLoadState();
  await expect(gateway.getByText('Test Pay').first()).toBeVisible();
  await gateway.getByRole('button', { name: 'Pay', exact: true }).click();

  // the player's page hears of it over the real-time channel
  await expect(page.getByTestId('header-balance')).toHaveText('৳1,000.00');
  await expect(page.getByTestId('deposit-outcome')).toHaveAttribute('data-status', 'SUCCESS');
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'notice_deposit_arrived');
  await expectNotReloaded(page);
  await shot(page, 'wallet-deposit-arrived-desktop-en');
  await page.getByTestId('dialog-confirm').click();
  await expect(page.locator('[data-testid=deposit-row][data-status=SUCCESS]')).toHaveCount(1);

  // the gateway's tab came back to the site with the order's outcome
  await expect(gateway).toHaveURL(/\/member\/depositv2\?orderNo=D/);
  await expect(gateway.getByTestId('deposit-outcome')).toHaveAttribute('data-status', 'SUCCESS');
});

test('bank-transfer deposit with a receipt, approved through the operator API (bn phone)', async ({
  page,
  request,
}) => {
  const username = uniqueName('wdbk');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginMember(page, username, 'Wallet@123');
  await page.goto('/member/depositv2');
  await page.locator('[data-testid=deposit-channel][data-kind=bank]').click();
  await expect(page.getByTestId('deposit-bank-details')).toBeVisible();
  await expect(page.getByTestId('deposit-accountNumber')).toHaveText('1234 5678 9012');
  await page.getByTestId('deposit-amount').fill('2500.75');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-reference-error')).toContainText(BENGALI);
  await page.getByTestId('deposit-reference').fill('TRX998877');
  // a text file named like a picture is refused before upload
  await page.getByTestId('deposit-receipt').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByTestId('deposit-receipt-error')).toBeVisible();
  await page
    .getByTestId('deposit-receipt')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByTestId('deposit-receipt-error')).toHaveCount(0);
  await shot(page, 'wallet-deposit-bank-phone-bn');
  await page.getByTestId('deposit-submit').click();
  const outcome = page.getByTestId('deposit-outcome');
  await expect(outcome).toHaveAttribute('data-status', 'PENDING');
  const orderNo = await page.locator('[data-testid=deposit-row]').first().getAttribute('data-order');
  expect(orderNo).toMatch(/^D/);

  await markPage(page);
  await approveDeposit(request, orderNo!);
  await expect(page.getByTestId('header-balance')).toHaveText('৳2,500.75');
  await expect(outcome).toHaveAttribute('data-status', 'SUCCESS');
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'notice_deposit_approved');
  await expect(page.getByTestId('dialog-message')).toContainText(BENGALI);
  await expectNotReloaded(page);
  await shot(page, 'wallet-deposit-approved-phone-bn');
});
