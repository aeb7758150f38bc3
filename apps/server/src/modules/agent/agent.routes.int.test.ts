import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERRORS } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  addChannel,
  addVendor,
  approvedDeposit,
  fund,
  loginToken,
  memberSession,
  merchantIdOf,
  newAgent,
  newMember,
  operatorToken,
  registerWithCode,
  setModule,
  settleWin,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { rows } from '../../platform/sql.js';

let t: TestApp;
let merchantId: number;
let op: string;
const db = () => t.database.db;

type Headers = Record<string, string>;
type Res = { statusCode: number; json(): any; body: string };

const expectError = (res: Res, code: keyof typeof ERRORS) => {
  expect(res.json(), res.body).toMatchObject({ success: false, errorCode: code });
  expect(res.statusCode).toBe(ERRORS[code].status);
};
const ok = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().value;
};
const get = (headers: Headers, url: string) => t.app.inject({ url, headers });
const send = (headers: Headers, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: op }, ...(payload ? { payload } : {}) });

/** Logged-in headers of an existing member of the demo merchant. */
async function headersOf(username: string): Promise<Headers> {
  return { merchant: DEMO.merchant, authorization: await loginToken(t.app, db(), username, TEST_PASSWORD) };
}

/**
 * A team: agent `top` with a direct member `m1` and a sub-agent `sub`, whose member `m2` is two levels
 * below `top`; and a stranger agent `other` with its member `o1`.
 */
async function team() {
  const top = await newAgent(db(), merchantId);
  const m1 = await newMember(db(), merchantId, { parentId: top.id });
  const sub = await newAgent(db(), merchantId, { parentId: top.id });
  const m2 = await newMember(db(), merchantId, { parentId: sub.id });
  const other = await newAgent(db(), merchantId);
  const o1 = await newMember(db(), merchantId, { parentId: other.id });
  return {
    top: { ...top, headers: await headersOf(top.username) },
    m1,
    sub: { ...sub, headers: await headersOf(sub.username) },
    m2,
    other: { ...other, headers: await headersOf(other.username) },
    o1,
  };
}
const names = (v: { list: { username: string }[] }) => v.list.map((r) => r.username).sort();

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(db());
  op = await operatorToken(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /wps/agent/downlines', () => {
  it('lists the whole team or the direct downline, with levels and team sizes, never another team', async () => {
    const x = await team();
    const all = ok(await get(x.top.headers, '/wps/agent/downlines'));
    expect(names(all)).toEqual([x.m1.username, x.sub.username, x.m2.username].sort());
    expect(all.totalCount).toBe(3);
    const bySub = all.list.find((r: any) => r.username === x.sub.username);
    expect(bySub).toMatchObject({
      level: 1,
      kind: 'agent',
      type: 1,
      teamSize: 1,
      parentUsername: x.top.username,
    });
    expect(all.list.find((r: any) => r.username === x.m2.username)).toMatchObject({
      level: 2,
      kind: 'member',
      teamSize: 0,
      parentUsername: x.sub.username,
    });
    // nearest level first
    expect(all.list.map((r: any) => r.level)).toEqual([1, 1, 2]);

    const direct = ok(await get(x.top.headers, '/wps/agent/downlines?scope=direct'));
    expect(names(direct)).toEqual([x.m1.username, x.sub.username].sort());
    // the sub-agent sees its own team only: not its upline, not its upline's other downline
    expect(names(ok(await get(x.sub.headers, '/wps/agent/downlines')))).toEqual([x.m2.username]);
    expect(names(ok(await get(x.other.headers, '/wps/agent/downlines')))).toEqual([x.o1.username]);
  });

  it('filters by username, kind, status and registration date, and pages', async () => {
    const x = await team();
    const h = x.top.headers;
    const part = x.m2.username.slice(2, 8).toUpperCase();
    expect(names(ok(await get(h, `/wps/agent/downlines?username=${part}`)))).toEqual([x.m2.username]);
    expect(names(ok(await get(h, '/wps/agent/downlines?kind=agent')))).toEqual([x.sub.username]);
    expect(names(ok(await get(h, '/wps/agent/downlines?kind=member')))).toEqual(
      [x.m1.username, x.m2.username].sort(),
    );
    await db().execute(sql`update member set status = 'blocked' where id = ${x.m1.id}`);
    expect(names(ok(await get(h, '/wps/agent/downlines?status=blocked')))).toEqual([x.m1.username]);
    expect(ok(await get(h, '/wps/agent/downlines?status=active')).totalCount).toBe(2);
    expect(ok(await get(h, '/wps/agent/downlines?regFrom=2099-01-01')).totalCount).toBe(0);
    expect(ok(await get(h, '/wps/agent/downlines?regTo=2020-01-01')).totalCount).toBe(0);
    const today = ok(await get(h, '/wps/agent/downlines?preset=today')).period.to as string;
    expect(ok(await get(h, `/wps/agent/downlines?regFrom=${today}&regTo=${today}`)).totalCount).toBe(3);
    // a registration filter may span more than a report period
    expect(ok(await get(h, `/wps/agent/downlines?regFrom=2024-01-01&regTo=${today}`)).totalCount).toBe(3);
    expectError(
      await get(h, `/wps/agent/downlines?regFrom=${today}&regTo=2024-01-01`),
      'report_range_invalid',
    );

    const seen: string[] = [];
    for (let p = 1; p <= 3; p++) {
      const v = ok(await get(h, `/wps/agent/downlines?pageSize=1&pageNo=${p}`));
      expect(v).toMatchObject({ pageNo: p, pageSize: 1, totalCount: 3, totalPages: 3 });
      seen.push(...v.list.map((r: any) => r.username));
    }
    expect(new Set(seen).size).toBe(3);
    expect(ok(await get(h, '/wps/agent/downlines?pageSize=1&pageNo=4')).list).toEqual([]);
  });

  it('refuses bad filters in the envelope, never a 500', async () => {
    const x = await team();
    for (const q of [
      'pageSize=0',
      'pageSize=101',
      'pageNo=-1',
      'scope=everyone',
      'kind=boss',
      'status=gone',
      'regFrom=2026-1-1',
      'preset=forever',
      'from=yesterday',
    ]) {
      const res = await get(x.top.headers, `/wps/agent/downlines?${q}`);
      expectError(res, 'request_param_err');
    }
    // a real-looking but impossible day, and a reversed period
    expectError(await get(x.top.headers, '/wps/agent/downlines?regFrom=2026-02-30'), 'report_range_invalid');
    expectError(
      await get(x.top.headers, '/wps/agent/downlines?from=2026-03-02&to=2026-03-01'),
      'report_range_invalid',
    );
  });

  it('shows the deposits and settled bets of the period, and balances only as the merchant allows', async () => {
    const x = await team();
    const m1 = await memberSession(t.app, db(), merchantId, 0, { parentId: x.top.id });
    const channel = await addChannel(db(), merchantId);
    await approvedDeposit(t.app, {
      member: m1.headers,
      operatorToken: op,
      channelId: channel.id,
      amount: '300',
    });
    await approvedDeposit(t.app, {
      member: m1.headers,
      operatorToken: op,
      channelId: channel.id,
      amount: '200',
    });
    const vendor = `AG${Math.floor(Math.random() * 1e6)}`;
    await addVendor(db(), merchantId, vendor);
    await fund(db(), merchantId, x.m2.id, 100_00n);
    for (const [bet, win] of [
      ['10.00', '0'],
      ['5.00', '8.00'],
    ]) {
      await settleWin(t.app, db(), {
        merchantId,
        memberId: x.m2.id,
        vendor,
        gameCode: 'g1',
        bet: bet!,
        win: win!,
      });
    }
    const row = (v: any, id: number) => v.list.find((r: any) => r.id === id);
    // the demo merchant shows direct downlines' balances; a merchant without a setting shows none
    ok(await admin('PUT', '/admin/api/agent-settings', { downlineBalance: 'none' }));
    const v = ok(await get(x.top.headers, '/wps/agent/downlines?preset=today'));
    expect(row(v, m1.id)).toMatchObject({ depositAmount: '500.00', depositCount: 2, betAmount: '0.00' });
    expect(row(v, x.m2.id)).toMatchObject({ depositAmount: '0.00', betAmount: '15.00' });
    expect(v.balanceVisibility).toBe('none');
    expect(v.list.every((r: any) => r.balance === null)).toBe(true);
    // yesterday holds none of it
    const y = ok(await get(x.top.headers, '/wps/agent/downlines?preset=yesterday'));
    expect(row(y, m1.id).depositAmount).toBe('0.00');
    expect(row(y, x.m2.id).betAmount).toBe('0.00');

    ok(await admin('PUT', '/admin/api/agent-settings', { downlineBalance: 'direct' }));
    const d = ok(await get(x.top.headers, '/wps/agent/downlines'));
    expect(row(d, m1.id).balance).toBe('500.00');
    expect(row(d, x.m2.id).balance).toBeNull();
    ok(await admin('PUT', '/admin/api/agent-settings', { downlineBalance: 'team' }));
    expect(row(ok(await get(x.top.headers, '/wps/agent/downlines')), x.m2.id).balance).toBe('93.00');
    ok(await admin('PUT', '/admin/api/agent-settings', { downlineBalance: 'none' }));
    expectError(await admin('PUT', '/admin/api/agent-settings', {}), 'request_param_err');
    expectError(
      await admin('PUT', '/admin/api/agent-settings', { downlineBalance: 'all' }),
      'request_param_err',
    );
    const [audit] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'agent.settings.update'`,
    );
    expect(audit!.n).toBeGreaterThanOrEqual(3);
  });

  it('refuses anonymous callers, players and trial accounts', async () => {
    expectError(await get({ merchant: DEMO.merchant }, '/wps/agent/downlines'), 'login.not.session');
    const player = await memberSession(t.app, db(), merchantId);
    expectError(await get(player.headers, '/wps/agent/downlines'), 'error_not_agent');
  });
});

describe('POST /wps/agent/downline (register centre)', () => {
  it('opens a member or a sub-agent directly under the caller', async () => {
    const x = await team();
    const name = `rc${Date.now().toString(36)}`;
    const v = ok(
      await send(x.sub.headers, 'POST', '/wps/agent/downline', {
        username: name,
        password: 'Secret#12',
        confirmPassword: 'Secret#12',
      }),
    );
    expect(v).toMatchObject({ username: name, type: 0, kind: 'member', parentUsername: x.sub.username });
    expect(v.mustChangePassword).toBe(true);
    const agentName = `${name}a`;
    const a = ok(
      await send(x.sub.headers, 'POST', '/wps/agent/downline', {
        username: agentName,
        password: 'Secret#12',
        memberType: 'agent',
        nickname: 'Sub Sub',
      }),
    );
    expect(a).toMatchObject({ type: 1, kind: 'agent' });
    // both are in the sub-agent's team and its upline's, one level further down
    const subList = ok(await get(x.sub.headers, '/wps/agent/downlines?scope=direct'));
    expect(names(subList)).toEqual([x.m2.username, name, agentName].sort());
    const topRow = ok(await get(x.top.headers, `/wps/agent/downlines?username=${name}`)).list;
    expect(topRow.map((r: any) => r.level)).toEqual([2, 2]);
    // the new member logs in with the password the agent gave
    expect(await loginToken(t.app, db(), name, 'Secret#12')).toBeTruthy();
    const [ev] = await rows<{ detail: any }>(
      db(),
      sql`select detail from auth_event where member_id = ${v.id} and kind = 'register'`,
    );
    expect(ev!.detail).toMatchObject({ mode: 'agent', parentId: x.sub.id });
  });

  it("applies the merchant's registration rules and refuses taken names", async () => {
    const x = await team();
    const h = x.top.headers;
    expectError(
      await send(h, 'POST', '/wps/agent/downline', { username: x.m1.username, password: 'Secret#12' }),
      'username_taken',
    );
    const bad = await send(h, 'POST', '/wps/agent/downline', { username: 'ok123456', password: '1' });
    expectError(bad, 'register_field_invalid');
    expect(Object.keys(bad.json().value.errors)).toContain('password');
    expectError(
      await send(h, 'POST', '/wps/agent/downline', {
        username: 'ok1234567',
        password: 'Secret#12',
        confirmPassword: 'Secret#13',
      }),
      'register_field_invalid',
    );
    expectError(
      await send(h, 'POST', '/wps/agent/downline', { password: 'Secret#12' }),
      'register_field_invalid',
    );
    expectError(
      await send(h, 'POST', '/wps/agent/downline', {
        username: 'okname99',
        password: 'Secret#12',
        memberType: 'boss',
      }),
      'request_param_err',
    );
    expectError(
      await send(h, 'POST', '/wps/agent/downline', { username: ['a'], password: 'Secret#12' }),
      'request_param_err',
    );
    const player = await memberSession(t.app, db(), merchantId);
    expectError(
      await send(player.headers, 'POST', '/wps/agent/downline', {
        username: 'okname98',
        password: 'Secret#12',
      }),
      'error_not_agent',
    );
  });
  it('opens one account when two agents ask for the same name at once', async () => {
    const x = await team();
    const username = `par${Date.now().toString(36)}`;
    const results = await Promise.all(
      [x.top, x.sub, x.other, x.top].map((a) =>
        send(a.headers, 'POST', '/wps/agent/downline', { username, password: 'Secret#12' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expectError(r, 'username_taken');
  });
});

describe('PUT /wps/agent/promoteDownlineToAgent', () => {
  it('makes a direct downline member an agent, once, and records who did it', async () => {
    const x = await team();
    const v = ok(
      await send(x.top.headers, 'PUT', '/wps/agent/promoteDownlineToAgent', { downlineId: x.m1.id }),
    );
    expect(v).toMatchObject({ id: x.m1.id, type: 1, kind: 'agent' });
    expectError(
      await send(x.top.headers, 'PUT', '/wps/agent/promoteDownlineToAgent', { downlineId: x.m1.id }),
      'conflict',
    );
    const [ev] = await rows<{ detail: any }>(
      db(),
      sql`select detail from auth_event where member_id = ${x.m1.id} and kind = 'promoted_to_agent'`,
    );
    expect(ev!.detail).toMatchObject({ by: x.top.id, fromType: 0, toType: 1 });
    // the promoted member is an agent at once: its session now reads the agent calls
    const h = await headersOf(x.m1.username);
    expect(ok(await get(h, '/wps/agent/downlines')).totalCount).toBe(0);
  });

  it('takes a form body by username, and refuses anyone but a direct downline member', async () => {
    const x = await team();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/agent/promoteDownlineToAgent',
      headers: { ...x.sub.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${encodeURIComponent(x.m2.username)}`,
    });
    expect(ok(res).type).toBe(1);
    const p = (h: Headers, body: object) => send(h, 'PUT', '/wps/agent/promoteDownlineToAgent', body);
    // a grandchild, a stranger's member, itself, an unknown id
    const m3 = await newMember(db(), merchantId, { parentId: x.sub.id });
    for (const target of [m3.id, x.o1.id, x.top.id, 2_000_000_000]) {
      expectError(await p(x.top.headers, { downlineId: target }), 'not_found');
    }
    // its own upline
    expectError(await p(x.sub.headers, { downlineId: x.top.id }), 'not_found');
    expectError(await p(x.top.headers, { downlineId: x.sub.id }), 'conflict');
    expectError(await p(x.top.headers, {}), 'request_param_err');
    expectError(await p(x.top.headers, { downlineId: 'abc' }), 'request_param_err');
    await db().execute(sql`update member set status = 'blocked' where id = ${x.m1.id}`);
    expectError(await p(x.top.headers, { downlineId: x.m1.id }), 'forbidden');
    const [after] = await rows<{ type: number }>(db(), sql`select type from member where id = ${x.o1.id}`);
    expect(after!.type).toBe(0);
  });

  it('applies two parallel promotions of one member once', async () => {
    const x = await team();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        send(x.top.headers, 'PUT', '/wps/agent/promoteDownlineToAgent', { downlineId: x.m1.id }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [n] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from auth_event where member_id = ${x.m1.id} and kind = 'promoted_to_agent'`,
    );
    expect(n!.n).toBe(1);
  });
});

describe('affiliate links', () => {
  it('creates, lists, counts clicks and registrations, and deletes a link of the caller', async () => {
    const x = await team();
    const h = x.top.headers;
    const link = ok(await send(h, 'POST', '/wps/agent/affiliateUrl', { remark: 'facebook group' }));
    expect(link).toMatchObject({
      memberType: 'member',
      remark: 'facebook group',
      clicks: 0,
      registrations: 0,
    });
    expect(link.url).toMatch(new RegExp(`/register\\?referralCode=${link.code}$`));
    const code = `Ag${Date.now().toString(36)}`.slice(0, 12);
    const agentLink = ok(await send(h, 'POST', '/wps/agent/affiliateUrl', { code, memberType: 'agent' }));
    expect(agentLink).toMatchObject({ code, memberType: 'agent' });

    // the register page resolves the code once per visit: a click each
    for (let i = 0; i < 2; i++)
      ok(await get({ merchant: DEMO.merchant }, `/wps/agent/affiliate?code=${link.code}`));
    // registration by username without the SMS step
    await setModule(t.app, op, 'REGMOBVERF3', false);
    const reg = ok(await registerWithCode(t.app, db(), link.code));
    const regAgent = ok(await registerWithCode(t.app, db(), code));
    expect(reg.customerType).toBe(0);
    expect(regAgent.customerType).toBe(1);

    const list = ok(await get(h, '/wps/agent/affiliateUrls'));
    expect(list.maxLinks).toBe(20);
    expect(list.list.map((l: any) => l.affiUrlId)).toEqual([agentLink.affiUrlId, link.affiUrlId]);
    expect(list.list[1]).toMatchObject({ clicks: 2, registrations: 1 });
    expect(list.list[0]).toMatchObject({ registrations: 1 });

    const regs = ok(await get(h, '/wps/agent/registeredAffiliates'));
    expect(regs.totalCount).toBe(2);
    expect(regs.list.map((r: any) => r.id).sort()).toEqual([reg.id, regAgent.id].sort());
    const one = ok(await get(h, `/wps/agent/registeredAffiliates?affiUrlId=${agentLink.affiUrlId}`));
    expect(one.list).toEqual([expect.objectContaining({ id: regAgent.id, kind: 'agent', code })]);
    expect(ok(await get(h, '/wps/agent/registeredAffiliates?from=2099-01-01')).totalCount).toBe(0);
    expect(ok(await get(h, '/wps/agent/registeredAffiliates?pageSize=1')).totalPages).toBe(2);
    // the new accounts are the agent's direct downline
    expect(names(ok(await get(h, '/wps/agent/downlines?scope=direct')))).toContain(reg.userName);

    // another agent sees none of it, and cannot delete it
    expect(ok(await get(x.other.headers, '/wps/agent/affiliateUrls')).list).toEqual([]);
    expect(ok(await get(x.other.headers, '/wps/agent/registeredAffiliates')).totalCount).toBe(0);
    expect(
      ok(await get(x.other.headers, `/wps/agent/registeredAffiliates?affiUrlId=${link.affiUrlId}`))
        .totalCount,
    ).toBe(0);
    expectError(
      await send(x.other.headers, 'DELETE', `/wps/agent/affiliateUrl?affiUrlId=${link.affiUrlId}`),
      'not_found',
    );
    expectError(
      await send(x.sub.headers, 'DELETE', `/wps/agent/affiliateUrl?affiUrlId=${link.affiUrlId}`),
      'not_found',
    );

    expect(ok(await send(h, 'DELETE', `/wps/agent/affiliateUrl?affiUrlId=${link.affiUrlId}`))).toBe(true);
    expectError(await send(h, 'DELETE', `/wps/agent/affiliateUrl?affiUrlId=${link.affiUrlId}`), 'not_found');
    expect(ok(await get(h, '/wps/agent/affiliateUrls')).list).toHaveLength(1);
    // a deleted link's code resolves no more, and is never handed out again
    expectError(
      await get({ merchant: DEMO.merchant }, `/wps/agent/affiliate?code=${link.code}`),
      'invitation_code_error',
    );
    expectError(await registerWithCode(t.app, db(), link.code), 'invitation_code_error');
    expectError(
      await send(x.other.headers, 'POST', '/wps/agent/affiliateUrl', { code: link.code }),
      'conflict',
    );
    // registrations made through it stay listed
    expect(ok(await get(h, '/wps/agent/registeredAffiliates')).totalCount).toBe(2);
    await setModule(t.app, op, 'REGMOBVERF3', true);
  });

  it('refuses bad input in the envelope and taken codes', async () => {
    const x = await team();
    const h = x.top.headers;
    for (const body of [
      { code: 'ab' },
      { code: 'has space1' },
      { memberType: 'boss' },
      { remark: 'x'.repeat(101) },
    ]) {
      expectError(await send(h, 'POST', '/wps/agent/affiliateUrl', body), 'request_param_err');
    }
    expectError(await send(h, 'DELETE', '/wps/agent/affiliateUrl'), 'request_param_err');
    expectError(await send(h, 'DELETE', '/wps/agent/affiliateUrl?affiUrlId=x'), 'request_param_err');
    // a member's referral code is taken too (the register page would not know whose it is)
    const [m] = await rows<{ referral_code: string }>(
      db(),
      sql`select referral_code from member where id = ${x.o1.id}`,
    );
    expectError(await send(h, 'POST', '/wps/agent/affiliateUrl', { code: m!.referral_code }), 'conflict');
    expectError(await get(h, '/wps/agent/registeredAffiliates?pageNo=0'), 'request_param_err');
  });

  it("keeps an agent within the merchant's link limit under parallel requests", async () => {
    const x = await team();
    ok(await admin('PUT', '/admin/api/agent-settings', { maxAffiliateLinks: 3 }));
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => send(x.top.headers, 'POST', '/wps/agent/affiliateUrl', {})),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      for (const r of results.filter((r) => r.statusCode !== 200)) expectError(r, 'conflict');
      const list = ok(await get(x.top.headers, '/wps/agent/affiliateUrls'));
      expect(list).toMatchObject({ maxLinks: 3 });
      expect(list.list).toHaveLength(3);
      // deleting one frees a place
      ok(await send(x.top.headers, 'DELETE', `/wps/agent/affiliateUrl?affiUrlId=${list.list[0].affiUrlId}`));
      ok(await send(x.top.headers, 'POST', '/wps/agent/affiliateUrl', {}));
    } finally {
      ok(await admin('PUT', '/admin/api/agent-settings', { maxAffiliateLinks: 20 }));
    }
  });

  it('counts parallel clicks without losing one', async () => {
    const x = await team();
    const link = ok(await send(x.top.headers, 'POST', '/wps/agent/affiliateUrl', {}));
    await Promise.all(
      Array.from({ length: 12 }, () =>
        get({ merchant: DEMO.merchant }, `/wps/agent/affiliate?code=${link.code}`),
      ),
    );
    expect(ok(await get(x.top.headers, '/wps/agent/affiliateUrls')).list[0].clicks).toBe(12);
  });

  it('answers function.not.available while AFFMAN3 is off', async () => {
    const x = await team();
    await setModule(t.app, op, 'AFFMAN3', false);
    try {
      expectError(await get(x.top.headers, '/wps/agent/affiliateUrls'), 'function.not.available');
      expectError(await send(x.top.headers, 'POST', '/wps/agent/affiliateUrl', {}), 'function.not.available');
      expectError(await get(x.top.headers, '/wps/agent/registeredAffiliates'), 'function.not.available');
    } finally {
      await setModule(t.app, op, 'AFFMAN3', true);
    }
  });
});

describe('GET /wps/agent/transferEnabled', () => {
  it("answers whether the agent may transfer to its downline, with the merchant's limits", async () => {
    const x = await team();
    const v = ok(await get(x.top.headers, '/wps/agent/transferEnabled'));
    expect(v).toMatchObject({ transferEnabled: true, minAmount: '1.00', maxAmount: '50000.00' });
    ok(await admin('PUT', '/admin/api/transfer-settings', { downlineEnabled: false }));
    try {
      expect(ok(await get(x.top.headers, '/wps/agent/transferEnabled')).transferEnabled).toBe(false);
    } finally {
      ok(await admin('PUT', '/admin/api/transfer-settings', { downlineEnabled: true }));
    }
    const player = await memberSession(t.app, db(), merchantId);
    expectError(await get(player.headers, '/wps/agent/transferEnabled'), 'error_not_agent');
  });
});

describe('agent announcements', () => {
  it('are written by operators (audited) and read by agents, live ones only, 9 a page', async () => {
    const x = await team();
    const created = ok(
      await admin('POST', '/admin/api/agent-announcements', {
        title: { EN: 'New <b>rates</b>', BN: 'নতুন হার' },
        content: { EN: '<p>Hello agents<script>alert(1)</script></p>', BN: '<p>হ্যালো</p>' },
        sequence: 1,
      }),
    );
    expect(created.title.EN).toBe('New rates');
    expect(created.content.EN).not.toContain('script');
    const hidden = ok(
      await admin('POST', '/admin/api/agent-announcements', { content: { EN: 'hidden' }, active: false }),
    );
    ok(
      await admin('POST', '/admin/api/agent-announcements', {
        content: { EN: 'later' },
        startDate: '2099-01-01T00:00:00Z',
      }),
    );
    const en = ok(await get(x.top.headers, '/wps/agent/announcements?language=EN'));
    expect(en.pageSize).toBe(9);
    const mine = en.list.find((a: any) => a.id === created.id);
    expect(mine).toMatchObject({ title: 'New rates', content: '<p>Hello agents</p>' });
    expect(en.list.some((a: any) => a.id === hidden.id)).toBe(false);
    expect(en.list.some((a: any) => a.content === 'later')).toBe(false);
    // the merchant's default language (BN) when none is asked for
    const bn = ok(await get(x.top.headers, '/wps/agent/announcements'));
    expect(bn.list.find((a: any) => a.id === created.id).title).toBe('নতুন হার');

    const updated = ok(await admin('PUT', `/admin/api/agent-announcements/${created.id}`, { active: false }));
    expect(updated.active).toBe(false);
    expect(
      ok(await get(x.top.headers, '/wps/agent/announcements')).list.some((a: any) => a.id === created.id),
    ).toBe(false);
    ok(await admin('DELETE', `/admin/api/agent-announcements/${created.id}`));
    expectError(await admin('DELETE', `/admin/api/agent-announcements/${created.id}`), 'not_found');
    expectError(await admin('PUT', `/admin/api/agent-announcements/${hidden.id}`, {}), 'request_param_err');
    expectError(await admin('POST', '/admin/api/agent-announcements', { content: {} }), 'request_param_err');
    expectError(
      await admin('POST', '/admin/api/agent-announcements', {
        content: { EN: 'x' },
        startDate: '2026-02-01T00:00:00Z',
        endDate: '2026-01-01T00:00:00Z',
      }),
      'request_param_err',
    );
    const audit = await rows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'agent_announcement' and entity_id = ${String(created.id)}
          order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'agent_announcement.create',
      'agent_announcement.update',
      'agent_announcement.delete',
    ]);
    expectError(await get(x.top.headers, '/wps/agent/announcements?pageSize=0'), 'request_param_err');
    const player = await memberSession(t.app, db(), merchantId);
    expectError(await get(player.headers, '/wps/agent/announcements'), 'error_not_agent');
  });

  it('answers function.not.available while AGEANNOUNCE3 is off', async () => {
    const x = await team();
    await setModule(t.app, op, 'AGEANNOUNCE3', false);
    try {
      expectError(await get(x.top.headers, '/wps/agent/announcements'), 'function.not.available');
    } finally {
      await setModule(t.app, op, 'AGEANNOUNCE3', true);
    }
  });
});
