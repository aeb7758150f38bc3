import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  test,
  BENGALI,
  member,
  registerViaApi,
  shot,
  skipPopups,
  uniqueName,
  useLanguage,
} from '../support.js';
import { fundViaBankDeposit, loginMember, pageToken } from '../wallet-support.js';

/**
 * The betting record (member centre personalHistoryCopy) on real rounds: a fresh member (so no other
 * spec's rounds show up) plays slot spins on the built-in game server over HTTP, the way the game
 * iframe does: launchGame -> launch token -> game session -> spins that settle through the
 * seamless-wallet callbacks. Then the page shows them: rows, vendor and preset filters, paging,
 * summary and one round's details with its verify link.
 */

interface Game {
  nodeId: number;
  vassalage: string;
  displayName: string;
  gameName: string;
}
interface Spin {
  roundId: string;
  bet: string;
  win: string;
  freeSpins: { isFree: boolean };
}
interface BettingPage {
  list: { roundId: string; vendor: string; betAmount: string; winAmount: string; profit: string }[];
  totalCount: number;
  totalPages: number;
  summary: { rounds: number; betAmount: string; winAmount: string; profit: string };
}

async function slotOf(request: APIRequestContext, vendor: string): Promise<Game> {
  const res = await request.get(
    `/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=${vendor}&gameClassify=SC&pageSize=1`,
    { headers: { language: 'EN' } },
  );
  const body = await res.json();
  const game = body.value?.games?.[0] as Game | undefined;
  expect(game, `a ${vendor} slot: ${JSON.stringify(body).slice(0, 300)}`).toBeTruthy();
  return game!;
}

/**
 * Launches a real-money game and spins until `spins` paid spins are played; answers those. Free spins
 * a paid spin won are played on its stake and never reach the wallet: they are not rounds of their own.
 */
async function play(request: APIRequestContext, token: string, game: Game, spins: number): Promise<Spin[]> {
  const launch = await member<{ content: { game_url: string } }>(
    request,
    token,
    'GET',
    `/wps/game/launchGame?nodeId=${game.nodeId}&launchMode=GLS&accountType=1`,
  );
  const launchToken = new URL(launch.content.game_url, 'http://x').searchParams.get('t');
  expect(launchToken, launch.content.game_url).toBeTruthy();
  const session = await request.post('/gs/api/session', { data: { launchToken } });
  const s = await session.json();
  expect(s.success, JSON.stringify(s)).toBe(true);
  const headers = { 'x-game-session': s.value.sessionToken as string };
  const rounds: Spin[] = [];
  for (let i = 0; rounds.length < spins && i < spins * 10; i++) {
    const res = await request.post('/gs/api/slot/spin', {
      headers,
      data: { bet: '1.00', requestId: `e2e${Date.now()}${i}${Math.random().toString(36).slice(2, 8)}` },
    });
    const body = await res.json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    const spin = body.value as Spin;
    if (!spin.freeSpins.isFree) rounds.push(spin);
  }
  expect(rounds).toHaveLength(spins);
  return rounds;
}

async function record(request: APIRequestContext, token: string, query: string) {
  return member<BettingPage>(request, token, 'GET', `/wps/relay/ODSFE2_getBettingRecord?${query}`);
}

async function setUp(
  page: Page,
  request: APIRequestContext,
  lng: 'bn' | 'en',
  width: number,
  height: number,
) {
  const username = uniqueName('bet');
  await registerViaApi(request, { username, password: 'Games@123' });
  await useLanguage(page, lng);
  await skipPopups(page);
  await page.setViewportSize({ width, height });
  await page.routeWebSocket('**/wps/ws', () => undefined);
  await loginMember(page, username, 'Games@123', { realtime: false });
  const token = await pageToken(page);
  await fundViaBankDeposit(request, token, '1000');
  return token;
}

test('betting record: real rounds, vendor and preset filters, paging, round details with the verify link', async ({
  page,
  request,
}) => {
  const token = await setUp(page, request, 'en', 1280, 800);
  const pg = await slotOf(request, 'PG');
  const jl = await slotOf(request, 'JL');
  const pgRounds = await play(request, token, pg, 16);
  const jlRounds = await play(request, token, jl, 6);

  // what the server says the record holds: one round per paid spin
  const all = await record(request, token, 'pageSize=20');
  expect(all.totalCount).toBe(22);
  const pgOnly = await record(request, token, 'vendor=PG&pageSize=20');
  expect(pgOnly.totalCount).toBe(16);
  expect(pgOnly.list.map((r) => r.roundId)).toEqual(
    expect.arrayContaining(pgRounds.slice(-5).map((r) => r.roundId)),
  );

  // the avatar menu leads to the page
  await page.goto('/');
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('menu-betting-record').click();
  await expect(page).toHaveURL(/\/member\/personalHistoryCopy$/);
  const rows = page.getByTestId('bet-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId('bet-rows')).toHaveAttribute('data-layout', 'table');
  await expect(page.getByTestId('bet-count')).toHaveText(`Total: ${all.totalCount} rounds`);
  await expect(page.getByTestId('bet-summary-rounds')).toContainText(String(all.summary.rounds));
  await expect(page.getByTestId('bet-summary-bet')).toContainText(
    `৳${Number(all.summary.betAmount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  // newest first: the last JL spin heads the list
  expect(all.list[0]!.roundId).toBe(jlRounds.at(-1)!.roundId);
  await expect(rows.first()).toHaveAttribute('data-round', all.list[0]!.roundId);
  await expect(rows.first()).toHaveAttribute('data-vendor', 'JL');
  await expect(rows.first()).toContainText(`৳${all.list[0]!.betAmount}`);
  await shot(page, 'games-record-desktop-en');

  // paging in the URL
  await page.getByTestId('bet-pager-next').click();
  await expect(page).toHaveURL(/personalHistoryCopy\?page=2$/);
  await expect(rows).toHaveCount(all.totalCount - 20);
  await expect(page.getByTestId('bet-pager-index')).toHaveText(`2 / ${all.totalPages}`);
  await page.goBack();
  await expect(rows).toHaveCount(20);

  // vendor filter (from the lobby's vendor lanes), in the URL, back to page 1
  await page.getByTestId('bet-filter-vendor').selectOption('PG');
  await expect(page).toHaveURL(/personalHistoryCopy\?vendor=PG$/);
  await expect(page.getByTestId('bet-count')).toHaveText(`Total: ${pgOnly.totalCount} rounds`);
  for (const v of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-vendor'))))
    expect(v).toBe('PG');
  await page.getByTestId('bet-filter-type').selectOption('LIVE');
  await expect(page).toHaveURL(/vendor=PG&gameType=LIVE$/);
  await expect(page.getByTestId('bet-empty')).toHaveText('No bets in this period');
  await page.getByTestId('bet-filter-type').selectOption('RNG');
  await expect(page.getByTestId('bet-count')).toHaveText(`Total: ${pgOnly.totalCount} rounds`);

  // presets: nothing yesterday, everything today; the range fields show the period applied
  await page.getByTestId('preset-yesterday').click();
  await expect(page).toHaveURL(/preset=yesterday/);
  await expect(page.getByTestId('bet-empty')).toBeVisible();
  await expect(page.getByTestId('bet-summary-rounds')).toContainText('0');
  await page.reload();
  await expect(page.getByTestId('preset-yesterday')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('bet-filter-vendor')).toHaveValue('PG');
  await page.getByTestId('preset-today').click();
  await expect(page.getByTestId('bet-count')).toHaveText(`Total: ${pgOnly.totalCount} rounds`);
  const today = await page.getByTestId('report-to').inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId('report-from')).toHaveValue(today);

  // a round's details: its wallet movements, the slot outcome and the fairness inputs with "verify"
  const last = pgRounds.at(-1)!;
  await page.getByTestId('bet-filter-vendor').selectOption('');
  await page
    .locator(`[data-testid="bet-row"][data-round="${last.roundId}"]`)
    .getByTestId('bet-row-details')
    .click();
  const dialog = page.getByTestId('bet-detail');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('bet-detail-round')).toHaveText(last.roundId);
  await expect(dialog.getByTestId('bet-detail-txn').first()).toHaveAttribute('data-op', 'debit');
  await expect(dialog.getByTestId('bet-detail-txn').first()).toContainText('৳1.00');
  await expect(dialog.getByTestId('bet-detail-outcome')).toHaveAttribute('data-kind', 'slot');
  await expect(dialog.getByTestId('outcome-window')).toBeVisible();
  await expect(dialog.getByTestId('bet-detail-fairness')).toContainText(/[0-9a-f]{64}/);
  const verify = dialog.getByTestId('bet-detail-verify');
  await expect(verify).toHaveAttribute('target', '_blank');
  const href = await verify.getAttribute('href');
  expect(href).toContain(last.roundId);
  await shot(page, 'games-record-detail-desktop-en');
  const [popup] = await Promise.all([page.waitForEvent('popup'), verify.click()]);
  await popup.waitForLoadState('domcontentloaded');
  expect(popup.url()).toContain(last.roundId);
  await popup.close();
  await dialog.getByTestId('bet-detail-close').click();
  await expect(dialog).toBeHidden();
});

test('betting record on a phone in Bengali: cards and the details of a round', async ({ page, request }) => {
  const token = await setUp(page, request, 'bn', 390, 844);
  const rounds = await play(request, token, await slotOf(request, 'JL'), 3);
  await page.goto('/member/personalHistoryCopy?preset=today');
  const rows = page.getByTestId('bet-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('bet-rows')).toHaveAttribute('data-layout', 'cards');
  await expect(rows.first()).toHaveAttribute('data-round', rounds.at(-1)!.roundId);
  await expect(page.getByTestId('bet-summary')).toContainText(BENGALI);
  await expect(rows.first().getByTestId('bet-status')).toContainText(BENGALI);
  await shot(page, 'games-record-phone-bn');
  await rows.first().click();
  await expect(page.getByTestId('bet-detail')).toBeVisible();
  await expect(page.getByTestId('bet-detail-verify')).toHaveText(BENGALI);
  await shot(page, 'games-record-detail-phone-bn');
  await page.getByTestId('bet-detail-close').click();
});

test('betting record screenshots: desktop in Bengali, phone in English; the side-menu link', async ({
  page,
  request,
}) => {
  const token = await setUp(page, request, 'bn', 1280, 800);
  await play(request, token, await slotOf(request, 'PG'), 2);
  const rec = await record(request, token, 'pageSize=20');
  await page.goto('/');
  const link = page.getByTestId('side-member-personalHistoryCopy');
  // the side menu is always open at this width; its member links load with the session
  await link.click();
  await expect(page).toHaveURL(/\/member\/personalHistoryCopy$/);
  await expect(page.getByTestId('bet-row')).toHaveCount(rec.list.length);
  await shot(page, 'games-record-desktop-bn');
  // switching the language re-renders the page in English; a phone-sized window turns the table into cards
  await page.getByTestId('language-select').selectOption('en', { force: true });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('bet-rows')).toHaveAttribute('data-layout', 'cards');
  // the side menu turns into a drawer and slides away
  await expect(page.getByTestId('side-menu')).not.toBeInViewport();
  // game names follow the language (the record is fetched again in English)
  // (Bengali letters, not the taka sign U+09F3 of the amounts)
  await expect(page.getByTestId('bet-row').first()).not.toContainText(/[\u0980-\u09F1]/);
  await expect(page.getByTestId('bet-count')).toHaveText(`Total: ${rec.totalCount} rounds`);
  await shot(page, 'games-record-phone-en');
});
