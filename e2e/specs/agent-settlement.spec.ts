import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  admin,
  api,
  BENGALI,
  DEMO,
  DEMO_AGENT,
  expect,
  operatorToken,
  shot,
  skipPopups,
  memberTokenViaApi,
  submitLogin,
  test,
  uniqueName,
  useLanguage,
} from '../support.js';
import { fundViaBankDeposit, loginMember, mainBalance, pageToken } from '../wallet-support.js';
import { cents, decimal, gameOf, GAME_QUERIES, launchUrl } from '../games-support.js';
import { merchantDay, merchantTime, moveServerClock, serverNow } from '../clock-support.js';

/**
 * Issue 15's journey, end to end: an agent opens a sub-agent in the register centre and offers it a
 * daily salary, the sub-agent accepts, its members bet in the built-in games, the day closes, the
 * settlement pays both (the platform pays the agent, the agent pays the sub-agent), and both see it.
 *
 * A daily salary settles only a closed day, and nothing is faked in the page or the database: the
 * bets are played today, then the server's clock (the e2e clock control) is moved to just after the
 * merchant's midnight and the settlement job is queued as an operator would. Only the app's clock
 * moves; the journal keeps the database's time, so the spec moves it exactly across the real day
 * the bets fall on. This spec runs in the `settlement` project, after every other spec, on a merchant
 * of its own (playwright.config.ts), so the jump reaches no other spec.
 */

const PASSWORD = 'Agent@1234';
const SUB_PASSWORD = 'Agent@5678';
const SUB_RATE_BP = 30n; // the offer's first tier: 0.30 %
const OWN_RATE_BP = 50n; // the platform's first tier for agent01 (seeded): 0.50 %
const DICE_STAKE = '5000.00';

/** Minor units as the pages show money: thousands separated, two decimals. */
const grouped = (minor: bigint) => decimal(minor).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function agentLogin(page: Page, who: { username: string; password: string }) {
  await page.goto('/agent');
  await submitLogin(page, who.username, who.password);
  await expect(page.getByTestId('agent-home')).toBeVisible();
}

async function newPage(browser: Browser, lng: 'bn' | 'en', size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await useLanguage(page, lng);
  await skipPopups(page);
  return page;
}

/** One real-money dice roll through the built-in game server's API; its stake. */
async function rollDice(request: APIRequestContext, token: string, stake: string) {
  const game = await gameOf(request, GAME_QUERIES.dice);
  const url = new URL(await launchUrl(request, token, game.nodeId, 1, 'en'), 'http://x');
  const session = await request.post('/gs/api/session', {
    data: { launchToken: url.searchParams.get('t') },
  });
  const gs = session.headers()['x-game-session'];
  expect(gs, await session.text()).toBeTruthy();
  const roll = await request.post('/gs/api/dice/roll', {
    headers: { 'x-game-session': gs! },
    data: {
      bet: stake,
      target: '50.00',
      over: true,
      requestId: `settle${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    },
  });
  const body = await roll.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  expect(body.value.bet).toBe(stake);
  return cents(stake);
}

/** The merchant day of the server's clock once at least `leftMs` of it remain (waits out a midnight). */
async function dayWithTimeLeft(request: APIRequestContext, tz: string, leftMs: number) {
  const left = async () => {
    const now = await serverNow(request);
    const day = merchantDay(tz, now);
    return { day, ms: merchantTime(tz, day, '00:00', 1).getTime() - now.getTime() };
  };
  let at = await left();
  if (at.ms >= leftMs) return at.day;
  // rare (a run this close to midnight): the test gets the time it waits
  test.setTimeout(test.info().timeout + at.ms + 30_000);
  await expect.poll(async () => (at = await left()).ms >= leftMs, { timeout: at.ms + 20_000 }).toBe(true);
  return at.day;
}

/** Every payout to or from an agent (all kinds), as the operator lists them (agent01's demo history fills pages). */
async function payoutsOf(request: APIRequestContext, op: string, username: string) {
  const all: Payout[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await admin<{ list: Payout[]; totalPages: number }>(
      request,
      op,
      'GET',
      `/admin/api/contract-payouts?username=${username}&pageSize=100&pageNo=${pageNo}`,
    );
    all.push(...page.list);
    if (pageNo >= page.totalPages) return all;
  }
}

/** What an agent's payouts moved into its balance: paid to it minus paid by it. */
const payoutNet = (list: Payout[], username: string) =>
  list.reduce(
    (sum, p) =>
      sum +
      (p.payee.username === username ? cents(p.paid) : 0n) -
      (p.payer?.username === username ? cents(p.paid) : 0n),
    0n,
  );

interface Payout {
  kind: string;
  periodStart: string;
  periodEnd: string;
  payer: { username: string } | null;
  payee: { username: string };
  validBet: string;
  activeMembers: number;
  rate: string;
  amount: string;
  paid: string;
  status: string;
}

test('daily salary: offered in the register and contract pages, accepted, bet on, the closed day settled and seen by both agents', async ({
  page,
  browser,
  request,
}) => {
  // about a minute on an idle machine; three browsers and a settlement run share two cores
  test.setTimeout(120_000);
  // the project's own merchant, in the browser and in the API helpers alike
  const own = (test.info().project.use as { ownMerchant?: string }).ownMerchant;
  expect(own).toBeTruthy();
  expect(DEMO.merchant).toBe(own);
  const status = await (await request.get('/wps/system/status')).json();
  const tz = status.value.info.merchant.timeZone as string;

  // agent01 (en, desktop) opens a sub-agent in the register centre
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await agentLogin(page, DEMO_AGENT);
  expect(new URL(page.url()).hostname).toBe(`${own}.e2e.test`);
  // agent01 also holds the platform's hourly and real-time salaries, which these bets may earn too
  // (by the hour and the five-minute window they fall in): its balance is checked against all of its
  // payouts, before and after
  const agentBefore =
    cents(await mainBalance(request, await pageToken(page))) -
    payoutNet(
      await payoutsOf(request, await operatorToken(request), DEMO_AGENT.username),
      DEMO_AGENT.username,
    );
  const sub = uniqueName('sub');
  await page.getByTestId('agent-menu-registerCenter').click();
  await page.getByTestId('register-kind-agent').click();
  await page.getByTestId('register-downline-username').fill(sub);
  await page.getByTestId('register-downline-password').fill(PASSWORD);
  await page.getByTestId('register-downline-confirm').fill(PASSWORD);
  await page.getByTestId('register-downline-submit').click();
  await expect(page.getByTestId('register-downline-done')).toContainText(sub);

  // and offers it a daily salary: agent01's own tiers with lower rates
  await page.getByTestId('agent-menu-agentContracts').click();
  await page.getByTestId('contract-kind-dailySalary').click();
  await page.getByTestId('offer-downline').fill(sub);
  await page.getByTestId('offer-tier-0-rate').fill('0.3');
  await page.getByTestId('offer-tier-1-rate').fill('0.6');
  await page.getByTestId('offer-tier-2-rate').fill('1');
  await page.getByTestId('offer-submit').click();
  const given = page.locator(`[data-testid=given-row][data-downline=${sub}]`);
  await expect(given.getByTestId('contract-status')).toHaveAttribute('data-status', 'offered');

  // the sub-agent (bn, phone) logs in and accepts it
  const subPage = await newPage(browser, 'bn', { width: 390, height: 844 });
  await agentLogin(subPage, { username: sub, password: PASSWORD });
  // the password agent01 chose is changed first, and a reload does not skip that
  await expect(subPage.getByTestId('forced-change-note')).toBeVisible();
  await subPage.reload();
  await expect(subPage.getByTestId('forced-change-note')).toBeVisible();
  await subPage.getByTestId('change-old').fill(PASSWORD);
  await subPage.getByTestId('change-new').fill(SUB_PASSWORD);
  await subPage.getByTestId('change-confirm').fill(SUB_PASSWORD);
  await subPage.getByTestId('change-submit').click();
  await expect(subPage.getByTestId('change-password-modal')).toBeHidden();
  await subPage.getByTestId('dialog-confirm').click();
  await subPage.goto('/agentHome/agentContracts');
  await subPage.getByTestId('contract-kind-dailySalary').click();
  await expect(subPage.getByTestId('contract-pending')).toBeVisible();
  await subPage.getByTestId('contract-accept').click();
  await expect(subPage.getByTestId('contract-mine').getByTestId('contract-status')).toHaveAttribute(
    'data-status',
    'active',
  );
  const subToken = await pageToken(subPage);

  // three members of the sub-agent's team (the daily salary's first tier asks for three active members)
  const members = [uniqueName('ma'), uniqueName('mb'), uniqueName('mc')];
  for (const username of members) {
    await api(request, subToken, 'POST', '/wps/agent/downline', {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      memberType: 'member',
    });
  }

  // the first bets on the player site: deposit, then a spin of the lobby's first hot game
  let validBets = 0n;
  const playerPage = await newPage(browser, 'en', { width: 1280, height: 800 });
  await loginMember(playerPage, members[0]!, PASSWORD);
  // a password the agent chose is changed at the first login
  await expect(playerPage.getByTestId('forced-change-note')).toBeVisible();
  await playerPage.getByTestId('change-new').fill('Member@5678');
  await playerPage.getByTestId('change-confirm').fill('Member@5678');
  await playerPage.getByTestId('change-submit').click();
  await expect(playerPage.getByTestId('change-password-modal')).toBeHidden();
  await expect(playerPage.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'password_changed');
  await playerPage.getByTestId('dialog-confirm').click();
  const playerToken = await pageToken(playerPage);
  await fundViaBankDeposit(request, playerToken, '500');
  await expect(playerPage.getByTestId('dialog-message')).toHaveAttribute(
    'data-dialog',
    'notice_deposit_approved',
  );
  await playerPage.getByTestId('dialog-confirm').click();
  // the bets must fall on one merchant day: a run that reaches them in the last two minutes of a
  // day waits for the next (the journal's time is the database's, which no test can move)
  const betDay = await dayWithTimeLeft(request, tz, 2 * 60_000);
  // meanwhile the other two bet through the API (a deposit and one dice roll each)
  const apiBets = Promise.all(
    members.slice(1).map(async (username) => {
      const token = await memberTokenViaApi(request, username, PASSWORD);
      await fundViaBankDeposit(request, token, DICE_STAKE);
      return rollDice(request, token, DICE_STAKE);
    }),
  );
  apiBets.catch(() => undefined); // awaited below; a failure is reported there
  const card = playerPage.getByTestId('section-HOT').getByTestId('game-card').first();
  await card.hover();
  await card.getByTestId('game-play').click();
  const game = playerPage.frameLocator('[data-testid=game-iframe]');
  await expect(game.getByTestId('spin')).toBeEnabled();
  const spin = playerPage.waitForResponse((r) => r.url().includes('/gs/api/slot/spin'));
  await game.getByTestId('spin').click();
  const spun = await (await spin).json();
  expect(spun.success, JSON.stringify(spun)).toBe(true);
  validBets += cents(spun.value.bet as string);
  await expect(game.getByTestId('slot-result')).toBeVisible();
  await playerPage.context().close();

  for (const stake of await apiBets) validBets += stake;
  expect(merchantDay(tz, await serverNow(request)), 'the bets fell on one day').toBe(betDay);

  // both agents sign out for the night
  await Promise.all(
    [page, subPage].map(async (p) => {
      await p.goto('/agentHome');
      await p.getByTestId('agent-logout').click();
      await p.getByTestId('dialog-confirm').click();
      await expect(p).toHaveURL(/\/agent$/);
    }),
  );

  // the day closes; the settlement runs (an operator queues it rather than waiting five minutes)
  await moveServerClock(request, merchantTime(tz, betDay, '00:05', 1));
  // (the operator signs in after the jump: the evening's session has expired by the new clock)
  const op = await operatorToken(request);
  await admin(request, op, 'POST', '/admin/api/jobs/agentContract.settle/run');
  const payoutOf = async (username: string) => {
    let found: Payout | undefined;
    await expect
      .poll(
        async () => {
          const list = await admin<{ list: Payout[] }>(
            request,
            op,
            'GET',
            `/admin/api/contract-payouts?kind=dailySalary&username=${username}`,
          );
          found = list.list.find((p) => p.payee.username === username && p.periodStart.startsWith(betDay));
          return found?.status;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();
    return found!;
  };
  const subPayout = await payoutOf(sub);
  const subAmount = (validBets * SUB_RATE_BP) / 10_000n;
  expect(subPayout).toMatchObject({
    payer: { username: DEMO_AGENT.username },
    validBet: decimal(validBets),
    activeMembers: 3,
    rate: '0.30',
    amount: decimal(subAmount),
    paid: decimal(subAmount),
    status: 'paid',
  });
  const ownPayout = await payoutOf(DEMO_AGENT.username);
  const ownAmount = (validBets * OWN_RATE_BP) / 10_000n;
  expect(ownPayout).toMatchObject({
    payer: null,
    validBet: decimal(validBets),
    rate: '0.50',
    amount: decimal(ownAmount),
    status: 'paid',
  });

  // the next morning both log in again and find the salary in their balances: the sub-agent holds
  // its own, agent01 got the platform's and paid the sub-agent's
  const signIn = async (p: Page, who: { username: string; password: string }) => {
    await submitLogin(p, who.username, who.password);
    await expect(p.getByTestId('agent-home')).toBeVisible();
  };
  await Promise.all([signIn(subPage, { username: sub, password: SUB_PASSWORD }), signIn(page, DEMO_AGENT)]);
  expect(cents(await mainBalance(request, await pageToken(subPage)))).toBe(subAmount);
  // agent01's balance moved by exactly what its payouts say (received minus paid, every kind)
  const agentToken2 = await pageToken(page);
  await expect
    .poll(async () => {
      const balance = cents(await mainBalance(request, agentToken2));
      return balance - payoutNet(await payoutsOf(request, op, DEMO_AGENT.username), DEMO_AGENT.username);
    })
    .toBe(agentBefore);
  const agentAfter = cents(await mainBalance(request, agentToken2));

  // the sub-agent's daily wages record (bn, phone): the closed day, received from agent01, the team's
  // figures, the first tier's rate and the salary paid in full
  await subPage.goto('/agentHome/agentDailyWages2');
  await expect(subPage.getByTestId('payout-page')).toHaveAttribute('data-role', 'received');
  const subRow = subPage.getByTestId('payouts-row');
  await expect(subRow).toHaveCount(1);
  await expect(subRow.locator('[data-col=period]')).toHaveText(betDay);
  await expect(subRow.locator('[data-col=counterpart]')).toHaveText(DEMO_AGENT.username);
  await expect(subRow.locator('[data-col=validBet]')).toHaveText(grouped(validBets));
  await expect(subRow.locator('[data-col=activeMembers]')).toHaveText('3');
  await expect(subRow.locator('[data-col=tier]')).toHaveText('1');
  await expect(subRow.locator('[data-col=rate]')).toHaveText('0.30%');
  await expect(subRow.locator('[data-col=amount]')).toContainText(grouped(subAmount));
  await expect(subRow.getByTestId('payout-status')).toHaveAttribute('data-status', 'paid');
  await expect(subRow.getByTestId('payout-status')).toContainText(BENGALI);
  await expect(subPage.getByTestId('payout-total-paid')).toHaveAttribute('data-value', decimal(subAmount));
  await expect(subPage.getByTestId('payout-freeze-banner')).toHaveCount(0);
  // phones: the table in view (the filters stand above it)
  await subPage.getByTestId('payouts').evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await shot(subPage, 'agent-daily-wages-phone-bn-dark');
  await subPage.getByTestId('theme-toggle').first().click();
  await expect(subPage.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(subPage, 'agent-daily-wages-phone-bn-light');
  await subPage.setViewportSize({ width: 1280, height: 800 });
  await shot(subPage, 'agent-daily-wages-desktop-bn-light');

  // agent01's record of the bet day (en, desktop; the demo team's history fills the days before):
  // received from the platform at its own rate, and, switched to what it paid, the sub-agent's
  // salary; the switch lives in the URL, the CSV holds the row
  await page.goto(`/agentHome/agentDailyWages2?from=${betDay}&to=${betDay}`);
  const ownRow = page.getByTestId('payouts-row');
  await expect(ownRow).toHaveCount(1);
  await expect(ownRow.locator('[data-col=counterpart]')).toHaveText('Platform');
  await expect(ownRow.locator('[data-col=rate]')).toHaveText('0.50%');
  await expect(ownRow.locator('[data-col=amount]')).toContainText(grouped(ownAmount));
  await expect(ownRow.getByTestId('payout-status')).toHaveText('Paid');
  await shot(page, 'agent-daily-wages-desktop-en-dark');
  await page.getByTestId('payout-role-paid').click();
  await expect(page).toHaveURL(/[?&]role=paid/);
  await expect(page.getByTestId('payout-page')).toHaveAttribute('data-role', 'paid');
  // agent01 also pays subagent01 (the seeded contract), whose team did not bet: no tier, nothing owed
  await expect(page.getByTestId('payouts-row')).toHaveCount(2);
  const paidRow = page.getByTestId('payouts-row').filter({ hasText: sub });
  await expect(paidRow.locator('[data-col=counterpart]')).toHaveText(sub);
  const idleRow = page.getByTestId('payouts-row').filter({ hasText: 'subagent01' });
  await expect(idleRow.locator('[data-col=tier]')).toHaveText('Not reached');
  await expect(idleRow.locator('[data-col=rate]')).toHaveText('—');
  await expect(idleRow.getByTestId('payout-status')).toHaveText('No tier reached');
  await expect(paidRow.locator('[data-col=rate]')).toHaveText('0.30%');
  await expect(paidRow.locator('[data-col=paid]')).toContainText(grouped(subAmount));
  await expect(page.getByTestId('payouts-totals').locator('[data-col=paid]')).toContainText(
    grouped(subAmount),
  );
  await shot(page, 'agent-daily-wages-paid-desktop-en-dark');
  const download = page.waitForEvent('download');
  await page.getByTestId('payouts-csv').click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(
    `${betDay},${sub},${decimal(validBets)},3,1,0.30%,${decimal(subAmount)},${decimal(subAmount)},Paid`,
  );
  await page.reload();
  await expect(page.getByTestId('payout-role-paid')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('payouts').evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await shot(page, 'agent-daily-wages-paid-phone-en-light');

  // the other record pages: each kind's own figure columns
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [id, kind] of [
    ['agentHourSalary', 'hourlySalary'],
    ['agentRealtimeSalary', 'realtimeSalary'],
    ['agentDividendRecordCopy2', 'dividend'],
  ] as const) {
    await page.goto(`/agentHome/${id}`);
    await expect(page.getByTestId('payout-page')).toHaveAttribute('data-kind', kind);
    await expect(page.getByTestId('payouts-count')).not.toBeEmpty();
    await shot(page, `agent-${kind}-record-desktop-en-light`);
  }

  // the team overview of the closed day shows the bets
  await page.goto('/agentHome/agentTeamOverview?preset=yesterday');
  await expect(page.getByTestId('overview-validBets')).toHaveAttribute('data-value', decimal(validBets));
  await expect(page.getByTestId('overview-activeMembers')).toContainText('3');
  await expect(page.getByTestId('overview-betCount')).toContainText('3');

  await subPage.goto('/');
  await expect(subPage.getByTestId('header-balance')).toHaveAttribute('data-value', decimal(subAmount));
  await page.goto('/');
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-value', decimal(agentAfter));
});
