import type { Page } from '@playwright/test';
import { expect, test, registerViaApi, shot, skipPopups, uniqueName, useLanguage } from '../support.js';
import { fundViaBankDeposit, loginMember, mainBalance, pageToken } from '../wallet-support.js';

test.use({ reducedMotion: 'reduce' });

const hotCard = (page: Page, i = 0) => page.getByTestId('section-HOT').getByTestId('game-card').nth(i);

/** The two buttons sit over the picture and show on hover with a mouse. */
async function press(page: Page, i: number, button: 'game-play' | 'game-trial') {
  const card = hotCard(page, i);
  await card.hover();
  await card.getByTestId(button).click();
}

test('a visitor: real play opens the login popup, free trial opens the game popup (en, desktop)', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await press(page, 0, 'game-play');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.getByTestId('login-close').click();

  await press(page, 0, 'game-trial');
  const popup = page.getByTestId('game-popup');
  await expect(popup).toBeVisible();
  await expect(page.getByTestId('game-iframe')).toHaveAttribute('src', /\/gs\/play\//);
  await expect(page.getByTestId('game-iframe')).toHaveAttribute('allow', /fullscreen/);
  // the game inside has started its session (its balance shows)
  await expect(page.frameLocator('[data-testid=game-iframe]').getByTestId('balance')).toBeVisible();
  await shot(page, 'lobby-game-popup-desktop-en');
  await page.getByTestId('game-popup-close').click();
  await expect(popup).toBeHidden();

  // from a vendor's popup list: Escape closes the game, the list stays
  await page.getByTestId('vendors-LIVE').locator('[data-vendor=EVO]').click();
  const list = page.getByTestId('vendor-games-modal');
  const card = list.getByTestId('game-card').first();
  await card.hover();
  await card.getByTestId('game-trial').click();
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(list).toBeVisible();
});

test('a trial account: real play asks for a real account, free trial plays (bn, phone)', async ({ page }) => {
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByTestId('free-play-button').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('avatar-button')).toBeVisible();

  await hotCard(page).getByTestId('game-play').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'in_need_true_account');
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('game-popup')).toHaveCount(0);
  // favourites are a real account's too
  await hotCard(page).getByTestId('game-fav').click();
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'need_real_account');
  await page.getByTestId('dialog-confirm').click();
  await expect(hotCard(page).getByTestId('game-fav')).toHaveAttribute('aria-pressed', 'false');

  await hotCard(page).getByTestId('game-trial').click();
  await expect(page.getByTestId('game-popup')).toBeVisible();
  await expect(page.getByTestId('game-iframe')).toHaveAttribute('src', /\/gs\/play\//);
  await expect(page.frameLocator('[data-testid=game-iframe]').getByTestId('balance')).toBeVisible();
  await shot(page, 'lobby-game-popup-phone-bn');
});

test('a member plays for real; the balance is hidden while the game is open and refreshed when it closes (en, desktop)', async ({
  page,
  request,
}) => {
  const username = uniqueName('play');
  const password = 'Play@12345';
  await registerViaApi(request, { username, password });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginMember(page, username, password);
  const token = await pageToken(page);
  await fundViaBankDeposit(request, token, '500');
  // the real-time notice of the approved deposit
  await expect(page.getByTestId('dialog-message')).toHaveAttribute('data-dialog', 'notice_deposit_approved');
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-value', /^500(\.0+)?$/);

  await press(page, 0, 'game-play');
  await expect(page.getByTestId('game-popup')).toBeVisible();
  await expect(page.getByTestId('game-iframe')).toHaveAttribute('src', /\/gs\/play\//);
  // SPEC §2.2: no balance on game pages; the popup counts as one
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-hidden', 'true');

  // one real spin moves the wallet through the seamless-wallet callbacks (stake, then any win)
  const game = page.frameLocator('[data-testid=game-iframe]');
  await expect(game.getByTestId('balance')).toHaveAttribute('data-value', /^500(\.0+)?$/);
  await game.getByTestId('spin').click();
  await expect(game.getByTestId('slot-result')).toBeVisible();
  await expect(game.getByTestId('spin')).toBeEnabled();

  const balance = page.waitForRequest((r) => r.url().includes('/wps/v2/wallets/balance'));
  await page.getByTestId('game-popup-close').click();
  await expect(page.getByTestId('game-popup')).toBeHidden();
  await balance;
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-hidden', 'false');
  // the header shows what the wallet holds after the round (a spin that returns exactly its stake leaves 500)
  const after = await mainBalance(request, token);
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-value', after);

  // the launch shows up under recent games
  await page.goto('/recent');
  await expect(page.getByTestId('recent-page').getByTestId('game-card').first()).toBeVisible();
});
