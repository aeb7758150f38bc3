import {
  expect,
  test,
  loginWithPassword,
  registerViaApi,
  shot,
  skipPopups,
  uniqueName,
  useLanguage,
} from '../support.js';

test.use({ reducedMotion: 'reduce' });

test('favourites: the heart adds and removes at once, the FAV section and /favorite follow (en)', async ({
  page,
  request,
}) => {
  // a member of its own: favourites are stored per account and other specs use the demo member
  const username = uniqueName('fav');
  const password = 'Fav@12345';
  await registerViaApi(request, { username, password });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  // the page's clock, so the test can step past the 1000 ms toggle throttle instead of sleeping
  await page.clock.install();
  await loginWithPassword(page, username, password);
  await expect(page.getByTestId('avatar-button')).toBeVisible();

  const fav = page.getByTestId('section-FAV');
  await expect(fav).toBeVisible();
  await expect(fav.getByTestId('lobby-empty')).toBeVisible();

  const hot = page.getByTestId('section-HOT').getByTestId('game-card');
  const card = hot.nth(1);
  const nodeId = await card.getAttribute('data-node-id');
  const saved = page.waitForResponse((r) => r.url().includes('MCSFE_addFavoriteGameV2'));
  await card.getByTestId('game-fav').click();
  // optimistic: the heart is on before the server answers
  await expect(card.getByTestId('game-fav')).toHaveAttribute('aria-pressed', 'true');
  expect((await (await saved).json()).value).toContain(Number(nodeId));
  await expect(fav.locator(`[data-node-id="${nodeId}"]`)).toBeVisible();
  await shot(page, 'lobby-favourite-desktop-en');

  // a second toggle inside the 1000 ms throttle is dropped
  await page.clock.fastForward(1100);
  const other = hot.nth(2);
  const otherId = await other.getAttribute('data-node-id');
  // the page's time stands still across the two clicks: on a loaded machine a second of real time
  // could pass between them and let the second one through. setFixedTime takes any instant (pauseAt
  // must lie ahead of the flowing clock, and a slow step can put it behind); setSystemTime lets it flow.
  const frozenAt = await page.evaluate(() => Date.now());
  await page.clock.setFixedTime(frozenAt);
  await other.getByTestId('game-fav').click();
  await other.getByTestId('game-fav').click();
  await page.clock.setSystemTime(frozenAt);
  await expect(other.getByTestId('game-fav')).toHaveAttribute('aria-pressed', 'true');
  await expect(fav.locator(`[data-node-id="${otherId}"]`)).toBeVisible();

  // the menu's FAV shows just the favourites; /favorite lists them too
  await page.getByTestId('menu-FAV').click();
  await expect(page.getByTestId('section-HOT')).toHaveCount(0);
  await expect(fav.getByTestId('game-card')).toHaveCount(2);
  await page.goto('/favorite');
  await expect(page.getByTestId('favorite-page').getByTestId('game-card')).toHaveCount(2);

  // removing leaves the list at once and stays removed after a reload
  await page.clock.fastForward(1100);
  const removed = page.waitForResponse((r) => r.url().includes('MCSFE_removeFavoriteGameV2'));
  await page.locator(`[data-node-id="${nodeId}"]`).getByTestId('game-fav').click();
  await expect(page.getByTestId('favorite-page').getByTestId('game-card')).toHaveCount(1);
  await removed;
  await page.reload();
  await expect(page.getByTestId('favorite-page').getByTestId('game-card')).toHaveCount(1);
  await expect(page.getByTestId('favorite-page').getByTestId('game-card')).toHaveAttribute(
    'data-node-id',
    otherId!,
  );
});

test('a visitor clicking a heart or opening /favorite gets the login popup', async ({ page }) => {
  await skipPopups(page);
  await page.goto('/');
  await page.getByTestId('section-HOT').getByTestId('game-fav').first().click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.getByTestId('login-close').click();
  await page.goto('/favorite');
  await expect(page.getByTestId('account-games-gate')).toBeVisible();
  await expect(page.getByTestId('login-modal')).toBeVisible();
});
