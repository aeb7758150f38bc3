import type { Page } from '@playwright/test';
import {
  expect,
  test,
  BENGALI,
  closePopups,
  freshMobile,
  latestSmsCode,
  nextTestIp,
  registerViaApi,
  shot,
  skipPopups,
  solveSlider,
  uniqueName,
  useLanguage,
} from '../support.js';
import { loginMember, mainBalance, pageToken } from '../wallet-support.js';

/** The demo merchant's referral programme: ৳20 per friend who signs up, ৳100 per first deposit of ৳500+. */
const stat = (page: Page, id: string) => page.getByTestId(`referral-${id}`);

test("a member shares the invite link; a friend registers through it and deposits; the member's rewards arrive (en, desktop)", async ({
  page,
  browser,
  request,
}) => {
  const username = uniqueName('refa');
  await registerViaApi(request, { username, password: 'Refer@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, username, 'Refer@123');
  const token = await pageToken(page);
  expect(await mainBalance(request, token)).toBe('0.00');

  // the header's Share item opens the invite page; Rewards shows while referral runs
  await expect(page.getByTestId('header-rewards')).toBeVisible();
  await page.getByTestId('header-share').click();
  await expect(page).toHaveURL(/\/member\/referral$/);
  await expect(page.getByTestId('referral-page')).toBeVisible();
  await expect(page.getByTestId('referral-rule')).toHaveCount(2);
  await expect(stat(page, 'invitations')).toHaveText('0');
  const link = (await page.getByTestId('referral-link').getAttribute('data-url'))!;
  const code = (await page.getByTestId('referral-code').textContent())!;
  expect(link).toBe(`${new URL(page.url()).origin}/register?referralCode=${code}`);
  await expect(page.getByTestId('referral-qr')).toHaveAttribute('data-url', link);
  await page.getByTestId('referral-copy-link').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'referral_link_copied');
  await page.getByTestId('dialog-confirm').click();
  await shot(page, 'referral-desktop-en');

  // a friend opens the link in a browser of their own, on another address (the programme refuses
  // friends on the member's own address or device)
  const friendContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': nextTestIp() } });
  try {
    const friend = await friendContext.newPage();
    await useLanguage(friend, 'en');
    await skipPopups(friend);
    await friend.setViewportSize({ width: 1366, height: 900 });
    await friend.goto(link);
    await expect(friend.getByTestId('register-modal')).toBeVisible();
    const mobile = freshMobile('018');
    await friend.getByTestId('register-mobile').fill(mobile);
    await friend.getByTestId('register-sms-send').click();
    await expect(friend.getByTestId('register-sms-send')).toBeDisabled();
    await friend.getByTestId('register-code').fill(await latestSmsCode(request, mobile.slice(1)));
    await friend.getByTestId('register-password').fill('Friend@123');
    await friend.getByTestId('register-confirm').fill('Friend@123');
    await friend.getByTestId('register-age').check();
    await friend.getByTestId('register-terms').check();
    await friend.getByTestId('register-submit').click();
    await solveSlider(friend);
    await expect(friend.getByTestId('register-modal')).toBeHidden();
    await closePopups(friend);
    await expect(friend.getByTestId('avatar-button')).toBeVisible();

    // the sign-up reward is the member's at once; its page hears of it over the real-time channel
    await expect(stat(page, 'invitations')).toHaveText('1');
    await expect(page.getByTestId('header-balance')).toHaveText('৳20.00');
    await expect(stat(page, 'earned')).toHaveText('৳20.00');
    await expect(page.getByTestId('referral-invitee')).toHaveCount(1);
    await expect(page.getByTestId('referral-invitee')).toContainText('****');

    // the friend's first deposit of ৳500 through the test gateway
    await expect(friend.locator('html')).toHaveAttribute('data-realtime', 'ready');
    await friend.getByTestId('header-deposit').click();
    await friend.locator('[data-testid=deposit-channel][data-kind=online]').click();
    await friend.getByTestId('deposit-amount').fill('500');
    const [gateway] = await Promise.all([
      friend.waitForEvent('popup'),
      friend.getByTestId('deposit-submit').click(),
    ]);
    await gateway.waitForLoadState();
    await gateway.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(friend.getByTestId('header-balance')).toHaveText('৳500.00');
  } finally {
    await friendContext.close();
  }

  await expect(stat(page, 'earned')).toHaveText('৳120.00');
  await expect(stat(page, 'qualified')).toHaveText('1');
  await expect(page.getByTestId('referral-invitee-reward')).toHaveText('৳120.00');
  await expect(page.getByTestId('header-balance')).toHaveText('৳120.00');
  expect(await mainBalance(request, token)).toBe('120.00');
  await shot(page, 'referral-rewarded-desktop-en');
  await page.getByTestId('referral-invitees').scrollIntoViewIfNeeded();
  await shot(page, 'referral-friends-desktop-en');
});

test('the invite page in Bengali on a phone, dark and light; the side menu links it (bn)', async ({
  page,
  request,
}) => {
  const username = uniqueName('refb');
  await registerViaApi(request, { username, password: 'Refer@123' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginMember(page, username, 'Refer@123');
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('side-quick-referral')).toBeVisible();
  await expect(page.getByTestId('side-quick-rewardCenter')).toBeVisible();
  await expect(page.getByTestId('side-quick-manualRebate')).toBeVisible();
  await page.getByTestId('side-quick-referral').click();
  await expect(page.getByTestId('referral-page')).toBeVisible();
  await expect(page.getByTestId('referral-page').locator('h1')).toHaveText(BENGALI);
  await expect(page.getByTestId('referral-rule').first()).toContainText(BENGALI);
  await shot(page, 'referral-phone-bn-dark');
  await page.getByTestId('referral-rules').scrollIntoViewIfNeeded();
  await shot(page, 'referral-rules-phone-bn-dark');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'referral-phone-bn-light');
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'referral-desktop-bn-light');
});

test('visitors see Rewards and Share; the invite page asks them to log in', async ({ page }) => {
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('header-rewards')).toBeVisible();
  await expect(page.getByTestId('side-quick-referral')).toBeVisible();
  await expect(page.getByTestId('side-quick-manualRebate')).toHaveCount(0);
  await page.getByTestId('header-share').click();
  await expect(page.getByTestId('member-gate')).toHaveAttribute('data-reason', 'login');
  // the promotions page sends them to the invite page rather than joining a referral promotion
  await page.goto('/promotions');
  await expect(page.getByTestId('promotion-invite')).toHaveCount(2);
  await expect(page.getByTestId('promotion-invite').first()).toHaveText('Invite friends');
});
