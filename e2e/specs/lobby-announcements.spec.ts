import { expect, test, admin, BENGALI, operatorToken, shot, skipPopups, useLanguage } from '../support.js';

test.use({ reducedMotion: 'reduce' });

interface GameAnnouncement {
  id: number;
}

/**
 * Game announcements (SPEC §7 Games): the demo operator writes one for Fa Chai (FC: slots and fishing,
 * which no other spec's screens look at) through the operator API; players see it on the vendor's
 * page, in the vendor's popup list and atop the game popup, and can dismiss it.
 */
test('a vendor announcement shows on its page, in its list and game popup, and can be dismissed', async ({
  page,
  request,
}) => {
  const op = await operatorToken(request);
  const made = await admin<GameAnnouncement>(request, op, 'POST', '/admin/api/game-announcements', {
    vassalage: 'FC',
    title: { EN: 'Fa Chai fishing week', BN: 'ফা চাই মাছ ধরার সপ্তাহ' },
    content: {
      EN: '<p>Double <strong>prizes</strong> on every fishing game<script>alert(1)</script></p>',
      BN: '<p>প্রতিটি মাছ ধরার গেমে <strong>দ্বিগুণ পুরস্কার</strong></p>',
    },
  });
  try {
    const strip = page.getByTestId(`game-announcement-${made.id}`);

    // phone, English: the vendor's slot page
    await useLanguage(page, 'en');
    await skipPopups(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rng?vassalage=FC');
    await expect(strip).toContainText('Fa Chai fishing week');
    await expect(strip).toContainText('Double prizes on every fishing game');
    await expect(strip.locator('script')).toHaveCount(0);
    await expect(strip.locator('.game-notice__content strong')).toHaveText('prizes');
    // another vendor's page does not show it
    await page.goto('/rng?vassalage=JL');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await expect(strip).toHaveCount(0);
    await page.goto('/rng?vassalage=FC');
    await expect(strip).toBeVisible();
    await shot(page, 'lobby-announcements-phone-en');

    // a game of the vendor, in free trial: the notice sits atop the game frame (phone, then desktop)
    const card = page.getByTestId('game-card').first();
    const popup = page.getByTestId('game-popup');
    await card.getByTestId('game-trial').click();
    await expect(popup.getByTestId(`game-announcement-${made.id}`)).toContainText('Fa Chai fishing week');
    await expect(page.frameLocator('[data-testid=game-iframe]').getByTestId('balance')).toBeVisible();
    await shot(page, 'lobby-announcements-game-popup-phone-en');
    await page.getByTestId('game-popup-close').click();
    await expect(popup).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.hover();
    await card.getByTestId('game-trial').click();
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId(`game-announcement-${made.id}`)).toContainText('Fa Chai fishing week');
    await expect(page.frameLocator('[data-testid=game-iframe]').getByTestId('balance')).toBeVisible();
    await shot(page, 'lobby-announcements-game-popup-desktop-en');
    await page.getByTestId('game-popup-close').click();
    await expect(popup).toBeHidden();

    // dismissed on the page: gone, and it stays gone for the session (also in the popups)
    await strip.getByTestId('game-announcement-dismiss').click();
    await expect(strip).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await expect(strip).toHaveCount(0);
  } finally {
    await admin(request, op, 'DELETE', `/admin/api/game-announcements/${made.id}`);
  }
});

test('the vendor popup list shows the vendor announcement in Bengali (bn, phone)', async ({
  page,
  request,
}) => {
  const op = await operatorToken(request);
  const made = await admin<GameAnnouncement>(request, op, 'POST', '/admin/api/game-announcements', {
    vassalage: 'FC',
    gameType: 'FISH',
    title: { EN: 'Fishing tournament', BN: 'মাছ ধরার টুর্নামেন্ট' },
    content: { EN: '<p>Join now</p>', BN: '<p>এখনই যোগ দিন</p>' },
  });
  try {
    await useLanguage(page, 'bn');
    await skipPopups(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByTestId('vendors-FISH').locator('[data-vendor=FC]').click();
    const list = page.getByTestId('vendor-games-modal');
    const strip = list.getByTestId(`game-announcement-${made.id}`);
    await expect(strip).toContainText('মাছ ধরার টুর্নামেন্ট');
    await expect(strip).toContainText(BENGALI);
    await shot(page, 'lobby-announcements-vendor-list-phone-bn');
    await strip.getByTestId('game-announcement-dismiss').click();
    await expect(strip).toHaveCount(0);
    await expect(list.getByTestId('game-card').first()).toBeVisible();
  } finally {
    await admin(request, op, 'DELETE', `/admin/api/game-announcements/${made.id}`);
  }
});
