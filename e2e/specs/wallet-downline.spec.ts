import { expect, test, DEMO_AGENT, DEMO_MEMBER, member, shot, skipPopups, useLanguage } from '../support.js';
import { loginMember, mainBalance, pageToken } from '../wallet-support.js';
import { cents } from '../games-support.js';

const PAYMENT_PASSWORD = '135790';

test('an agent transfers to its downline (en, desktop and phone); the avatar menu opens My account', async ({
  page,
  browser,
  request,
}) => {
  // the downline's balance, read with its own session
  const downCtx = await browser.newContext();
  const downPage = await downCtx.newPage();
  await useLanguage(downPage, 'en');
  await skipPopups(downPage);
  await loginMember(downPage, DEMO_MEMBER.username, DEMO_MEMBER.password, { realtime: false });
  const downToken = await pageToken(downPage);
  const downBefore = await mainBalance(request, downToken);

  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, DEMO_AGENT.username, DEMO_AGENT.password);
  const token = await pageToken(page);
  const before = await mainBalance(request, token);

  // the avatar menu's "My account" opens the security centre, where the payment password is set
  await page.getByTestId('avatar-button').click();
  await expect(page.getByTestId('menu-messages')).toHaveText('Platform messages');
  await page.getByTestId('menu-my-account').click();
  await expect(page).toHaveURL(/\/member\/securityCenter$/);
  await expect(page.getByTestId('member-info-account')).toContainText(DEMO_AGENT.username);
  const hasPassword = await member<boolean>(request, token, 'GET', '/wps/member/hasWithdrawalPassword');
  if (!hasPassword) {
    await page.getByTestId('security-payment-password').click();
    await page.getByTestId('payment-password-current').fill(DEMO_AGENT.password);
    await page.getByTestId('payment-password-new').fill(PAYMENT_PASSWORD);
    await page.getByTestId('payment-password-confirm').fill(PAYMENT_PASSWORD);
    await page.getByTestId('payment-password-submit').click();
    await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'payment_password_saved');
    await page.getByTestId('dialog-confirm').click();
  }

  // agents find the page in the menu
  await page.getByTestId('member-menu-transferDownline').click();
  await expect(page.getByTestId('transfer-downline-page')).toBeVisible();
  // client-side checks first
  await page.getByTestId('downline-submit').click();
  await expect(page.getByTestId('downline-username-error')).toHaveText('Please enter the downline username');
  await expect(page.getByTestId('downline-amount-error')).toHaveText('Please enter an amount');
  await expect(page.getByTestId('downline-password-error')).toBeVisible();
  // a stranger is refused by the server, in the page's language
  await page.getByTestId('downline-username').fill('nobody_here_e2e');
  await page.getByTestId('downline-amount').fill('250.50');
  await page.getByTestId('downline-password').fill(PAYMENT_PASSWORD);
  await page.getByTestId('downline-submit').click();
  await expect(page.getByTestId('downline-error')).toBeVisible();
  await shot(page, 'wallet-downline-error-desktop-en');

  await page.getByTestId('downline-username').fill(DEMO_MEMBER.username);
  await page.getByTestId('downline-submit').click();
  await expect(page.getByTestId('downline-done-amount')).toHaveText('৳250.50');
  await expect(page.getByTestId('downline-done-to')).toHaveText(DEMO_MEMBER.username);
  await shot(page, 'wallet-downline-done-desktop-en');

  const after = await mainBalance(request, token);
  expect(cents(before) - cents(after)).toBe(25050n);
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-value', after);
  const downAfter = await mainBalance(request, downToken);
  expect(cents(downAfter) - cents(downBefore)).toBe(25050n);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('downline-again').click();
  await expect(page.getByTestId('downline-form')).toBeVisible();
  await shot(page, 'wallet-downline-phone-en');

  // a plain member neither sees the entry nor can use the page by URL
  await downPage.goto('/member/transferDownline');
  await expect(downPage.getByTestId('downline-unavailable')).toBeVisible();
  await expect(downPage.getByTestId('downline-form')).toHaveCount(0);
  await expect(downPage.getByTestId('member-menu-transferUpline')).toHaveCount(1);
  await expect(downPage.getByTestId('member-menu-transferDownline')).toHaveCount(0);
  await downCtx.close();
});
