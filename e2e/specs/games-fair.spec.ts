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
import { loginMember, mainBalance, pageToken } from '../wallet-support.js';
import { cents, demoMember, gameBalance, openGame } from '../games-support.js';

/** Free trial with play money, and provably-fair verification of a real round in the browser. */

test('free trial: the trial badge, play money, and the wallet is never touched (bn, phone)', async ({
  page,
  request,
}) => {
  const token = await demoMember(page, 'bn', 390, 844);
  const wallet = await mainBalance(request, token);
  await openGame(page, request, token, 'slot', { lang: 'bn', accountType: 0 });
  const gameUrl = page.url();
  await expect(page.getByTestId('trial-badge')).toBeVisible();
  await expect(page.getByTestId('trial-badge')).toHaveText(BENGALI);
  const before = await gameBalance(page);
  const wait = page.waitForResponse((r) => r.url().includes('/gs/api/slot/spin'));
  await page.getByTestId('spin').click();
  const spin = (await (await wait).json()).value as { bet: string; win: string; balance: string };
  await expect(page.getByTestId('spin')).toBeEnabled();
  const after = await gameBalance(page);
  expect(cents(after)).toBe(cents(before) - cents(spin.bet) + cents(spin.win));
  expect(await mainBalance(request, token)).toBe(wallet);
  await shot(page, 'games-slot-trial-phone-bn');

  // the launch link is spent: another tab cannot open the game with it
  const other = await page.context().newPage();
  await other.goto(gameUrl);
  await expect(other.getByTestId('game-ended')).toHaveText(/গেম/);
});

test('provably fair: hash before play, rotate reveals the seed, the verification page recomputes the round (en)', async ({
  page,
  request,
  context,
}) => {
  const token = await demoMember(page, 'en', 1280, 800);
  await openGame(page, request, token, 'dice', { lang: 'en' });

  // the commitment shown before the bet
  await page.getByTestId('open-fairness').click();
  const hash = (await page.getByTestId('server-seed-hash').textContent())!.trim();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  // a client seed of the player's own (a new seed pair: the nonce starts again)
  await page.getByTestId('client-seed').fill(`e2e-${Date.now()}`);
  await page.getByTestId('client-seed-save').click();
  await expect(page.getByTestId('client-seed-save')).toHaveText('Saved');
  const hashForBet = (await page.getByTestId('server-seed-hash').textContent())!.trim();
  const nonce = Number(await page.getByTestId('nonce').textContent());
  await page.getByTestId('fairness-panel-close').click();

  const wait = page.waitForResponse((r) => r.url().includes('/gs/api/dice/roll'));
  await page.getByTestId('dice-roll').click();
  const roll = (await (await wait).json()).value as { roundId: string; nonce: number; roll: string };
  expect(roll.nonce).toBe(nonce);
  await expect(page.getByTestId('dice-result')).toHaveAttribute('data-roll', roll.roll);

  // before rotation the verification page cannot have the seed
  const early = await context.newPage();
  await early.goto(`/gs/verify/?round=${roll.roundId}&lang=en`);
  await expect(early.getByTestId('verify-not-revealed')).toBeVisible();
  await expect(early.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'none');
  await early.close();

  // rotate: the previous seed is revealed, and it hashes to what was shown
  await page.getByTestId('open-fairness').click();
  await expect(page.getByTestId('nonce')).toHaveText(String(nonce + 1));
  await page.getByTestId('rotate-seed').click();
  await expect(page.getByTestId('revealed-seed')).toBeVisible();
  await expect(page.getByTestId('server-seed-hash')).not.toHaveText(hashForBet);
  const revealed = (await page.getByTestId('revealed-server-seed').textContent())!.trim();
  expect(revealed).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('revealed-seed')).toContainText(hashForBet);

  const popup = context.waitForEvent('page');
  await page.getByTestId('verify-last-round').click();
  const verify = await popup;
  await expect(verify.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(verify.getByTestId('verify-verdict')).toHaveText('Verified ✓');
  await expect(verify.getByTestId('verify-server-seed')).toHaveValue(revealed);
  await expect(verify.getByTestId('verify-hash-check')).toHaveClass(/pos/);
  await expect(verify.getByTestId('verify-recomputed')).toContainText(roll.roll);
  await verify.setViewportSize({ width: 1280, height: 800 });
  await shot(verify, 'games-verify-desktop-en');

  // any other seeds recompute to something else: the page says so
  await verify.getByTestId('verify-client-seed').fill('someone-else');
  await expect(verify.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'bad');
  await expect(verify.getByTestId('verify-verdict')).toHaveText('Mismatch ✗');
});

test('errors show inline in the game: a member without money is told so, the balance stays (bn, phone)', async ({
  page,
  request,
}) => {
  const username = uniqueName('gsnb');
  await registerViaApi(request, { username, password: 'Games@123' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.routeWebSocket('**/wps/ws', () => undefined);
  await loginMember(page, username, 'Games@123', { realtime: false });
  const token = await pageToken(page);
  await openGame(page, request, token, 'dice', { lang: 'bn' });
  await expect(page.getByTestId('balance')).toHaveAttribute('data-value', '0.00');
  await page.getByTestId('dice-roll').click();
  await expect(page.getByTestId('game-error')).toContainText('অপর্যাপ্ত ব্যালেন্স');
  await expect(page.getByTestId('balance')).toHaveAttribute('data-value', '0.00');
  await expect(page.getByTestId('dice-roll')).toBeEnabled();
  await shot(page, 'games-error-phone-bn');
});

/** One round of a kind, through its own controls. */
const PLAY_ONE: Record<'slot' | 'baccarat' | 'dragonTiger', (page: Page) => Promise<void>> = {
  slot: async (page) => {
    await page.getByTestId('spin').click();
    await expect(page.getByTestId('slot-result')).toBeVisible();
  },
  baccarat: async (page) => {
    await page.getByTestId('spot-banker').click();
    await page.getByTestId('spot-playerPair').click();
    await page.getByTestId('table-deal').click();
    await expect(page.getByTestId('table-winner')).toBeVisible();
  },
  dragonTiger: async (page) => {
    await page.getByTestId('spot-tiger').click();
    await page.getByTestId('table-deal').click();
    await expect(page.getByTestId('table-winner')).toBeVisible();
  },
};

for (const kind of ['slot', 'baccarat', 'dragonTiger'] as const) {
  test(`provably fair: a ${kind} round recomputes in the browser after rotation (bn)`, async ({
    page,
    request,
    context,
  }) => {
    const token = await demoMember(page, 'bn', 390, 844);
    await openGame(page, request, token, kind, { lang: 'bn' });
    await PLAY_ONE[kind](page);
    await page.getByTestId('open-fairness').click();
    await page.getByTestId('rotate-seed').click();
    const popup = context.waitForEvent('page');
    await page.getByTestId('verify-last-round').click();
    const verify = await popup;
    await expect(verify.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'ok');
    await expect(verify.getByTestId('verify-verdict')).toHaveText(BENGALI);
    await expect(verify.getByTestId('verify-recomputed')).toBeVisible();
  });
}
