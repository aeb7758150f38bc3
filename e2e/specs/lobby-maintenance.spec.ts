import type { APIRequestContext } from '@playwright/test';
import { expect, test, admin, operatorToken, shot, skipPopups, useLanguage } from '../support.js';

test.use({ reducedMotion: 'reduce' });

interface AdminGame {
  nodeId: number;
  vendor: string;
  gameCode: string;
  gameType: string;
  gameClassify: string | null;
  names: Record<string, string>;
  status: string;
  isHot: boolean;
  sortOrder: number;
}

/** Re-imports one game of the catalogue with another status (the operator's feed import, owner only). */
async function setStatus(
  request: APIRequestContext,
  op: string,
  g: AdminGame,
  status: 'active' | 'maintenance',
) {
  await admin(request, op, 'POST', '/admin/api/catalogue/import', {
    games: [
      {
        vendor: g.vendor,
        gameCode: g.gameCode,
        gameType: g.gameType,
        gameClassify: g.gameClassify,
        names: g.names,
        isHot: g.isHot,
        sortOrder: g.sortOrder,
        status,
      },
    ],
  });
}

test('a game under maintenance says so and suggests others (en, phone)', async ({ page, request }) => {
  const op = await operatorToken(request);
  // a fishing game of BGaming far down the list, which no other spec looks at
  const found = await admin<{ list: AdminGame[] }>(
    request,
    op,
    'GET',
    '/admin/api/catalogue/games?vendor=BGS&gameType=FISH&pageSize=1&pageNo=25',
  );
  const game = found.list[0]!;
  await setStatus(request, op, game, 'maintenance');
  try {
    await useLanguage(page, 'en');
    await skipPopups(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/fish?vassalage=BGS&q=${encodeURIComponent(game.names.EN!)}`);
    const card = page.locator(`[data-testid=game-card][data-node-id="${game.nodeId}"]`);
    await expect(card).toHaveAttribute('data-status', 'maintenance');
    await card.getByTestId('game-trial').click();
    const modal = page.getByTestId('game-maintenance');
    await expect(modal).toBeVisible();
    await expect(page.getByTestId('game-maintenance-text')).toHaveText(
      'This game is under maintenance, please try another game',
    );
    await expect(modal.getByTestId('game-card').first()).toBeVisible();
    await expect(modal.locator(`[data-node-id="${game.nodeId}"]`)).toHaveCount(0);
    await shot(page, 'lobby-maintenance-phone-en');
    await page.getByTestId('game-maintenance-close').click();
    await expect(page.getByTestId('game-popup')).toHaveCount(0);
  } finally {
    await setStatus(request, op, game, 'active');
  }
});
