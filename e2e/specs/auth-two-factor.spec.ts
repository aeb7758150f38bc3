import {
  expect,
  test,
  admin,
  latestSmsCode,
  loginWithPassword,
  operatorToken,
  registerViaApi,
  shot,
  skipPopups,
  uniqueName,
  useLanguage,
} from '../support.js';

test('a login from a new IP asks for a second step: SMS code (en, desktop)', async ({ browser, request }) => {
  const op = await operatorToken(request);
  const username = uniqueName('twofa');
  const { mobile } = await registerViaApi(request, { username, password: 'Second@123' });
  await admin(request, op, 'PUT', '/admin/api/whitelabel/LOGINIPVERF3', { enabled: true });
  try {
    // the first login records the member's address; it needs no second step
    const first = await browser.newContext();
    const p1 = await first.newPage();
    await skipPopups(p1);
    await loginWithPassword(p1, username, 'Second@123');
    await expect(p1.getByTestId('avatar-button')).toBeVisible();
    await first.close();

    // then an address this member never used (the e2e server trusts the proxy header)
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.23' } });
    const page = await context.newPage();
    await useLanguage(page, 'en');
    await skipPopups(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginWithPassword(page, username, 'Second@123');
    await expect(page.getByTestId('two-factor')).toBeVisible();
    await page.getByTestId('two-factor-method-SMS').click();
    await page.getByTestId('two-factor-answer').fill('000000');
    await page.getByTestId('two-factor-submit').click();
    await expect(page.getByTestId('two-factor-error')).toBeVisible();
    await page.getByTestId('two-factor-send').click();
    await expect(page.getByTestId('two-factor-sent-to')).toBeVisible();
    await page.getByTestId('two-factor-answer').fill(await latestSmsCode(request, mobile.slice(1), 'login'));
    await shot(page, 'two-factor-desktop-en');
    await page.getByTestId('two-factor-submit').click();
    await expect(page.getByTestId('login-modal')).toBeHidden();
    await expect(page.getByTestId('avatar-button')).toBeVisible();
    await context.close();
  } finally {
    await admin(request, op, 'PUT', '/admin/api/whitelabel/LOGINIPVERF3', { enabled: false });
  }
});
