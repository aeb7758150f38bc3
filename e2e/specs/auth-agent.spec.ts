import {
  expect,
  test,
  BENGALI,
  DEMO_AGENT,
  DEMO_MEMBER,
  shot,
  submitLogin,
  useLanguage,
} from '../support.js';

test.describe('agent login', () => {
  test('the /agent page promises support and sends an agent to /agentHome (bn)', async ({ page }) => {
    await useLanguage(page, 'bn');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/agent');
    await expect(page.getByTestId('agent-page')).toBeVisible();
    // no normal layout here
    await expect(page.getByTestId('header')).toHaveCount(0);
    await expect(page.getByTestId('agent-hours')).toContainText(BENGALI);
    await expect(page.getByTestId('agent-agentRampUp')).toContainText('১৫');
    await shot(page, 'agent-login-phone-bn');

    await submitLogin(page, DEMO_AGENT.username, DEMO_AGENT.password);
    await expect(page).toHaveURL(/\/agentHome$/);
    await expect(page.getByTestId('agent-home')).toBeVisible();
    await expect(page.getByTestId('agent-who')).toHaveAttribute('data-account', DEMO_AGENT.username);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    await shot(page, 'agent-home-phone-bn');

    await page.getByTestId('agent-logout').click();
    await page.getByTestId('dialog-confirm').click();
    await expect(page).toHaveURL(/\/agent$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('a member is refused on the agent page, and /agentHome sends visitors to /agent (en)', async ({
    page,
  }) => {
    // a refused login counts as a failure of this IP: keep it apart from the other specs' logins
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.78' });
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/agentHome');
    await expect(page).toHaveURL(/\/agent$/);
    await expect(page.getByTestId('agent-hours')).toContainText('Monday to Friday, 12:00–21:00');
    await expect(page.getByTestId('agent-agentPromo')).toContainText(/promotion support/i);
    await expect(page.getByTestId('agent-agentReports')).toContainText(/data reports/i);
    await shot(page, 'agent-login-desktop-en');

    await submitLogin(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
    await expect(page.getByTestId('login-error')).toHaveText('Non-agents cannot log in');
    await expect(page).toHaveURL(/\/agent$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await shot(page, 'agent-refused-desktop-en');
  });
});
