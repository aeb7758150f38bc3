import {
  admin,
  BENGALI,
  DEMO_MEMBER,
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

interface Progress {
  playerRankName: string;
  monthlyDeposit: { actual: number; expected: number };
}

test('the demo member opens the VIP page from the side menu: rank, progress bars, every level’s benefits (en, desktop)', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await loginMember(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('side-member-vip').click();
  await expect(page).toHaveURL(/\/member\/vip$/);
  const vip = page.getByTestId('vip-page');
  await expect(vip.getByTestId('vip-rank')).toHaveText('VIP0');
  await expect(vip.getByTestId('vip-next')).toHaveText('Next rank: VIP1');
  await expect(vip.getByTestId('vip-bar-monthlyTurnover')).toContainText('/ ৳5,000.00');
  await expect(vip.getByTestId('vip-bar-totalTurnover')).toContainText('/ ৳10,000.00');
  await expect(vip.getByTestId('vip-levels').locator('tbody tr')).toHaveCount(5);
  await expect(vip.getByTestId('vip-level-0')).toContainText('You');
  await expect(vip.getByTestId('vip-level-4')).toContainText('No limit');
  // the header's label is the rank's name
  await expect(page.getByTestId('vip-label')).toHaveText('VIP0');
  await shot(page, 'vip-desktop-en');
  // the light theme reads the same page
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(vip.getByTestId('vip-rank')).toHaveText('VIP0');
  await shot(page, 'vip-desktop-en-light');
});

test('a new member’s deposit shows in its progress; Bengali on a phone', async ({ page, request }) => {
  const username = uniqueName('vip');
  await registerViaApi(request, { username, password: 'Vip@12345' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await loginMember(page, username, 'Vip@12345');
  const token = await pageToken(page);
  await fundViaBankDeposit(request, token, '300');
  // the figures are rolled up by a minute job: ask the engine for a run now instead of waiting
  const op = await operatorToken(request);
  await admin(request, op, 'POST', '/admin/api/jobs/teamFigure.rollUp/run', {});
  await expect
    .poll(async () => {
      const p = await member<Progress>(request, token, 'GET', '/wps/relay/MCSFE_getPlayerRankProgress');
      return p.monthlyDeposit.actual;
    })
    .toBe(300);

  await page.goto('/member/vip');
  const vip = page.getByTestId('vip-page');
  await expect(vip.getByTestId('vip-rank')).toHaveText('VIP0');
  const deposit = vip.getByTestId('vip-bar-monthlyDeposit');
  await expect(deposit).toContainText('৳300.00 / ৳5,000.00');
  await expect(deposit).toHaveAttribute('data-percent', '6');
  await expect(vip.locator('h1')).toHaveText(BENGALI);
  await expect(vip.getByTestId('vip-levels')).toBeVisible();
  await shot(page, 'vip-phone-bn');
});
