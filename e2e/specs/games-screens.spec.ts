import { expect, test, shot } from '../support.js';
import { demoMember, openGame } from '../games-support.js';

/** The slot and the crash game on a phone and on a desktop, in both languages (looked at by people). */

for (const lng of ['bn', 'en'] as const) {
  for (const [w, h, size] of [
    [390, 844, 'phone'],
    [1280, 800, 'desktop'],
  ] as const) {
    test(`slot and crash screens: ${lng}, ${size}`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const token = await demoMember(page, lng, w, h);
      await openGame(page, request, token, 'slot', { lang: lng });
      await page.getByTestId('spin').click();
      await expect(page.getByTestId('slot-result')).toBeVisible();
      await expect(page.getByTestId('spin')).toBeEnabled();
      await shot(page, `games-slot-${size}-${lng}`);
      await page.getByTestId('open-paytable').click();
      await shot(page, `games-slot-paytable-${size}-${lng}`);

      await openGame(page, request, token, 'crash', { lang: lng });
      await expect(page.getByTestId('crash')).toHaveAttribute('data-phase', 'running', { timeout: 45_000 });
      // the curve has climbed a little (or the round already ended): something to look at
      await expect(page.getByTestId('crash-multiplier').or(page.getByTestId('crash-point'))).not.toHaveText(
        /^1\.0\d/,
      );
      await shot(page, `games-crash-${size}-${lng}`);
    });
  }
}
