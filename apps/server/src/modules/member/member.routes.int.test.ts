import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { auditLog, memberTree } from '../../db/schema/index.js';
import { createMemberService } from './member.service.js';
import {
  createMerchant,
  createOperator,
  merchantIdOf,
  operatorLogin,
  loginRequest,
  loginToken,
} from '../../test/factories.js';
import { testClock } from '../../test/clock.js';

const clock = testClock();
let t: TestApp;
let demoId: number;
let op: string;
let members: ReturnType<typeof createMemberService>;
const H = { merchant: DEMO.merchant };
const auth = (token: string) => ({ authorization: token, merchant: DEMO.merchant });

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  demoId = await merchantIdOf(t.database.db, DEMO.merchant);
  op = await operatorLogin(t.app, DEMO.merchant, 'admin', 'Admin@12345');
  members = createMemberService({ db: t.database.db, clock });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /wps/member/info', () => {
  it('describes the logged-in member', async () => {
    const token = await loginToken(t.app, t.database.db, 'agent01', 'Agent@1234');
    const res = await t.app.inject({ url: '/wps/member/info', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      id: expect.any(Number),
      account: 'agent01',
      nickname: 'Agent 01',
      type: 1,
      clubLabel: { labelName: 'VIP0' },
      regDate: expect.any(Number),
      mobile: '',
      firstTimeLogin: true,
      language: null,
      mustChangePassword: false,
    });
  });

  it('rejects anonymous callers and unknown tokens with 401 login.not.session', async () => {
    for (const headers of [H, auth('nope'), auth('x'.repeat(43))]) {
      const res = await t.app.inject({ url: '/wps/member/info', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'login.not.session' });
    }
  });

  it('refuses an operator token on member calls and a member token on operator calls', async () => {
    expect((await t.app.inject({ url: '/wps/member/info', headers: auth(op) })).statusCode).toBe(401);
    const token = await loginToken(t.app, t.database.db, 'demo01', 'Demo@1234');
    const res = await t.app.inject({ url: '/admin/api/auth-events', headers: { authorization: token } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /wps/member/info/icon and POST /wps/member/language', () => {
  it('answers the avatar and stores the language', async () => {
    const token = await loginToken(t.app, t.database.db, 'demo01', 'Demo@1234');
    const icon = await t.app.inject({ url: '/wps/member/info/icon', headers: auth(token) });
    expect(icon.json()).toEqual({ success: true, value: { avatar: '0', avatarType: 'STATIC' } });
    const lang = await t.app.inject({
      method: 'POST',
      url: '/wps/member/language',
      headers: auth(token),
      payload: { language: 'en' },
    });
    expect(lang.json()).toEqual({ success: true, value: { language: 'EN' } });
    const info = await t.app.inject({ url: '/wps/member/info', headers: auth(token) });
    expect(info.json().value.language).toBe('EN');
  });

  it('validates the language and rejects anonymous callers', async () => {
    const token = await loginToken(t.app, t.database.db, 'demo01', 'Demo@1234');
    for (const payload of [{ language: 'XX' }, {}, { language: 5 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/member/language',
        headers: auth(token),
        payload,
      });
      expect(res.statusCode).toBe(422);
    }
    const anon = await t.app.inject({
      method: 'POST',
      url: '/wps/member/language',
      headers: H,
      payload: { language: 'EN' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/wps/member/info/icon', headers: H })).statusCode).toBe(401);
  });

  it('refuses the icon when PROFPIC3 is off', async () => {
    const code = 'noprofpic';
    const id = (await createMerchant(t.database.db, { code: code, modules: false })).id;
    const { merchantModule } = await import('../../db/schema/index.js');
    await t.database.db
      .insert(merchantModule)
      .values({ merchantId: id, modId: 'PROFPIC3', name: 'p', enabled: false });
    await members.createMember(t.database.db, { merchantId: id, username: 'pic', password: 'Secret#123' });
    const token = await loginToken(t.app, t.database.db, 'pic', 'Secret#123', { merchant: code });
    const res = await t.app.inject({
      url: '/wps/member/info/icon',
      headers: { authorization: token, merchant: code },
    });
    expect(res.json().errorCode).toBe('function.not.available');
  });
});

describe('the login record', () => {
  it('shows a member its own logins, failures and logouts, newest first, without secrets', async () => {
    const m = await members.createMember(t.database.db, {
      merchantId: demoId,
      username: 'historian',
      password: 'Secret#123',
    });
    await loginRequest(t.app, t.database.db, 'historian', 'Wrong#123', { remoteAddress: '10.9.0.1' });
    const first = await loginToken(t.app, t.database.db, 'historian', 'Secret#123', {
      remoteAddress: '10.9.0.2',
      headers: { 'user-agent': 'TestBrowser/1.0' },
      extra: { loginDeviceId: 'device-123' },
    });
    await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: auth(first) });
    const token = await loginToken(t.app, t.database.db, 'historian', 'Secret#123');
    const res = await t.app.inject({ url: '/wps/member/login-history?pageSize=10', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.list.map((e: { kind: string }) => e.kind)).toEqual(['login', 'logout', 'login', 'login_failed']);
    expect(v).toMatchObject({ pageNo: 1, pageSize: 10, totalCount: 4, totalPages: 1 });
    expect(v.list[2]).toMatchObject({
      result: 'ok',
      ip: '10.9.0.2',
      device: 'device-123',
      userAgent: 'TestBrowser/1.0',
    });
    expect(v.list[3]).toMatchObject({ kind: 'login_failed', ip: '10.9.0.1' });
    expect(JSON.stringify(v)).not.toMatch(/Secret#123|Wrong#123/);
    expect(v.list[0]).not.toHaveProperty('memberId');
    // another member sees none of these
    const other = await loginToken(t.app, t.database.db, 'agent01', 'Agent@1234');
    const theirs = await t.app.inject({ url: '/wps/member/login-history', headers: auth(other) });
    expect(
      theirs
        .json()
        .value.list.every((e: { id: number }) => !v.list.some((x: { id: number }) => x.id === e.id)),
    ).toBe(true);
    expect(m.id).toBeGreaterThan(0);
  });

  it('validates paging and rejects anonymous callers', async () => {
    const token = await loginToken(t.app, t.database.db, 'demo01', 'Demo@1234');
    expect(
      (await t.app.inject({ url: '/wps/member/login-history?pageSize=1000', headers: auth(token) }))
        .statusCode,
    ).toBe(422);
    expect((await t.app.inject({ url: '/wps/member/login-history', headers: H })).statusCode).toBe(401);
  });

  it('lets operators page and filter the merchant record by member, username, kind and date', async () => {
    await loginRequest(t.app, t.database.db, 'Filtered', 'x', { remoteAddress: '10.9.1.1' });
    const get = async (qs: string, token = op) =>
      t.app.inject({ url: `/admin/api/auth-events${qs}`, headers: { authorization: token } });
    const byName = (await get('?username=filtered')).json().value;
    expect(byName.list).toHaveLength(1);
    expect(byName.list[0]).toMatchObject({
      kind: 'login_failed',
      username: 'Filtered',
      memberId: null,
      ip: '10.9.1.1',
    });
    const logins = (await get('?kind=login&pageSize=2')).json().value;
    expect(logins.list).toHaveLength(2);
    expect(logins.totalCount).toBeGreaterThan(2);
    expect(logins.list.every((e: { kind: string }) => e.kind === 'login')).toBe(true);
    const demo = await members.findByUsername(demoId, 'demo01');
    const mine = (await get(`?memberId=${demo!.id}`)).json().value;
    expect(mine.list.every((e: { memberId: number }) => e.memberId === demo!.id)).toBe(true);
    const future = (await get(`?from=${new Date(clock.now().getTime() + 86_400_000).toISOString()}`)).json()
      .value;
    expect(future.totalCount).toBe(0);
    expect((await get('?kind=BAD KIND')).statusCode).toBe(422);
    expect((await get('?from=yesterday')).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/admin/api/auth-events' })).statusCode).toBe(401);

    // viewers may read; another merchant's operator sees none of this merchant's rows
    await createOperator(t.database.db, demoId, 'viewer2', 'viewer');
    expect((await get('', await operatorLogin(t.app, DEMO.merchant, 'viewer2'))).statusCode).toBe(200);
    const otherId = (await createMerchant(t.database.db, { code: 'otherrecord', modules: false })).id;
    await createOperator(t.database.db, otherId, 'owner2', 'owner');
    const other = await get('', await operatorLogin(t.app, 'otherrecord', 'owner2'));
    expect(other.json().value.totalCount).toBe(0);
  });
});

describe('auth settings (operator API)', () => {
  it('reads the defaults, changes them (audited, default password masked) and validates', async () => {
    const get = await t.app.inject({
      url: '/admin/api/security/auth-settings',
      headers: { authorization: op },
    });
    expect(get.json().value).toMatchObject({
      singleSession: true,
      sessionIdleMinutes: 60,
      allowPlainPayloads: true,
      captchaAfterFailures: 2,
      lockoutFailures: 5,
      lockoutMinutes: 5,
      passwordMaxAgeDays: 90,
      ageLimit: 18,
      trialBalanceMinor: 200000,
      defaultPassword: null,
    });
    const put = (payload: object, token = op) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/security/auth-settings',
        headers: { authorization: token },
        payload,
      });
    const res = await put({ defaultPassword: 'Default#123', ageLimit: 21 });
    expect(res.json().value).toMatchObject({
      defaultPassword: 'Default#123',
      ageLimit: 21,
      lockoutFailures: 5,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.auth_settings.update'));
    expect(JSON.stringify(audit)).not.toContain('Default#123');
    expect((await put({ lockoutFailures: 0 })).statusCode).toBe(422);
    expect((await put({ ageLimit: 'x' })).statusCode).toBe(422);
    await createOperator(t.database.db, demoId, 'viewer3', 'viewer');
    expect(
      (await put({ ageLimit: 18 }, await operatorLogin(t.app, DEMO.merchant, 'viewer3'))).statusCode,
    ).toBe(403);
    await put({ defaultPassword: null, ageLimit: 18 });
  });
});

describe('member service', () => {
  it('records the whole upline at creation and scopes downlines through it', async () => {
    const top = await members.createMember(t.database.db, {
      merchantId: demoId,
      username: 'top',
      password: 'Secret#123',
      type: 1,
    });
    const mid = await members.createMember(t.database.db, {
      merchantId: demoId,
      username: 'mid',
      password: 'Secret#123',
      type: 2,
      parentId: top.id,
    });
    const leaf = await members.createMember(t.database.db, {
      merchantId: demoId,
      username: 'leaf',
      password: 'Secret#123',
      parentId: mid.id,
    });
    const rows = await t.database.db.select().from(memberTree).where(eq(memberTree.descendantId, leaf.id));
    expect(rows.map((r) => [r.ancestorId, r.depth]).sort((a, b) => a[1]! - b[1]!)).toEqual([
      [leaf.id, 0],
      [mid.id, 1],
      [top.id, 2],
    ]);
    const down = await members.listDownline(demoId, top.id);
    expect(down.map((d) => [d.member.username, d.depth])).toEqual([
      ['mid', 1],
      ['leaf', 2],
    ]);
    expect((await members.listDownline(demoId, top.id, { maxDepth: 1 })).map((d) => d.member.id)).toEqual([
      mid.id,
    ]);
    expect(await members.isInDownline(demoId, top.id, leaf.id)).toBe(true);
    expect(await members.isInDownline(demoId, leaf.id, top.id)).toBe(false);
    expect(await members.listUplineIds(demoId, leaf.id)).toEqual([mid.id, top.id]);
    expect(leaf.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(await members.findByReferralCode(demoId, leaf.referralCode.toLowerCase())).toMatchObject({
      id: leaf.id,
    });
  });

  it('refuses a taken username (any case), a taken mobile and an upline of another merchant', async () => {
    await expect(
      members.createMember(t.database.db, { merchantId: demoId, username: 'DEMO01', password: 'Secret#123' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      members.createMember(t.database.db, {
        merchantId: demoId,
        username: 'samephone',
        password: 'Secret#123',
        mobile: '1336712345',
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const otherId = (await createMerchant(t.database.db, { code: 'treebrand', modules: false })).id;
    const foreign = await members.createMember(t.database.db, {
      merchantId: otherId,
      username: 'demo01',
      password: 'Secret#123',
    });
    await expect(
      members.createMember(t.database.db, {
        merchantId: demoId,
        username: 'crossed',
        password: 'Secret#123',
        parentId: foreign.id,
      }),
    ).rejects.toMatchObject({ code: 'request_param_err' });
  });

  it('sets and verifies login and payment passwords', async () => {
    const m = await members.createMember(t.database.db, {
      merchantId: demoId,
      username: 'pwchanger',
      password: 'Secret#123',
    });
    await members.setPassword(t.database.db, m, 'Newer#1234', { mustChange: true });
    await members.setPaymentPassword(t.database.db, m, '123456');
    const after = await members.getById(demoId, m.id);
    expect(after.mustChangePassword).toBe(true);
    expect(await members.verifyPassword(after, 'Newer#1234')).toBe(true);
    expect(await members.verifyPassword(after, 'Secret#123')).toBe(false);
    expect(await members.verifyPaymentPassword(after, '123456')).toBe(true);
    expect(await members.verifyPaymentPassword(after, '654321')).toBe(false);
    await expect(members.getById(demoId, 999999)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('members (operator API)', () => {
  it('lists and filters the merchant members', async () => {
    const get = (qs: string) =>
      t.app.inject({ url: `/admin/api/members${qs}`, headers: { authorization: op } });
    const all = (await get('?pageSize=100')).json().value;
    expect(all.list.map((m: { username: string }) => m.username)).toEqual(
      expect.arrayContaining(['agent01', 'demo01']),
    );
    const agent = all.list.find((m: { username: string }) => m.username === 'agent01');
    expect(agent).toMatchObject({ type: 1, status: 'active', parentId: null, vipLabel: 'VIP0' });
    const byName = (await get('?username=DEMO0')).json().value;
    expect(byName.list.map((m: { username: string }) => m.username)).toEqual(['demo01']);
    const downline = (await get(`?parentId=${agent.id}`)).json().value;
    expect(downline.list.map((m: { username: string }) => m.username)).toContain('demo01');
    expect((await get('?type=1')).json().value.list.every((m: { type: number }) => m.type === 1)).toBe(true);
    expect((await get('?username=%25')).json().value.totalCount).toBe(0);
    expect((await get('?status=gone')).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/admin/api/members' })).statusCode).toBe(401);
  });

  it('blocks a member (ending its sessions, audited, recorded) and unblocks it', async () => {
    const m = await members.createMember(t.database.db, {
      merchantId: demoId,
      username: 'toblock',
      password: 'Secret#123',
    });
    const token = await loginToken(t.app, t.database.db, 'toblock', 'Secret#123');
    const put = (status: string, id = m.id, token2 = op) =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/members/${id}/status`,
        headers: { authorization: token2 },
        payload: { status },
      });
    const res = await put('blocked');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ id: m.id, status: 'blocked' });
    expect((await t.app.inject({ url: '/wps/member/info', headers: auth(token) })).statusCode).toBe(401);
    const refused = await loginRequest(t.app, t.database.db, 'toblock', 'Secret#123');
    expect(refused.json().errorCode).toBe('us_forbidden_login_error');
    expect((await put('active')).json().value.status).toBe('active');
    expect((await loginRequest(t.app, t.database.db, 'toblock', 'Secret#123')).statusCode).toBe(200);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'member.status'));
    expect(audits).toHaveLength(2);
    const kinds = (
      await t.app.inject({ url: `/admin/api/auth-events?memberId=${m.id}`, headers: { authorization: op } })
    )
      .json()
      .value.list.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['account_blocked', 'account_unblocked']));

    expect((await put('blocked', 999999)).statusCode).toBe(404);
    expect((await put('frozen')).statusCode).toBe(422);
    await createOperator(t.database.db, demoId, 'viewer4', 'viewer');
    expect(
      (await put('blocked', m.id, await operatorLogin(t.app, DEMO.merchant, 'viewer4'))).statusCode,
    ).toBe(403);
    // another merchant's operator cannot touch this member
    const otherId = (await createMerchant(t.database.db, { code: 'blockbrand', modules: false })).id;
    await createOperator(t.database.db, otherId, 'owner5', 'owner');
    expect((await put('blocked', m.id, await operatorLogin(t.app, 'blockbrand', 'owner5'))).statusCode).toBe(
      404,
    );
  });
});
