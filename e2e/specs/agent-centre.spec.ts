import { expect, test, BENGALI, DEMO_AGENT, shot, submitLogin, uniqueName, useLanguage } from '../support.js';

const SUB_AGENT = { username: 'subagent01', password: DEMO_AGENT.password } as const;

async function agentLogin(
  page: import('@playwright/test').Page,
  who: { username: string; password: string },
) {
  await page.goto('/agent');
  await submitLogin(page, who.username, who.password);
  await expect(page.getByTestId('agent-home')).toBeVisible();
}

test.describe('agent centre', () => {
  test('header, team overview and the contract an agent holds and gives (desktop, en, dark)', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await agentLogin(page, DEMO_AGENT);

    // SPEC 2.5 header: the merchant's offset (Asia/Dhaka) and a clock that ticks
    await expect(page.getByTestId('agent-gmt')).toHaveText('GMT+6');
    const first = await page.getByTestId('agent-time').textContent();
    await expect(page.getByTestId('agent-time')).not.toHaveText(first!, { timeout: 3000 });
    await expect(page.getByTestId('agent-who')).toHaveAttribute('data-account', DEMO_AGENT.username);

    // the default page is the team overview, with figures and a day per point of the chart
    await expect(page.getByTestId('team-overview-page')).toBeVisible();
    await expect(page.getByTestId('overview-members')).toBeVisible();
    await expect(page.getByTestId('team-chart-day')).toHaveCount(7);
    await shot(page, 'agent-overview-desktop-en');

    // contracts: the platform's daily salary, and the one agent01 gave subagent01
    await page.getByTestId('agent-menu-agentContracts').click();
    await page.getByTestId('contract-kind-dailySalary').click();
    await expect(page.getByTestId('contract-mine').getByTestId('contract-status')).toHaveAttribute(
      'data-status',
      'active',
    );
    await expect(page.getByTestId('my-terms-tier')).toHaveCount(3);
    const given = page.locator('[data-testid=given-row][data-downline=subagent01]');
    await expect(given.getByTestId('contract-status')).toHaveAttribute('data-status', 'active');

    // an offer above agent01's own rates is refused with the catalogue's message
    await page.getByTestId('offer-downline').fill(SUB_AGENT.username);
    await page.getByTestId('offer-tier-2-rate').fill('5');
    await page.getByTestId('offer-submit').click();
    await expect(page.getByTestId('offer-error')).toContainText(/exceed/i);
    await shot(page, 'agent-contracts-desktop-en');
  });

  test('a sub-agent answers its upline offer: the hourly salary becomes active (phone, bn, light)', async ({
    page,
  }) => {
    await useLanguage(page, 'bn');
    await page.setViewportSize({ width: 390, height: 844 });
    await agentLogin(page, SUB_AGENT);
    await page.getByTestId('theme-toggle').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await page.goto('/agentHome/agentContracts');
    await page.getByTestId('contract-kind-hourlySalary').click();
    await expect(page.getByTestId('contract-pending')).toBeVisible();
    await expect(page.getByTestId('contract-pending')).toContainText(BENGALI);
    await expect(page.getByTestId('pending-terms-rate')).toHaveText('0.10%');
    await shot(page, 'agent-contract-offer-phone-bn');
    await page.getByTestId('contract-accept').click();
    await expect(page.getByTestId('contract-pending')).toHaveCount(0);
    await expect(page.getByTestId('contract-mine').getByTestId('contract-status')).toHaveAttribute(
      'data-status',
      'active',
    );
    await expect(page.getByTestId('my-terms-rate')).toHaveText('0.10%');
  });

  test('the register centre opens a member, team management lists and promotes it, a referral link is added (phone, en)', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    await agentLogin(page, DEMO_AGENT);
    const username = uniqueName('dl');

    await page.goto('/agentHome/registerCenter');
    await page.getByTestId('register-downline-username').fill(username);
    await page.getByTestId('register-downline-password').fill('Member@1234');
    await page.getByTestId('register-downline-confirm').fill('Member@12345');
    await page.getByTestId('register-downline-submit').click();
    await expect(page.getByTestId('register-downline-confirm-error')).toBeVisible();
    await page.getByTestId('register-downline-confirm').fill('Member@1234');
    await page.getByTestId('register-downline-submit').click();
    await expect(page.getByTestId('register-downline-done')).toContainText(username);

    // a referral link with a code of the agent's choosing, shown with its address and counts
    const code = `E2E${Date.now().toString(36).slice(-6)}`.toUpperCase();
    await page.getByTestId('affiliate-link-code').fill(code);
    await page.getByTestId('affiliate-link-add').click();
    const link = page.locator(`[data-testid=affiliate-link][data-code=${code}]`);
    await expect(link.getByTestId('affiliate-link-url')).toContainText(`/register?referralCode=${code}`);
    await expect(link.getByTestId('affiliate-link-counts')).toContainText('0 clicks');
    // a code is one link's only: the second use is refused with the reason (typed once the form has
    // reset: it clears after the team's lists are fetched again, which may be after the new link shows)
    await expect(page.getByTestId('affiliate-link-code')).toHaveValue('');
    await page.getByTestId('affiliate-link-code').fill(code);
    await page.getByTestId('affiliate-link-add').click();
    await expect(page.getByTestId('affiliate-link-error')).toContainText('already in use');
    await shot(page, 'agent-register-centre-phone-en');

    // team management: the new member is a direct downline; made an agent, it stays listed as one
    await page.goto(`/agentHome/downlineManagmentView?username=${username}`);
    const row = page.getByTestId('downlines-row');
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-col=level]')).toHaveText('1');
    await expect(row.locator('[data-col=kind]')).toHaveText('Member');
    await row.getByTestId('downline-promote').click();
    await page.getByTestId('dialog-confirm').click();
    await expect(row.locator('[data-col=kind]')).toHaveText('Agent');
    await shot(page, 'agent-team-phone-en');
  });
});
