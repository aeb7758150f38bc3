import { expect, test, BENGALI } from '../support.js';

test.describe('language', () => {
  test('Bengali by default, switching to English changes texts, header and storage', async ({ page }) => {
    const languages: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/wps/')) languages.push(r.headers()['language'] ?? '');
    });
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByTestId('footer-consent')).toContainText(BENGALI);
    expect(languages.length).toBeGreaterThan(0);
    expect(languages.every((l) => l === 'BN')).toBe(true);

    languages.length = 0;
    await page.getByTestId('language-select').selectOption('en', { force: true });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('footer-consent')).not.toContainText(BENGALI);
    await expect(page.getByTestId('footer-consent')).toContainText(/18/);
    await expect.poll(() => languages.includes('EN')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('footer-consent')).not.toContainText(BENGALI);
  });

  test('server messages follow the Language header', async ({ request }) => {
    const bn = await (
      await request.get('/wps/system/status', { headers: { merchant: 'nope', language: 'BN' } })
    ).json();
    const en = await (
      await request.get('/wps/system/status', { headers: { merchant: 'nope', language: 'EN' } })
    ).json();
    expect(bn).toMatchObject({ success: false, errorCode: 'merchant.not.found' });
    expect(bn.message).toMatch(BENGALI);
    expect(en.message).toMatch(/Invalid URL/);
  });
});
