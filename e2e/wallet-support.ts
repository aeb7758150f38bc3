import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { admin, loginWithPassword, member, operatorToken } from './support.js';

/**
 * Logs in through the login popup and waits until the header shows the member and, unless the test
 * blocks it, the real-time channel is ready (pushes sent before that would be missed).
 */
export async function loginMember(page: Page, username: string, password: string, opts = { realtime: true }) {
  await loginWithPassword(page, username, password);
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  if (opts.realtime) await expect(page.locator('html')).toHaveAttribute('data-realtime', 'ready');
}

/** The session token of the logged-in page: setup calls then run as that member (no second login). */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token, 'logged in').toBeTruthy();
  return token!;
}

/** Puts money in the member's MAIN wallet the way a player does: a bank deposit the operator approves. */
export async function fundViaBankDeposit(request: APIRequestContext, token: string, amount: string) {
  const settings = await member<{ depositInfo: { id: number; kind: string }[] }>(
    request,
    token,
    'GET',
    '/wps/relay/MCSFE_getDepositSettings',
  );
  const bank = settings.depositInfo.find((c) => c.kind === 'bank');
  expect(bank, 'a bank deposit channel').toBeTruthy();
  const order = await member<{ orderNo: string }>(request, token, 'POST', '/wps/relay/MCSFE_submitDeposit', {
    channelId: bank!.id,
    amount,
    reference: `E2E${Date.now()}`,
  });
  await approveDeposit(request, order.orderNo);
  return order.orderNo;
}

export async function approveDeposit(request: APIRequestContext, orderNo: string) {
  const op = await operatorToken(request);
  await admin(request, op, 'POST', `/admin/api/deposits/${orderNo}/approve`, { remark: 'e2e' });
}

/** The newest PENDING withdrawal of a member, approved (paid out) by the operator. */
export async function approveLatestWithdrawal(request: APIRequestContext, username: string) {
  const op = await operatorToken(request);
  const page = await admin<{ list?: { id: string }[]; content?: { id: string }[] }>(
    request,
    op,
    'GET',
    `/admin/api/withdrawals?username=${encodeURIComponent(username)}&status=PENDING&pageSize=1`,
  );
  const id = (page.list ?? page.content ?? [])[0]?.id;
  expect(id, `a pending withdrawal of ${username}`).toBeTruthy();
  await admin(request, op, 'POST', `/admin/api/withdrawals/${id}/approve`, { remark: 'e2e' });
  return id!;
}

/** The MAIN available balance as decimal text (the API answers a number with the currency's decimals). */
export async function mainBalance(request: APIRequestContext, token: string): Promise<string> {
  const b = await member<{ decimals: number; balance: { accountTypeId: number; availBalance: number }[] }>(
    request,
    token,
    'GET',
    '/wps/v2/wallets/balance',
  );
  return b.balance.find((r) => r.accountTypeId === 2)!.availBalance.toFixed(b.decimals);
}

/** A tiny valid PNG (1x1) for proof and receipt uploads. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Marks the document so a test can prove the page was not reloaded. */
export async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __e2eMark: number }).__e2eMark = 1));
}
export async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark)).toBe(1);
}
