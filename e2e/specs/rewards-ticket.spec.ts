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

/**
 * The sign-up wheel (issue 16): every new member gets a lucky-wheel ticket. The member opens the
 * reward centre, spins, sees the prize land in the balance and checks the draw on the verification
 * page, which recomputes it from the revealed server seed.
 */
test('a new member spins the sign-up wheel, the prize reaches the balance and the draw verifies (en, desktop)', async ({
  page,
  request,
}) => {
  const username = uniqueName('wheel');
  await registerViaApi(request, { username, password: 'Wheel@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await loginMember(page, username, 'Wheel@123');
  const token = await pageToken(page);
  const before = Number(await mainBalance(request, token));

  await page.goto('/member/rewardCenter');
  const card = page.getByTestId('ticket-card').filter({ hasText: 'Lucky wheel for new members' });
  await expect(card).toHaveAttribute('data-game', 'wheel');
  // the menu's badge counts the ticket waiting
  await expect(page.getByTestId('member-badge-rewardCenter')).toHaveText('1');
  // the ticket's whole name shows beside its button (it wraps; it was cut to "Lucky wheel for new memb...")
  const name = card.locator('.rewards__ticket-name');
  await expect(name).toHaveText('Lucky wheel for new members');
  const fits = await name.evaluate(
    (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1,
  );
  expect(fits, 'the ticket name is cut').toBe(true);
  await shot(page, 'rewards-centre-desktop-en');
  await card.getByTestId('ticket-open').click();
  const game = page.getByTestId('ticket-game');
  await expect(game.getByTestId('ticket-wheel')).toBeVisible();
  await expect(game.getByTestId('ticket-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await shot(page, 'rewards-wheel-ready-desktop-en');
  await game.getByTestId('ticket-play').click();

  const prize = game.getByTestId('ticket-prize');
  await expect(prize).toHaveAttribute('data-kind', 'cash');
  const won = Number(await prize.getAttribute('data-amount'));
  expect(won).toBeGreaterThan(0);
  await expect(prize).toContainText('You won');
  await shot(page, 'rewards-wheel-won-desktop-en');
  // the money is in the main wallet, and the header shows it
  await expect.poll(async () => Number(await mainBalance(request, token))).toBeCloseTo(before + won, 2);
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-value', /\d/);
  await expect
    .poll(async () => Number(await page.getByTestId('header-balance').getAttribute('data-value')))
    .toBeCloseTo(before + won, 2);

  // the fairness link opens the verification page of this very draw, which recomputes it
  const popup = page.waitForEvent('popup');
  await prize.getByTestId('ticket-verify-link').click();
  const verify = await popup;
  await expect(verify.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(verify.getByTestId('verify-verdict')).toHaveText('Verified ✓');
  await expect(verify.getByTestId('verify-hash-check')).toHaveClass(/pos/);
  await verify.setViewportSize({ width: 1366, height: 900 });
  await shot(verify, 'rewards-verify-desktop-en');
  await verify.close();

  // the ticket is spent: the centre has none left and the badge is gone
  await game.getByTestId('ticket-done').click();
  await expect(page.getByTestId('ticket-card')).toHaveCount(0);
  await expect(page.getByTestId('member-badge-rewardCenter')).toHaveCount(0);
});

test('the reward centre in Bengali on a phone, dark and light; the game in motion-reduced and animated form', async ({
  page,
  request,
}) => {
  const username = uniqueName('wheelbn');
  await registerViaApi(request, { username, password: 'Wheel@123' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await loginMember(page, username, 'Wheel@123');
  await page.goto('/member/rewardCenter');
  await expect(page.getByTestId('reward-center-page').locator('h1')).toHaveText(BENGALI);
  const card = page.getByTestId('ticket-card').first();
  await expect(card).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'rewards-centre-phone-bn-dark');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'rewards-centre-phone-bn-light');

  // with motion allowed the wheel turns to the drawn segment before the prize shows
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await card.getByTestId('ticket-open').click();
  const game = page.getByTestId('ticket-game');
  await shot(page, 'rewards-wheel-ready-phone-bn-light');
  await game.getByTestId('ticket-play').click();
  await expect(game.getByTestId('ticket-wheel')).not.toHaveAttribute('data-rotation', '0');
  await expect(game.getByTestId('ticket-prize')).toBeVisible({ timeout: 10_000 });
  await expect(game.getByTestId('ticket-prize')).toContainText(BENGALI);
  await shot(page, 'rewards-wheel-won-phone-bn-light');
});
