import type { Page } from '@playwright/test';
import {
  expect,
  test,
  BENGALI,
  admin,
  member,
  operatorToken,
  registerViaApi,
  shot,
  skipPopups,
  uniqueName,
  useLanguage,
} from '../support.js';
import { loginMember, pageToken } from '../wallet-support.js';
import { cents, gameBalance, gameOf, GAME_QUERIES, openGame, type CatalogueGame } from '../games-support.js';

interface Claim {
  promotionId: number;
  state: string;
  bonusAmount: string | null;
  requiredTurnover: string;
  currentTurnover: string;
}

const spinOnce = async (page: Page) => {
  const wait = page.waitForResponse(
    (r) => r.url().includes('/gs/api/slot/spin') && r.request().method() === 'POST',
  );
  await page.getByTestId('spin').click();
  const body = await (await wait).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  await expect(page.getByTestId('spin')).toBeEnabled();
  return body.value as { bet: string; win: string; balance: string };
};

/**
 * The whole welcome-bonus journey of a new member (issue 16): register, join the welcome bonus,
 * deposit through the test gateway (the bonus is granted with it), see the bonus and its wagering
 * on bonus details, play a built-in slot with real and bonus money until the wagering converts the
 * bonus, then withdraw. The promotion is the worker merchant's own, made through the operator API
 * with a small wagering so a few spins meet it.
 */
test('a new member joins the welcome bonus, deposits, wagers it on slots until it converts, and withdraws (en desktop, bn phone)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Journey bonus ${uniqueName('j')}`;
  const op = await operatorToken(request);
  const promo = await admin<{ id: number }>(request, op, 'POST', '/admin/api/promotions', {
    category: 'deposit_promo',
    tags: ['NEWBIE'],
    title: { EN: title, BN: `যাত্রা বোনাস ${title.slice(-6)}` },
    content: { EN: '<p>50% of your first deposit, wager it 0.1 times</p>' },
    trigger: 'FIRST_DEPOSIT',
    rewardKind: 'PERCENT',
    rewardPercent: 50,
    rewardCap: '100',
    minDeposit: '100',
    wageringMultiple: 0.1,
    expiryDays: 30,
    maxBet: '500',
    contributions: { RNG: 100, LIVE: 10 },
  });

  const username = uniqueName('jrn');
  const password = 'Journey@123';
  await registerViaApi(request, { username, password });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, username, password);

  // join it on the promotions page
  await page.goto('/promotions');
  const card = page.getByTestId('promotion-card').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-status', 'Join');
  await card.getByTestId('promotion-action').click();
  await expect(card).toHaveAttribute('data-status', 'Joined');
  await shot(page, 'journey-joined-desktop-en');

  // the first deposit, through the test gateway's payment page
  await page.getByTestId('header-deposit').click();
  await page.locator('[data-testid=deposit-channel][data-kind=online]').click();
  await page.getByTestId('deposit-amount').fill('200');
  const [gateway] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('deposit-submit').click(),
  ]);
  await gateway.waitForLoadState();
  await gateway.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByTestId('deposit-outcome')).toHaveAttribute('data-status', 'SUCCESS');
  await gateway.close();

  // the promotion shows it in progress
  await page.goto('/promotions');
  await expect(card).toHaveAttribute('data-status', 'Process');
  await expect(card.getByTestId('promotion-status')).toHaveText('In progress');

  // the bonus (50% of 200 = 100) and its wagering (0.1 x 100 = 10) on bonus details
  await page.goto('/member/bonusDetails');
  const item = page.getByTestId('bonus-item').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-state', 'ACTIVE');
  await expect(item.getByTestId('bonus-amount')).toContainText('100.00');
  await expect(item.getByTestId('bonus-wagered')).toContainText(/0\.00 of .*10\.00/);
  await expect(item.getByTestId('bonus-remaining')).toContainText('10.00');
  await expect(item.getByTestId('bonus-chip')).toHaveText('Wagering');
  await expect(item.getByTestId('bonus-max-bet')).toContainText('500.00');
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await shot(page, 'journey-bonus-active-desktop-en');

  // the game's balance is what can be bet: the real 200 and the bonus 100
  const token = await pageToken(page);
  await openGame(page, request, token, 'slot', { lang: 'en' });
  expect(cents(await gameBalance(page))).toBe(300_00n);

  // spins until the wagering is met and the bonus converts
  let claim: Claim | undefined;
  let wagered = 0n;
  for (let i = 0; i < 60; i++) {
    const spin = await spinOnce(page);
    wagered += cents(spin.bet);
    const claims = await member<Claim[]>(request, token, 'GET', '/wps/relay/MCS2_getPromotionClaimList');
    claim = claims.find((c) => c.promotionId === promo.id);
    if (claim?.state !== 'ACTIVE') break;
  }
  expect(claim?.state).toBe('CONVERTED');
  expect(wagered).toBeGreaterThanOrEqual(10_00n);
  await shot(page, 'journey-slot-desktop-en');

  // bonus details: converted, wagering complete
  await page.goto('/member/bonusDetails');
  await expect(item).toHaveAttribute('data-state', 'CONVERTED');
  await expect(item.getByTestId('bonus-chip')).toHaveText('Converted');
  await shot(page, 'journey-bonus-converted-desktop-en');

  // and the withdrawal goes through: payment password, bank account, request
  await page.getByTestId('header-withdraw').click();
  await page.getByTestId('withdraw-set-password').click();
  await page.getByTestId('payment-password-current').fill(password);
  await page.getByTestId('payment-password-new').fill('246810');
  await page.getByTestId('payment-password-confirm').fill('246810');
  await page.getByTestId('payment-password-submit').click();
  await page.getByTestId('dialog-confirm').click();
  await page.getByTestId('bank-add-bank').fill('bKash');
  await page.getByTestId('bank-add-name').fill('Journey Player');
  await page.getByTestId('bank-add-number').fill('01712345678');
  await page.getByTestId('bank-add-submit').click();
  await expect(page.getByTestId('bank-account-row')).toHaveCount(1);
  await page.getByTestId('withdraw-amount').fill('150');
  await page.getByTestId('withdraw-password').fill('246810');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-done')).toBeVisible();
  await shot(page, 'journey-withdrawn-desktop-en');
  await page.getByTestId('withdraw-again').click();
  await expect(page.locator('[data-testid=withdraw-row][data-status=PENDING]')).toHaveCount(1);

  // the same bonus in Bengali on a phone, dark and light
  await useLanguage(page, 'bn');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/member/bonusDetails');
  const bn = page.getByTestId('bonus-item').filter({ hasText: 'যাত্রা বোনাস' });
  await expect(bn).toHaveAttribute('data-state', 'CONVERTED');
  await expect(bn.getByTestId('bonus-chip')).toHaveText(BENGALI);
  await shot(page, 'journey-bonus-converted-phone-bn');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'journey-bonus-converted-phone-bn-light');
});

test('a member redeems a bonus code on the promotions page; a wrong or spent code is refused (bn phone, en desktop light)', async ({
  page,
  request,
}) => {
  const title = `Code bonus ${uniqueName('c')}`;
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const op = await operatorToken(request);
  const promo = await admin<{ id: number }>(request, op, 'POST', '/admin/api/promotions', {
    category: 'other_promo',
    title: { EN: title, BN: `কোড বোনাস ${title.slice(-6)}` },
    trigger: 'BONUS_CODE',
    rewardKind: 'FIXED',
    rewardAmount: '25',
    wageringMultiple: 1,
  });
  await admin(request, op, 'POST', `/admin/api/promotions/${promo.id}/codes`, { code, maxUses: 1 });

  const username = uniqueName('cod');
  await registerViaApi(request, { username, password: 'Code@1234' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginMember(page, username, 'Code@1234');
  await page.goto('/promotions');
  const card = page.getByTestId('promotion-card').filter({ hasText: 'কোড বোনাস' });
  await expect(card).toHaveAttribute('data-status', 'Claim');
  await page.getByTestId('redeem-code-input').fill('NOSUCH99');
  await page.getByTestId('redeem-code-submit').click();
  await expect(page.getByTestId('redeem-code-error')).toHaveText(BENGALI);
  await page.getByTestId('redeem-code-input').fill(code.toLowerCase());
  await page.getByTestId('redeem-code-submit').click();
  await expect(page.getByTestId('redeem-code-done')).toContainText('কোড বোনাস');
  await expect(card).toHaveAttribute('data-status', 'Process');
  await shot(page, 'promotions-code-phone-bn');

  // once per member: the same member again is refused, in English on a desktop in the light theme
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/promotions');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('redeem-code-input').fill(code);
  await page.getByTestId('redeem-code-submit').click();
  await expect(page.getByTestId('redeem-code-error')).toHaveText(
    'You have already taken part in this promotion',
  );
  await shot(page, 'promotions-code-desktop-en-light');
});

/**
 * Free spins (issue 16): an operator's FREE_SPINS promotion on a built-in slot; a new member claims
 * it on /promotions, the card's Play button opens the slot, and a spin costs nothing; bonus details
 * show the spins left.
 */
test('a member claims free spins, the card opens the slot and a spin is free (en desktop)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const slot = (await gameOf(request, GAME_QUERIES.slot)) as CatalogueGame & { gameCode: string };
  const title = `Free spins ${uniqueName('fs')}`;
  const op = await operatorToken(request);
  const promo = await admin<{ id: number }>(request, op, 'POST', '/admin/api/promotions', {
    category: 'rng_promo',
    title: { EN: title, BN: `ফ্রি স্পিন ${title.slice(-6)}` },
    trigger: 'CLAIM',
    rewardKind: 'FREE_SPINS',
    wageringMultiple: 2,
    expiryDays: 7,
    freeSpins: { count: 3, stake: '5', vendor: slot.vassalage, gameCode: slot.gameCode },
  });
  const username = uniqueName('fsp');
  const password = 'Spins@1234';
  await registerViaApi(request, { username, password });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, username, password);

  await page.goto('/promotions');
  const card = page.getByTestId('promotion-card').filter({ hasText: title });
  await expect(card.getByTestId('promotion-free-spins')).toContainText('3 free spins');
  await card.getByTestId('promotion-action').click();
  await expect(card).toHaveAttribute('data-status', 'Process');
  await card.getByTestId('promotion-play-free-spins').click();
  await expect(page.getByTestId('game-popup')).toBeVisible();
  const frame = page.getByTestId('game-popup').locator('iframe').contentFrame();
  await expect(frame.getByTestId('spin')).toBeEnabled();
  const wait = page.waitForResponse(
    (r) => r.url().includes('/gs/api/slot/spin') && r.request().method() === 'POST',
  );
  await frame.getByTestId('spin').click();
  const body = await (await wait).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  expect(body.value.bet).toBe('0.00');
  expect(body.value.freeSpins.isFree).toBe(true);
  await shot(page, 'free-spins-game-desktop-en');

  await page.goto('/member/bonusDetails');
  const item = page.getByTestId('bonus-item').filter({ hasText: title });
  await expect(item.getByTestId('bonus-free-spins')).toContainText(/left of 3/);
  await expect(item.getByTestId('bonus-play-free-spins')).toBeVisible();
  await shot(page, 'free-spins-bonus-desktop-en');

  // the reward centre lists the spins left (the slot, the stake, the expiry) beside the sign-up wheel
  // ticket, the menu's badge counts both, and its Play button opens the slot for another free spin
  const token = await pageToken(page);
  const claims = await member<{ promotionId: number; freeSpins: { remaining: number; granted: number } }[]>(
    request,
    token,
    'GET',
    '/wps/relay/MCS2_getPromotionClaimList',
  );
  const fs = claims.find((c) => c.promotionId === promo.id)!.freeSpins;
  await page.goto('/member/rewardCenter');
  const spins = page.getByTestId('free-spins-card').filter({ hasText: title });
  await expect(spins.getByTestId('free-spins-left')).toHaveText(
    `${fs.remaining} of ${fs.granted} spins left`,
  );
  await expect(spins).toContainText(`${slot.gameName} · ৳5.00 per spin`);
  await expect(spins).toContainText(/Expires /);
  await expect(page.getByTestId('member-badge-rewardCenter')).toHaveText('2');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectNoSideways(page);
  await shot(page, 'free-spins-rewards-desktop-en-light');
  await spins.getByTestId('free-spins-play').click();
  await expect(page.getByTestId('game-popup')).toBeVisible();
  const again = page.getByTestId('game-popup').locator('iframe').contentFrame();
  await expect(again.getByTestId('spin')).toBeEnabled();
  const second = page.waitForResponse(
    (r) => r.url().includes('/gs/api/slot/spin') && r.request().method() === 'POST',
  );
  await again.getByTestId('spin').click();
  expect((await (await second).json()).value.freeSpins.isFree).toBe(true);
});

/** The page is no wider than the window (nothing pushed out sideways). */
async function expectNoSideways(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('the reward centre shows free spins in Bengali on a phone (dark)', async ({ page, request }) => {
  const slot = (await gameOf(request, GAME_QUERIES.slot)) as CatalogueGame & { gameCode: string };
  const title = `Free spins ${uniqueName('fsbn')}`;
  const op = await operatorToken(request);
  const promo = await admin<{ id: number }>(request, op, 'POST', '/admin/api/promotions', {
    category: 'rng_promo',
    title: { EN: title, BN: `সাপ্তাহিক ফ্রি স্পিন ${title.slice(-6)}` },
    trigger: 'CLAIM',
    rewardKind: 'FREE_SPINS',
    wageringMultiple: 2,
    expiryDays: 7,
    freeSpins: { count: 25, stake: '10', vendor: slot.vassalage, gameCode: slot.gameCode },
  });
  const username = uniqueName('fsbn');
  const password = 'Spins@1234';
  await registerViaApi(request, { username, password });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginMember(page, username, password);
  await member(request, await pageToken(page), 'POST', '/wps/promotions', { promotionId: promo.id });

  await page.goto('/member/rewardCenter');
  const spins = page.getByTestId('free-spins-card').filter({ hasText: title.slice(-6) });
  await expect(spins).toContainText('সাপ্তাহিক ফ্রি স্পিন');
  await expect(spins.getByTestId('free-spins-left')).toHaveText('25টির মধ্যে 25টি স্পিন বাকি');
  await expect(spins).toContainText('প্রতি স্পিন ৳10.00');
  await expect(spins.getByTestId('free-spins-play')).toHaveText(BENGALI);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoSideways(page);
  await shot(page, 'free-spins-rewards-phone-bn-dark');
});
