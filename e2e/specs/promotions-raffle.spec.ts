import {
  admin,
  BENGALI,
  expect,
  member,
  operatorToken,
  registerViaApi,
  shot,
  skipPopups,
  memberTokenViaApi,
  test,
  uniqueName,
  useLanguage,
} from '../support.js';
import { loginMember, pageToken } from '../wallet-support.js';
import { moveServerClock, serverNow } from '../clock-support.js';

interface RaffleStatus {
  entered: boolean;
  entryId: string | null;
  drawnDate: string | null;
  serverSeed: string | null;
  seedHash: string;
  result: { rank: number; amount: string } | null;
  winners: { rank: number; entryId: string; username: string }[];
}

/**
 * A raffle on /promotions (issue 16): a member sees the prizes, the draw time counting down and the
 * seed's hash, enters (Joined); two others enter through the API; the server's clock moves past the
 * draw time and an operator runs the promotion sweep, which draws; the member sees the winners
 * (masked), their own result and the revealed seed, and the browser's check (WebCrypto) verifies the
 * draw. Tagged @clock: it moves the server's clock, so it runs in the raffle-clock project, after the check-in.
 */
test('@clock a member enters a raffle, the draw happens, the member sees the result and verifies it (en desktop, bn phone, dark and light)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Raffle ${uniqueName('r')}`;
  const op = await operatorToken(request);
  const promo = await admin<{ id: number }>(request, op, 'POST', '/admin/api/promotions', {
    category: 'other_promo',
    tags: ['LIMITED'],
    title: { EN: title, BN: `র‍্যাফেল ${title.slice(-6)}` },
    content: { EN: '<p>Enter once; two prizes drawn</p>', BN: '<p>একবার অংশ নিন; দুটি পুরস্কার</p>' },
    trigger: 'RAFFLE',
    rewardKind: 'RAFFLE',
  });
  const drawAt = new Date((await serverNow(request)).getTime() + 10 * 60_000);
  const set = await admin<{ seedHash: string; serverSeed: string | null }>(
    request,
    op,
    'PUT',
    `/admin/api/promotions/${promo.id}/raffle`,
    {
      drawDate: drawAt.toISOString(),
      prizes: [
        { amount: '50', count: 1 },
        { amount: '5', count: 1 },
      ],
    },
  );
  expect(set.serverSeed).toBeNull();

  const username = uniqueName('rfl');
  await registerViaApi(request, { username, password: 'Raffle@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await loginMember(page, username, 'Raffle@123');

  await page.goto('/promotions');
  // by id: the title is the member's language's
  const card = page.locator(`[data-testid=promotion-card][data-id="${promo.id}"]`);
  await expect(card).toContainText(title);
  await expect(card).toHaveAttribute('data-status', 'Join');
  const raffle = card.getByTestId('raffle');
  await expect(raffle.getByTestId('raffle-prizes')).toContainText('৳50.00 × 1');
  await expect(raffle.getByTestId('raffle-seed-hash')).toHaveText(set.seedHash);
  // the browser counts down on its own clock; the server's has moved on (the check-in ran before),
  // so days may show in front
  await expect(raffle.getByTestId('raffle-countdown')).toHaveText(/^(\d+ d )?\d\d:\d\d:\d\d$/);
  await raffle.getByTestId('raffle-enter').click();
  await expect(raffle.getByTestId('raffle-joined')).toHaveText('Joined');
  await expect(card).toHaveAttribute('data-status', 'Joined');
  await expect(raffle.getByTestId('raffle-entries')).toHaveText('1');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'raffle-joined-desktop-en');

  // two more members enter through the API
  for (let i = 0; i < 2; i++) {
    const other = uniqueName('rfo');
    await registerViaApi(request, { username: other, password: 'Raffle@123' });
    const token = await memberTokenViaApi(request, other, 'Raffle@123');
    await member(request, token, 'POST', '/wps/relay/MCSFE_claimRafflePromotion', { promotionId: promo.id });
  }

  // the draw time passes; an operator runs the promotion sweep, which draws
  await moveServerClock(request, new Date(drawAt.getTime() + 60_000));
  await admin(request, op, 'POST', '/admin/api/jobs/promotion.sweep/run', {});
  const token = await pageToken(page);
  await expect
    .poll(
      async () =>
        (
          await member<RaffleStatus>(
            request,
            token,
            'GET',
            `/wps/relay/MCSFE_getRafflePromotionStatus?promotionId=${promo.id}`,
          )
        ).drawnDate,
      { timeout: 30_000 },
    )
    .not.toBeNull();
  const drawn = await member<RaffleStatus>(
    request,
    token,
    'GET',
    `/wps/relay/MCSFE_getRafflePromotionStatus?promotionId=${promo.id}`,
  );
  expect(drawn.winners).toHaveLength(2);

  // the drawn raffle has ended: it is among the previous days' promotions
  await page.goto('/promotions?period=prev7');
  await expect(raffle).toHaveAttribute('data-drawn', 'true');
  await expect(raffle.getByTestId('raffle-winner')).toHaveCount(2);
  // masked usernames, as the winner board shows them
  for (const row of await raffle.getByTestId('raffle-winner').all()) await expect(row).toContainText('*');
  await expect(raffle.getByTestId('raffle-seed')).toHaveText(drawn.serverSeed!);
  await expect(raffle.getByTestId('raffle-mine')).toHaveAttribute('data-won', String(drawn.result !== null));
  await expect(raffle.getByTestId('raffle-mine')).toHaveText(
    drawn.result
      ? `You won prize ${drawn.result.rank}: ৳${drawn.result.rank === 1 ? '50.00' : '5.00'}`
      : 'Your entry did not win this time',
  );
  await raffle.getByTestId('raffle-verify').click();
  await expect(raffle.getByTestId('raffle-verdict')).toHaveAttribute('data-ok', 'true');
  await expect(raffle.getByTestId('raffle-verdict')).toContainText('Verified');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'raffle-drawn-desktop-en');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'raffle-drawn-desktop-en-light');

  // in Bengali on a phone: the same result, verified again, light and dark
  await useLanguage(page, 'bn');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/promotions?period=prev7');
  await expect(card).toContainText('র‍্যাফেল');
  await expect(raffle.getByTestId('raffle-mine')).toHaveText(BENGALI);
  await raffle.getByTestId('raffle-verify').click();
  await expect(raffle.getByTestId('raffle-verdict')).toHaveAttribute('data-ok', 'true');
  await expect(raffle.getByTestId('raffle-verdict')).toHaveText(BENGALI);
  await raffle.getByTestId('raffle-verify').scrollIntoViewIfNeeded();
  await shot(page, 'raffle-drawn-phone-bn-light');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'raffle-drawn-phone-bn');
});
