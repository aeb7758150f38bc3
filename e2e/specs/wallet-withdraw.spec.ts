import type { Page } from '@playwright/test';
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
import {
  PNG_1X1,
  approveLatestWithdrawal,
  fundViaBankDeposit,
  loginMember,
  pageToken,
} from '../wallet-support.js';

async function withdraw(page: Page, amount: string) {
  await page.getByTestId('withdraw-amount').fill(amount);
  await page.getByTestId('withdraw-password').fill('246810');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-done')).toBeVisible();
  await page.getByTestId('withdraw-again').click();
}

test('withdrawal: payment password, bank account, request, payout confirmed received and not received (en)', async ({
  page,
  request,
}) => {
  const username = uniqueName('wwd');
  const password = 'Wallet@123';
  await registerViaApi(request, { username, password });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, username, password);
  await fundViaBankDeposit(request, await pageToken(page), '5000');
  await expect(page.getByTestId('header-balance')).toHaveText('৳5,000.00');
  await page.getByTestId('dialog-confirm').click();

  await page.getByTestId('header-withdraw').click();
  await expect(page.getByTestId('withdraw-limits')).toHaveText('Per withdrawal ৳100.00 – ৳50,000.00');
  // first the payment password (proven with the login password)
  await page.getByTestId('withdraw-set-password').click();
  await page.getByTestId('payment-password-current').fill(password);
  await page.getByTestId('payment-password-new').fill('246810');
  await page.getByTestId('payment-password-confirm').fill('246810');
  await page.getByTestId('payment-password-submit').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'payment_password_saved');
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('withdraw-set-password')).toHaveCount(0);

  // then a bank account: the first one sets the payee name
  await page.getByTestId('bank-add-bank').fill('bKash');
  await page.getByTestId('bank-add-name').fill('Test Player');
  await page.getByTestId('bank-add-number').fill('12');
  await page.getByTestId('bank-add-submit').click();
  await expect(page.getByTestId('bank-add-number-error')).toBeVisible();
  await page.getByTestId('bank-add-number').fill('01712345678');
  await page.getByTestId('bank-add-submit').click();
  await expect(page.getByTestId('bank-account-row')).toHaveCount(1);
  await expect(page.getByTestId('bank-account-row')).toContainText('5678');

  // amount outside the limits is refused on the page
  await page.getByTestId('withdraw-amount').fill('99.99');
  await page.getByTestId('withdraw-password').fill('246810');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-amount-error')).toHaveText('The minimum is ৳100.00');
  await withdraw(page, '1200');
  await expect(page.getByTestId('header-balance')).toHaveText('৳3,800.00');
  await expect(page.locator('[data-testid=withdraw-row][data-status=PENDING]')).toHaveCount(1);
  await shot(page, 'wallet-withdraw-desktop-en');

  // the operator pays out: the notice, then the receipt question
  await approveLatestWithdrawal(request, username);
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'notice_withdraw_approved');
  await page.getByTestId('dialog-confirm').click();
  const modal = page.getByTestId('receipt-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('receipt-item')).toHaveCount(1);
  await shot(page, 'wallet-receipt-desktop-en');
  await page.getByTestId('receipt-received').click();
  await expect(page.getByTestId('receipt-none')).toBeVisible();
  await page.getByTestId('receipt-close').click();
  await expect(page.locator('[data-testid=withdraw-row][data-status=RECEIVED]')).toHaveCount(1);

  // a second payout that did not arrive: proof image required, checked on the page first
  await withdraw(page, '300');
  await approveLatestWithdrawal(request, username);
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'notice_withdraw_approved');
  await page.getByTestId('dialog-confirm').click();
  await page.getByTestId('receipt-not-received').click();
  await page.getByTestId('receipt-submit').click();
  await expect(page.getByTestId('receipt-error')).toHaveText('Add at least one proof image');
  await page.getByTestId('receipt-proof').setInputFiles({
    name: 'proof.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('GIF89a not a jpeg'),
  });
  await expect(page.getByTestId('receipt-proof-error')).toHaveText('Only PNG or JPG images');
  await page
    .getByTestId('receipt-proof')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByTestId('receipt-remark').fill('nothing arrived');
  await shot(page, 'wallet-receipt-dispute-desktop-en');
  await page.getByTestId('receipt-submit').click();
  await expect(page.getByTestId('receipt-none')).toBeVisible();
  await page.getByTestId('receipt-close').click();
  await expect(page.locator('[data-testid=withdraw-row][data-status=DISPUTED]')).toHaveCount(1);
});

test('withdrawal page and receipt dialog on a phone in Bengali', async ({ page, request }) => {
  const username = uniqueName('wwdp');
  const password = 'Wallet@123';
  await registerViaApi(request, { username, password });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginMember(page, username, password);
  await fundViaBankDeposit(request, await pageToken(page), '1000');
  await page.getByTestId('dialog-confirm').click();
  await page.goto('/member/withdraw');
  await page.getByTestId('withdraw-set-password').click();
  await page.getByTestId('payment-password-current').fill(password);
  await page.getByTestId('payment-password-new').fill('246810');
  await page.getByTestId('payment-password-confirm').fill('246810');
  await page.getByTestId('payment-password-submit').click();
  await page.getByTestId('dialog-confirm').click();
  await page.getByTestId('bank-add-bank').fill('Nagad');
  await page.getByTestId('bank-add-name').fill('Phone Player');
  await page.getByTestId('bank-add-number').fill('01812345678');
  await page.getByTestId('bank-add-submit').click();
  await expect(page.getByTestId('bank-account-row')).toHaveCount(1);
  await withdraw(page, '400');
  await shot(page, 'wallet-withdraw-phone-bn');
  await approveLatestWithdrawal(request, username);
  await expect(page.getByTestId('dialog-message')).toContainText(BENGALI);
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('receipt-item')).toHaveCount(1);
  await page.getByTestId('receipt-not-received').click();
  await shot(page, 'wallet-receipt-phone-bn');
  await page.getByTestId('receipt-close').click();
  await expect(page.getByTestId('receipt-banner')).toContainText(BENGALI);
  await page.getByTestId('receipt-open').click();
  await page.getByTestId('receipt-received').click();
  await expect(page.getByTestId('receipt-none')).toBeVisible();
});
