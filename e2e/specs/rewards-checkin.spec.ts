import type { Page } from '@playwright/test';
import {
  admin,
  BENGALI,
  expect,
  member,
  operatorToken,
  registerViaApi,
  shot,
  skipPopups,
  test,
  uniqueName,
  useLanguage,
} from '../support.js';
import { fundViaBankDeposit, loginMember, pageToken } from '../wallet-support.js';
import { openGame } from '../games-support.js';
import { merchantDay, merchantTime, moveServerClock, serverNow } from '../clock-support.js';

/** The demo merchant's zone (every e2e merchant is a copy of it). */
const TZ = 'Asia/Dhaka';
const PLAY_GAMES = /Play 5 games today|আজ ৫টি গেম খেলুন/;

const spinOnce = async (page: Page) => {
  const wait = page.waitForResponse(
    (r) => r.url().includes('/gs/api/slot/spin') && r.request().method() === 'POST',
  );
  await page.getByTestId('spin').click();
  const body = await (await wait).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  await expect(page.getByTestId('spin')).toBeEnabled();
};

test('a mission completes after play and its reward is claimed; badge, progress bars, leaderboard (en desktop, dark and light)', async ({
  page,
  request,
}) => {
  const username = uniqueName('mis');
  await registerViaApi(request, { username, password: 'Mission@1' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await loginMember(page, username, 'Mission@1');
  const token = await pageToken(page);
  await fundViaBankDeposit(request, token, '300');

  await page.goto('/member/missionLeaderboard');
  const mission = page.getByTestId('mission-page').locator('li').filter({ hasText: PLAY_GAMES });
  await expect(mission).toHaveAttribute('data-status', 'Process');
  await expect(mission).toContainText('Games played: 0 / 5');
  await expect(page.getByTestId('member-badge-missionLeaderboard')).toHaveCount(0);

  // five real-money spins of a built-in slot
  await openGame(page, request, token, 'slot', { lang: 'en' });
  for (let i = 0; i < 5; i++) await spinOnce(page);

  await page.goto('/member/missionLeaderboard');
  await expect(mission).toHaveAttribute('data-status', 'Claim');
  await expect(mission.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('member-badge-missionLeaderboard')).toHaveText('1');
  // the ranking of the day has the member: the figures are rolled up by a minute job, run now
  await admin(request, await operatorToken(request), 'POST', '/admin/api/jobs/teamFigure.rollUp/run', {});
  await expect
    .poll(async () => {
      const b = await member<{ mine: { rank: number | null } }>(
        request,
        token,
        'GET',
        '/wps/relay/MCSFE_getMissionLeaderboard?period=DAILY',
      );
      return b.mine.rank;
    })
    .not.toBeNull();
  await page.reload();
  await page.getByTestId('leaderboard-DAILY').click();
  await expect(page.getByTestId('leaderboard-me-row')).toContainText(username);
  await expect(page.getByTestId('leaderboard-mine')).toContainText('Your rank:');
  await shot(page, 'missions-desktop-en');

  await mission.getByRole('button', { name: 'Claim' }).click();
  await expect(mission).toHaveAttribute('data-status', 'Claimed');
  await expect(mission).toContainText('Reward received: +৳5.00');
  await expect(page.getByTestId('member-badge-missionLeaderboard')).toHaveCount(0);
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'missions-desktop-en-light');
});

test('the missions page in Bengali on a phone', async ({ page, request }) => {
  const username = uniqueName('misb');
  await registerViaApi(request, { username, password: 'Mission@1' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await loginMember(page, username, 'Mission@1');
  await page.goto('/member/missionLeaderboard');
  await expect(page.getByTestId('mission-page').locator('h1')).toHaveText(BENGALI);
  await expect(page.getByTestId('checkin-claim')).toBeVisible();
  await expect(page.getByTestId('missions-DAILY')).toBeVisible();
  await shot(page, 'missions-phone-bn');
  await page
    .getByTestId('theme-toggle')
    .first()
    .click()
    .catch(() => undefined);
  await shot(page, 'missions-phone-bn-light');
});

/**
 * The clock moves a merchant day on: this test runs in the `checkin-clock` project, after every other
 * spec (playwright.config.ts), so the jump reaches nobody else. Alone: `--project=checkin-clock
 * --no-deps`, never together with `chromium` under --no-deps (the jump would end the other tests'
 * sessions and days).
 */
test('@clock a member checks in, the next merchant day again; the calendar shows both days', async ({
  page,
  request,
}) => {
  // two days of one week: a Sunday first moves on to Monday
  let day = merchantDay(TZ, await serverNow(request));
  if (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) {
    await moveServerClock(request, merchantTime(TZ, day, '00:05', 1));
    day = merchantDay(TZ, await serverNow(request));
  }
  const username = uniqueName('chk');
  await registerViaApi(request, { username, password: 'Checkin@1' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await loginMember(page, username, 'Checkin@1');
  await page.goto('/member/missionLeaderboard');
  const card = page.getByTestId('checkin-card');
  await expect(card.getByTestId(`checkin-day-${day}`)).toHaveAttribute('data-signed', 'false');
  await card.getByTestId('checkin-claim').click();
  await expect(card.getByTestId('checkin-reward')).toHaveText('Checked in: +৳5.00');
  await expect(card.getByTestId('checkin-signed')).toBeVisible();
  await expect(card.getByTestId(`checkin-day-${day}`)).toHaveAttribute('data-signed', 'true');
  await expect(card.getByTestId('checkin-streak')).toHaveAttribute('data-days', '1');

  // the next merchant day, five past midnight; the idle session has ended: log in again
  await moveServerClock(request, merchantTime(TZ, day, '00:05', 1));
  const next = merchantDay(TZ, await serverNow(request));
  await page.goto('/');
  await loginMember(page, username, 'Checkin@1');
  await page.goto('/member/missionLeaderboard');
  await expect(card.getByTestId(`checkin-day-${next}`)).toHaveAttribute('data-signed', 'false');
  await card.getByTestId('checkin-claim').click();
  await expect(card.getByTestId('checkin-reward')).toHaveText('Checked in: +৳5.00');
  await expect(card.locator('[data-signed="true"]')).toHaveCount(2);
  await expect(card.getByTestId(`checkin-day-${day}`)).toHaveAttribute('data-signed', 'true');
  await expect(card.getByTestId(`checkin-day-${next}`)).toHaveAttribute('data-signed', 'true');
  await expect(card.getByTestId('checkin-streak')).toHaveAttribute('data-days', '2');
  await shot(page, 'checkin-phone-en');
});
