import type { Page } from '@playwright/test';
import { expect, test, BENGALI, shot } from '../support.js';
import { mainBalance } from '../wallet-support.js';
import { cents, decimal, demoMember, gameBalance, openGame } from '../games-support.js';

/**
 * Every built-in game played in its iframe page by the demo member with real money: the round's
 * money shows in the game and lands in the wallet (the game server settles over the seamless-wallet
 * callbacks, so the wallet's balance must equal what the game shows).
 */

const json = async <T>(page: Page, path: string, act: () => Promise<unknown>): Promise<T> => {
  const wait = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
  await act();
  const body = await (await wait).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value as T;
};

test('slot: a spin lands on its window, the balance moves by win - stake in the game and the wallet (en, desktop)', async ({
  page,
  request,
}) => {
  const token = await demoMember(page, 'en', 1280, 800);
  await openGame(page, request, token, 'slot', { lang: 'en' });
  await expect(page.getByTestId('spin')).toHaveText('Spin');
  const before = await gameBalance(page);
  expect(before).toBe(await mainBalance(request, token));
  await expect(page.getByTestId('balance')).toContainText('৳');

  // a higher stake than the first level, to see the selector work
  const first = await page.getByTestId('stake-value').getAttribute('data-value');
  await page.getByTestId('stake-plus').click();
  const stake = (await page.getByTestId('stake-value').getAttribute('data-value'))!;
  expect(cents(stake)).toBeGreaterThan(cents(first!));

  const spin = await json<{
    bet: string;
    win: string;
    balance: string;
    window: string[][];
    freeSpins: { isFree: boolean };
  }>(page, '/gs/api/slot/spin', () => page.getByTestId('spin').click());
  expect(spin.bet).toBe(stake);
  await expect(page.getByTestId('slot-result')).toBeVisible();
  await expect(page.getByTestId('spin')).toBeEnabled();
  // the reels show the window the server dealt
  const shown = await page
    .getByTestId('cell')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')));
  expect(shown).toEqual(spin.window.flat());
  const after = await gameBalance(page);
  expect(after).toBe(spin.balance);
  expect(cents(after)).toBe(cents(before) - cents(spin.bet) + cents(spin.win));
  expect(await mainBalance(request, token)).toBe(after);
  await expect(page.getByTestId('slot-win')).toHaveAttribute('data-value', /\d/);

  // a reload of the iframe goes on with the same session (the launch token works only once)
  await page.reload();
  await expect(page.getByTestId('balance')).toHaveAttribute('data-value', after);
  await expect(page.getByTestId('spin')).toBeEnabled();

  // history and paytable
  await page.getByTestId('open-history').click();
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  await page.getByTestId('history-panel-close').click();
  await page.getByTestId('open-paytable').click();
  await expect(page.getByTestId('paytable-row').first()).toBeVisible();
  await page.getByTestId('paytable-close').click();
});

test('crash: bet in the betting phase, then cash out or lose; the wallet follows (bn, phone)', async ({
  page,
  request,
}) => {
  // a round can fly long (10x after ~38 s, 100x after ~77 s): the waits allow for one such round
  test.setTimeout(300_000);
  const token = await demoMember(page, 'bn', 390, 844);
  await openGame(page, request, token, 'crash', { lang: 'bn' });
  const crash = page.getByTestId('crash');
  await expect(crash).toHaveAttribute('data-phase', /betting|running|crashed/);
  await expect(page.getByTestId('crash-bet')).toHaveText(BENGALI);
  // wait for a betting phase with at least a second left
  await expect(crash).toHaveAttribute('data-phase', 'betting', { timeout: 120_000 });
  await page.getByTestId('crash-auto').fill('');
  const placed = await json<{ roundId: string; myBet: { bet: string } | null }>(
    page,
    '/gs/api/crash/bet',
    () => page.getByTestId('crash-bet').click(),
  );
  expect(placed.myBet).not.toBeNull();
  const roundId = placed.roundId;
  await expect(page.getByTestId('crash-my-bet')).toBeVisible();
  // running: cash out at once if the round lets us, otherwise it crashed first (a loss)
  await expect(crash).toHaveAttribute('data-phase', /running|crashed/, { timeout: 20_000 });
  const cashout = page.getByTestId('crash-cashout');
  if (await cashout.isVisible()) await cashout.click().catch(() => undefined);
  await expect(crash).toHaveAttribute('data-phase', 'crashed', { timeout: 120_000 });
  await expect(page.getByTestId('crash-point')).toBeVisible();
  await expect(page.getByTestId('crash-my-bet')).toHaveText(BENGALI);
  await expect(page.getByTestId('crash-history-item').first()).toBeVisible();
  // the round settled: the wallet shows what the game shows
  await expect.poll(async () => (await mainBalance(request, token)) === (await gameBalance(page))).toBe(true);
  await page.getByTestId('open-history').click();
  await expect(page.getByTestId('history-list')).toBeVisible();
  expect(roundId).toBeTruthy();

  // the newest point checks out from its hash alone, and its hash leads to the round before it
  const href = await page.getByTestId('crash-history-item').first().getAttribute('href');
  expect(href).toContain('kind=crash');
  const verify = await page.context().newPage();
  await verify.goto(href!);
  await expect(verify.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(verify.getByTestId('verify-verdict')).toHaveText(BENGALI);
  if (href!.includes('prev=')) await expect(verify.getByTestId('verify-crash-link')).toHaveClass(/pos/);
  await shot(verify, 'games-verify-crash-phone-bn');

  // my bet's row in the history verifies the same way (its round's hash and the hash it leads to)
  const rowHref = await page.getByTestId('history-row').first().getByRole('link').getAttribute('href');
  await verify.goto(rowHref!);
  await expect(verify.getByTestId('verify-crash-hash')).toHaveValue(/^[0-9a-f]{64}$/);
  await expect(verify.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(verify.getByTestId('verify-crash-link')).toHaveClass(/pos/);
});

test('baccarat: chips on player and tie, deal, cards turned, result and payouts (en, phone)', async ({
  page,
  request,
}) => {
  const token = await demoMember(page, 'en', 390, 844);
  await openGame(page, request, token, 'baccarat', { lang: 'en' });
  const before = await gameBalance(page);
  await page.getByTestId('spot-player').click();
  await page.getByTestId('spot-player').click();
  await page.getByTestId('spot-tie').click();
  const chip = (await page.getByTestId('stake-value').getAttribute('data-value'))!;
  await expect(page.getByTestId('table-total')).toHaveAttribute('data-value', decimal(cents(chip) * 3n));
  const hand = await json<{
    bet: string;
    win: string;
    balance: string;
    result: string;
    hands: Record<string, unknown[]>;
    payouts: Record<string, string>;
  }>(page, '/gs/api/table/bet', () => page.getByTestId('table-deal').click());
  expect(cents(hand.bet)).toBe(cents(chip) * 3n);
  expect(['player', 'banker', 'tie']).toContain(hand.result);
  await expect(page.getByTestId('table-winner')).toHaveAttribute('data-result', hand.result);
  await expect(page.getByTestId('card')).toHaveCount(hand.hands.player!.length + hand.hands.banker!.length);
  await expect(page.getByTestId('total-player')).toBeVisible();
  const after = await gameBalance(page);
  expect(after).toBe(hand.balance);
  expect(cents(after)).toBe(cents(before) - cents(hand.bet) + cents(hand.win));
  expect(await mainBalance(request, token)).toBe(after);
  await shot(page, 'games-baccarat-phone-en');
});

test('dragon tiger: a bet on the dragon, one card each, result (bn, desktop)', async ({ page, request }) => {
  const token = await demoMember(page, 'bn', 1280, 800);
  await openGame(page, request, token, 'dragonTiger', { lang: 'bn' });
  await expect(page.getByTestId('spot-dragon')).toHaveText(BENGALI);
  const before = await gameBalance(page);
  await page.getByTestId('spot-dragon').click();
  const hand = await json<{ bet: string; win: string; balance: string; result: string }>(
    page,
    '/gs/api/table/bet',
    () => page.getByTestId('table-deal').click(),
  );
  expect(['dragon', 'tiger', 'tie']).toContain(hand.result);
  await expect(page.getByTestId('table-winner')).toHaveAttribute('data-result', hand.result);
  await expect(page.getByTestId('card')).toHaveCount(2);
  const after = await gameBalance(page);
  expect(cents(after)).toBe(cents(before) - cents(hand.bet) + cents(hand.win));
  expect(await mainBalance(request, token)).toBe(after);
  await shot(page, 'games-dragon-tiger-desktop-bn');
});

test('dice: target and direction set the chance and multiplier, a roll settles (en, desktop)', async ({
  page,
  request,
}) => {
  const token = await demoMember(page, 'en', 1280, 800);
  await openGame(page, request, token, 'dice', { lang: 'en' });
  const slider = page.getByTestId('dice-target');
  await slider.fill('2500');
  await page.getByTestId('dice-under').click();
  await expect(page.getByTestId('dice-target-value')).toHaveText('25.00');
  await expect(page.getByTestId('dice-chance')).toHaveText('25.00%');
  await expect(page.getByTestId('dice-multiplier')).toHaveText('3.96x');
  const before = await gameBalance(page);
  const roll = await json<{
    bet: string;
    win: string;
    balance: string;
    roll: string;
    target: string;
    over: boolean;
  }>(page, '/gs/api/dice/roll', () => page.getByTestId('dice-roll').click());
  expect(roll.target).toBe('25.00');
  expect(roll.over).toBe(false);
  await expect(page.getByTestId('dice-result')).toHaveAttribute('data-roll', roll.roll);
  const won = Number(roll.roll) < 25;
  await expect(page.getByTestId('dice-result')).toHaveAttribute('data-won', String(won));
  expect(cents(roll.win) > 0n).toBe(won);
  const after = await gameBalance(page);
  expect(cents(after)).toBe(cents(before) - cents(roll.bet) + cents(roll.win));
  expect(await mainBalance(request, token)).toBe(after);
});
