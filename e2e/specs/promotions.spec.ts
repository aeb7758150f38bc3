import type { Page } from '@playwright/test';
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
import { cents, decimal, openGame } from '../games-support.js';

const welcome = (page: import('@playwright/test').Page) =>
  page.getByTestId('promotion-card').filter({ hasText: /100% welcome bonus|১০০% স্বাগত বোনাস/ });

test('a new member joins the welcome bonus; the first deposit grants it and wagering starts (en, desktop)', async ({
  page,
  request,
}) => {
  const username = uniqueName('prom');
  await registerViaApi(request, { username, password: 'Promo@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  // visitors see it and are asked to log in to join
  await page.goto('/promotions');
  await expect(welcome(page)).toHaveAttribute('data-status', 'Join');
  await loginMember(page, username, 'Promo@123');
  await page.goto('/promotions?category=deposit_promo');
  await expect(page.getByTestId('promotion-filter-deposit_promo')).toHaveClass(/chip--active/);
  await expect(welcome(page)).toHaveAttribute('data-status', 'Join');
  await shot(page, 'promotions-desktop-en');
  await welcome(page).getByTestId('promotion-action').click();
  await expect(welcome(page)).toHaveAttribute('data-status', 'Joined');
  await expect(welcome(page).getByTestId('promotion-status')).toHaveText('Joined');

  await fundViaBankDeposit(request, await pageToken(page), '300');
  await page.reload();
  await expect(welcome(page)).toHaveAttribute('data-status', 'Process');
  await expect(welcome(page).getByTestId('promotion-status')).toHaveText('In progress');
});

test('the side menu leads to the promotions page; Bengali on a phone', async ({ page }) => {
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await page.getByTestId('side-promotions-link').click();
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(welcome(page)).toHaveAttribute('data-status', 'Join');
  await expect(page.getByTestId('promotions-page').locator('h1')).toHaveText(BENGALI);
  await page.setViewportSize({ width: 390, height: 844 });
  // the side menu turns into a drawer and slides away before the picture
  await expect(page.getByTestId('side-menu')).not.toBeInViewport();
  await expect(welcome(page)).toBeVisible();
  await shot(page, 'promotions-phone-bn');
});

test('tags and date presets filter the list, kept in the address (en, phone)', async ({ page }) => {
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/promotions');
  await expect(welcome(page)).toBeVisible();
  // the category chip counts what runs there now
  await expect(page.getByTestId('promotion-filter-deposit_promo').locator('.chip__count')).toHaveText(
    /^\d+$/,
  );
  await page.getByTestId('promotion-tag-VIP').click();
  await expect(page).toHaveURL(/tag=VIP/);
  await expect(welcome(page)).toHaveCount(0);
  await page.getByTestId('promotion-tag-NEWBIE').click();
  await expect(page.getByTestId('promotion-tag-NEWBIE')).toHaveAttribute('aria-pressed', 'true');
  await expect(welcome(page)).toBeVisible();
  // the welcome bonus runs now: it ran inside the previous 7 days too
  await page.getByTestId('promotion-period').selectOption('prev7');
  await expect(page).toHaveURL(/period=prev7/);
  await expect(welcome(page)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('promotion-period')).toHaveValue('prev7');
  await expect(welcome(page)).toBeVisible();
  await shot(page, 'promotions-filters-phone-en');
});

/** An amount as the player site prints it (thousands separated, two decimals). */
const shown = (c: bigint) => decimal(c).replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',');

interface Claim {
  state: string;
  bonusAmount: string | null;
  currentTurnover: string;
  remainingTurnover: string;
  progressPercent: number;
}

const spinOnce = async (page: Page) => {
  const wait = page.waitForResponse(
    (r) => r.url().includes('/gs/api/slot/spin') && r.request().method() === 'POST',
  );
  await page.getByTestId('spin').click();
  const body = await (await wait).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  await expect(page.getByTestId('spin')).toBeEnabled();
  return body.value as { bet: string };
};

test('bonus details show the welcome bonus with its wagering progress after a slot spin (en desktop, bn phone)', async ({
  page,
  request,
}) => {
  const username = uniqueName('bonw');
  await registerViaApi(request, { username, password: 'Promo@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginMember(page, username, 'Promo@123');
  const token = await pageToken(page);
  await page.goto('/promotions');
  await welcome(page).getByTestId('promotion-action').click();
  await expect(welcome(page)).toHaveAttribute('data-status', 'Joined');

  // the first deposit of 300 grants 100% = 300 with 10 x 300 = 3,000 to wager
  await fundViaBankDeposit(request, token, '300');
  await page.goto('/member/bonusDetails');
  const open = page.getByTestId('bonus-item').filter({ hasText: '100% welcome bonus' });
  await expect(open).toHaveAttribute('data-state', 'ACTIVE');
  await expect(open.getByTestId('bonus-amount')).toContainText('300.00');
  await expect(open.getByTestId('bonus-wagered')).toContainText(/0\.00 of .*3,000\.00/);
  await expect(open.getByTestId('bonus-remaining')).toContainText('3,000.00');

  // one real-money spin of a built-in slot is wagering of the bonus
  await openGame(page, request, token, 'slot', { lang: 'en' });
  const spin = await spinOnce(page);
  const [claim] = await member<Claim[]>(request, token, 'GET', '/wps/relay/MCS2_getPromotionClaimList');
  expect(claim).toMatchObject({ state: 'ACTIVE', bonusAmount: '300.00', currentTurnover: spin.bet });
  expect(cents(claim!.remainingTurnover)).toBe(3000_00n - cents(spin.bet));

  await page.goto('/member/bonusDetails');
  await expect(open.getByTestId('bonus-wagered')).toContainText(`${shown(cents(spin.bet))} of`);
  await expect(open.getByTestId('bonus-remaining')).toContainText(shown(3000_00n - cents(spin.bet)));
  await expect(open.getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    String(claim!.progressPercent),
  );
  await expect(open.getByTestId('bonus-chip')).toHaveText('Wagering');
  await shot(page, 'bonus-details-desktop-en');

  await useLanguage(page, 'bn');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/member/bonusDetails');
  const bn = page.getByTestId('bonus-item').filter({ hasText: 'স্বাগত বোনাস' });
  await expect(bn).toHaveAttribute('data-state', 'ACTIVE');
  await expect(page.getByTestId('bonus-progress').locator('h2')).toHaveText(BENGALI);
  await expect(bn.getByTestId('bonus-chip')).toHaveText(BENGALI);
  await shot(page, 'bonus-details-phone-bn');
  // the light theme: the bar and chips are drawn with the theme's variables
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(bn.getByRole('progressbar')).toBeVisible();
  await shot(page, 'bonus-details-phone-bn-light');
});
