import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { auditLog } from '../../db/schema/index.js';
import {
  createMerchant,
  createOperator,
  merchantIdOf,
  operatorLogin as login,
} from '../../test/factories.js';

let t: TestApp;
let demoId: number;
let otherId: number;
let owner: string;
let viewer: string;
let other: string;
const auth = (token: string) => ({ authorization: token });
const list = (token: string, query = '') =>
  t.app.inject({ url: `/admin/api/audit-log${query}`, headers: auth(token) });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  demoId = await merchantIdOf(db, DEMO.merchant);
  otherId = (await createMerchant(db, { code: 'otherbrand', modules: false })).id;
  await createOperator(db, demoId, 'viewer1', 'viewer');
  await createOperator(db, otherId, 'otherowner', 'owner');
  owner = await login(t.app, DEMO.merchant, 'admin', 'Admin@12345');
  viewer = await login(t.app, DEMO.merchant, 'viewer1');
  other = await login(t.app, 'otherbrand', 'otherowner');
  // a spread of dated rows to page and filter over
  const rows = Array.from({ length: 25 }, (_, i) => ({
    merchantId: demoId,
    operatorId: null,
    operatorUsername: 'history',
    action: i % 2 ? 'banner.update' : 'notice.update',
    entityType: i % 2 ? 'banner' : 'notice',
    entityId: String(i),
    before: { n: i },
    after: { n: i + 1 },
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
  }));
  await db.insert(auditLog).values(rows);
  await db.insert(auditLog).values({
    merchantId: otherId,
    action: 'banner.update',
    entityType: 'banner',
    entityId: 'secret',
    createdAt: new Date(Date.UTC(2026, 0, 5)),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /admin/api/audit-log', () => {
  it('rejects anonymous callers', async () => {
    const res = await t.app.inject('/admin/api/audit-log');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('login.not.session');
  });

  it('lists logins newest first with who and from where; viewers may read', async () => {
    const res = await list(viewer, '?action=session.login');
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.totalCount).toBe(2);
    expect(v.list.map((e: { operatorUsername: string }) => e.operatorUsername)).toEqual(['viewer1', 'admin']);
    expect(v.list[0]).toMatchObject({
      action: 'session.login',
      entityType: 'operator_session',
      ip: '127.0.0.1',
      operatorId: expect.any(Number),
    });
  });

  it('pages newest first with pageNo and pageSize', async () => {
    const p1 = (await list(owner, '?action=banner.update&pageSize=5')).json().value;
    expect(p1).toMatchObject({ pageNo: 1, pageSize: 5, totalCount: 12, totalPages: 3 });
    expect(p1.list.map((e: { entityId: string }) => e.entityId)).toEqual(['23', '21', '19', '17', '15']);
    const p3 = (await list(owner, '?action=banner.update&pageSize=5&pageNo=3')).json().value;
    expect(p3.list.map((e: { entityId: string }) => e.entityId)).toEqual(['3', '1']);
    expect(p3.list[1]).toMatchObject({ before: { n: 1 }, after: { n: 2 } });
  });

  it('filters by a date range: from inclusive, to exclusive', async () => {
    const v = (await list(owner, '?from=2026-01-03&to=2026-01-06T00:00:00Z&pageSize=100')).json().value;
    expect(v.list.map((e: { entityId: string }) => e.entityId)).toEqual(['4', '3', '2']);
  });

  it('refuses page sizes over 100 and malformed filters', async () => {
    expect((await list(owner, '?pageSize=101')).statusCode).toBe(422);
    expect((await list(owner, '?pageNo=0')).statusCode).toBe(422);
    expect((await list(owner, '?from=yesterday')).statusCode).toBe(422);
    expect((await list(owner, "?action=x'or'1")).statusCode).toBe(422);
  });

  it("never shows another merchant's rows", async () => {
    const mine = (await list(owner, '?pageSize=100')).json().value;
    expect(mine.list.some((e: { entityId: string }) => e.entityId === 'secret')).toBe(false);
    const theirs = (await list(other, '?pageSize=100')).json().value;
    expect(theirs.list.map((e: { entityId: string | null }) => e.entityId)).toContain('secret');
    expect(
      theirs.list.every((e: { operatorUsername: string | null }) => e.operatorUsername !== 'admin'),
    ).toBe(true);
  });
});
