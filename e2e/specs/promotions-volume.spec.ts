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
import { fundViaBankDeposit, loginMember, pageToken } from '../wallet-support.js';
import { openGame } from '../games-support.js';

interface Row {
  id: number;
  status: string;
  betVolumeProgress: string | null;
}

/**
 * A bet volume promotion paying points (issue 16): the member sees the target and its progress on
 * the /promotions card, plays a built-in slot until the day's valid bets reach the target, claims
 * the points there, and finds them in the reward centre (en desktop, bn phone).
 */
test('a member bets up to a daily bet volume target on slots, claims its points and sees them in the reward centre (en desktop, bn phone)', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const title = `Volume points ${uniqueName('v')}`;
  const op = await operatorToken(request);
  const promo = await admin<{ id: number }>(request, op, 'POST', '/admin/api/promotions', {
    category: 'point_mall',
    tags: ['DAILY'],
    title: { EN: title, BN: `বাজি পয়েন্ট ${title.slice(-6)}` },
    content: { EN: '<p>Bet on slots today, collect points</p>' },
    trigger: 'BET_VOLUME',
    betVolumeTarget: '2',
    betVolumePeriod: 'DAILY',
    betVolumeGameTypes: ['RNG'],
    rewardKind: 'POINTS',
    rewardPoints: 120,
  });

  const username = uniqueName('vol');
  const password = 'Volume@123';
  await registerViaApi(request, { username, password });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, username, password);
  const token = await pageToken(page);
  await fundViaBankDeposit(request, token, '100');

  // the card: the target, no bets yet
  await page.goto('/promotions');
  const card = page.getByTestId('promotion-card').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-status', 'Joined');
  await expect(card.getByTestId('promotion-volume')).toContainText('in a day');
  await expect(card.getByTestId('promotion-volume-games')).toContainText('Slots');
  await expect(card.getByTestId('promotion-volume-progress')).toContainText(/0\.00 of .*2\.00/);
  await expect(card.getByTestId('promotion-points')).toContainText('120 points');
  await expect(card.getByTestId('promotion-action')).toHaveCount(0);
  await shot(page, 'volume-joined-desktop-en');

  // spins on a built-in slot until the day's valid bets reach the target
  await openGame(page, request, token, 'slot', { lang: 'en' });
  let row: Row | undefined;
  for (let i = 0; i < 40; i++) {
    const wait = page.waitForResponse(
      (r) => r.url().includes('/gs/api/slot/spin') && r.request().method() === 'POST',
    );
    await page.getByTestId('spin').click();
    expect((await (await wait).json()).success).toBe(true);
    await expect(page.getByTestId('spin')).toBeEnabled();
    const rows = await member<Row[]>(request, token, 'GET', '/wps/relay/MCSFE_getAvailablePromotions');
    row = rows.find((r) => r.id === promo.id);
    if (row?.status === 'Claim') break;
  }
  expect(row?.status).toBe('Claim');

  // claim it on the card
  await page.goto('/promotions');
  await expect(card).toHaveAttribute('data-status', 'Claim');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await shot(page, 'volume-reached-desktop-en');
  await card.getByTestId('promotion-action').click();
  await expect(card).toHaveAttribute('data-status', 'Claimed');

  // the points in the reward centre, not in the wallet
  await page.goto('/member/rewardCenter');
  await expect(page.getByTestId('points-balance')).toHaveText('120');
  await expect(page.getByTestId('points-entry').first()).toContainText(title);
  await expect(page.getByTestId('points-entry').first()).toContainText('+120');
  await shot(page, 'volume-points-desktop-en');

  // Bengali on a phone
  await useLanguage(page, 'bn');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/promotions');
  const bn = page.getByTestId('promotion-card').filter({ hasText: 'বাজি পয়েন্ট' });
  await expect(bn).toHaveAttribute('data-status', 'Claimed');
  await expect(bn.getByTestId('promotion-volume')).toHaveText(BENGALI);
  await shot(page, 'volume-claimed-phone-bn');
  await page.goto('/member/rewardCenter');
  await expect(page.getByTestId('points-balance')).toHaveText('120');
  await expect(page.getByTestId('reward-points')).toContainText('পয়েন্ট');
  await shot(page, 'volume-points-phone-bn');
});
