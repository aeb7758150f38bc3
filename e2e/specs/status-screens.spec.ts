import { expect, test, admin, operatorToken, shot } from '../support.js';

// The server runs with TRUST_PROXY=true: a browser context with an X-Forwarded-For header looks like a visitor
// from that address. 203.0.113.0/24 is a documentation range, so no real visitor is affected.
const VISITOR_IP = '203.0.113.77';

test.describe('root status screens follow the operator', () => {
  test('maintenance screen after the operator switches maintenance on, normal again after off', async ({
    page,
    request,
  }) => {
    const token = await operatorToken(request);
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();

    await admin(request, token, 'PUT', '/admin/api/maintenance', { enabled: true, message: 'e2e' });
    try {
      await page.reload();
      const screen = page.getByTestId('maintenance-screen');
      await expect(screen).toBeVisible();
      await expect(screen).toContainText('সিস্টেম রক্ষণাবেক্ষণ');
      await expect(page.getByTestId('cs-button')).toBeVisible();
      await expect(page.getByTestId('home-page')).toHaveCount(0);
      await shot(page, 'maintenance-bn');
      const audit = await admin<{ list: { action: string; after: any }[] }>(
        request,
        token,
        'GET',
        '/admin/api/audit-log?pageSize=5',
      );
      expect(audit.list[0]?.action).toMatch(/maintenance/);
    } finally {
      await admin(request, token, 'PUT', '/admin/api/maintenance', { enabled: false });
    }
    await page.reload();
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  test('region-block screen with the visitor IP for a deny rule', async ({ browser, request }) => {
    const token = await operatorToken(request);
    const rule = await admin<{ id: number }>(request, token, 'POST', '/admin/api/region-rules', {
      action: 'deny',
      kind: 'cidr',
      value: '203.0.113.0/24',
      note: 'e2e',
    });
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': VISITOR_IP } });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const screen = page.getByTestId('region-block-screen');
      await expect(screen).toBeVisible();
      await expect(page.getByTestId('visitor-ip')).toHaveText(VISITOR_IP);
      await expect(screen).toContainText('প্রবেশ সীমাবদ্ধ');
      await expect(page.getByTestId('cs-button')).toBeVisible();
      await shot(page, 'region-block-bn');

      // a visitor from elsewhere is not affected
      const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.9' } });
      const p2 = await other.newPage();
      await p2.goto('/');
      await expect(p2.getByTestId('home-page')).toBeVisible();
      await other.close();
    } finally {
      await admin(request, token, 'DELETE', `/admin/api/region-rules/${rule.id}`);
    }
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await context.close();
  });
});
