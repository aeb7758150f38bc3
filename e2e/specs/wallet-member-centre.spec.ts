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

const PAGES = [
  ['securityCenter', 'member-info'],
  ['transferFund', 'transfer-fund-page'],
  ['depositv2', 'deposit-page'],
  ['withdraw', 'withdraw-page'],
  ['transferUpline', 'transfer-upline-page'],
  ['transactionHistory', 'transaction-history-page'],
  ['personalProfit', 'personal-profit-page'],
  ['bonusDetails', 'bonus-details-page'],
  ['messageV2', 'messages-page'],
] as const;

test('visitors get the login popup, trial accounts the real-account warning', async ({ page }) => {
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.goto('/member/transferFund');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('member-gate')).toHaveAttribute('data-reason', 'login');
  await page.getByTestId('free-play-button').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'need_real_account');
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('member-gate')).toHaveAttribute('data-reason', 'trial');
  await expect(page.getByTestId('member-centre')).toHaveCount(0);
});

test('member centre: every page from the menu, my account by default, messages badge (en desktop, bn phone)', async ({
  page,
  request,
}) => {
  const username = uniqueName('wmc');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, username, 'Wallet@123');

  // the side menu's member links lead into the member centre; /member opens my account
  await page.getByTestId('side-member-transactionHistory').click();
  await expect(page.getByTestId('transaction-history-page')).toBeVisible();
  await page.goto('/member');
  await expect(page.getByTestId('member-centre')).toHaveAttribute('data-page', 'securityCenter');
  await expect(page.getByTestId('member-info-account')).toHaveText(username);
  await shot(page, 'member-centre-desktop-en');
  for (const [id, testId] of PAGES) {
    await page.getByTestId(`member-menu-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`/member/${id}$`));
    await expect(page.getByTestId(testId)).toBeVisible();
  }
  // an unknown page falls back to my account
  await page.goto('/member/nope');
  await expect(page).toHaveURL(/\/member\/securityCenter$/);

  // an approved deposit leaves a message: badge, then read (the notice dialog needs the page's
  // live channel, which reconnects after the navigation above)
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'ready');
  await fundViaBankDeposit(request, await pageToken(page), '300');
  await expect(page.getByTestId('member-badge-messageV2')).toHaveText('1');
  await page.getByTestId('dialog-confirm').click();
  await page.getByTestId('member-menu-messageV2').click();
  const item = page.getByTestId('message-item').first();
  await expect(item).toHaveAttribute('data-kind', 'deposit_approved');
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText('৳300.00');
  await shot(page, 'member-messages-desktop-en');
  await item.click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('member-badge-messageV2')).toHaveCount(0);
});

test('member centre on a phone in Bengali: the menu folds into a toggle', async ({ page, request }) => {
  const username = uniqueName('wmcp');
  await registerViaApi(request, { username, password: 'Wallet@123' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginMember(page, username, 'Wallet@123');
  await page.goto('/member/transferFund');
  await expect(page.getByTestId('transfer-fund-page')).toBeVisible();
  await expect(page.getByTestId('member-menu')).toBeHidden();
  await expect(page.getByTestId('member-menu-toggle')).toContainText(BENGALI);
  await shot(page, 'member-wallet-phone-bn');
  await page.getByTestId('member-menu-toggle').click();
  await expect(page.getByTestId('member-menu')).toBeVisible();
  await shot(page, 'member-menu-phone-bn');
  await page.getByTestId('member-menu-transactionHistory').click();
  await expect(page.getByTestId('transaction-history-page')).toBeVisible();
  await expect(page.getByTestId('member-menu')).toBeHidden();
  await page.getByTestId('member-menu-toggle').click();
  await page.getByTestId('member-menu-securityCenter').click();
  await expect(page.getByTestId('member-info-account')).toHaveText(username);
  await shot(page, 'member-account-phone-bn');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'member-account-phone-light-bn');
});
