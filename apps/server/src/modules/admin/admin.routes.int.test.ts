import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  createMerchant,
  createOperator,
  merchantIdOf,
  operatorLogin as login,
} from '../../test/factories.js';

let t: TestApp;
let owner: string;
let editor: string;
let viewer: string;
let otherOwner: string;
const auth = (token: string) => ({ authorization: token });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? auth(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (token: string, method: Method, url: string, payload?: unknown) => {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().value;
};
/** What a player sees: the public status call, as from a given public IP behind the proxy. */
const status = async (ip = '203.0.113.7', merchant: string = DEMO.merchant) =>
  (await t.app.inject({ url: '/wps/system/status', headers: { merchant, 'x-forwarded-for': ip } })).json()
    .value;
const auditOf = async (token: string, action: string) =>
  (await ok(token, 'GET', `/admin/api/audit-log?action=${action}`)).list;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  const db = t.database.db;
  const demoId = await merchantIdOf(db, DEMO.merchant);
  const otherId = (await createMerchant(db, { code: 'otherbrand', modules: false })).id;
  await Promise.all([
    createOperator(db, demoId, 'editor', 'admin'),
    createOperator(db, demoId, 'viewer1', 'viewer'),
    createOperator(db, otherId, 'otherowner', 'owner'),
  ]);
  [owner, editor, viewer, otherOwner] = await Promise.all([
    login(t.app, DEMO.merchant, 'admin', 'Admin@12345'),
    login(t.app, DEMO.merchant, 'editor'),
    login(t.app, DEMO.merchant, 'viewer1'),
    login(t.app, 'otherbrand', 'otherowner'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const banner = { groupName: 'w_home', imageUrl: '/banners/test.webp', title: { EN: 'Test', BN: 'টেস্ট' } };
const notice = { content: { EN: 'Hello players', BN: 'হ্যালো' } };
const popup = { execution: 'B', title: { EN: 'Welcome' }, content: { EN: '<p>Hi</p>' } };
const rule = { action: 'deny', kind: 'country', value: 'JP' };

describe('every operator route', () => {
  const reads: [Method, string][] = [
    ['GET', '/admin/api/maintenance'],
    ['GET', '/admin/api/region-rules'],
    ['GET', '/admin/api/whitelabel'],
    ['GET', '/admin/api/banners'],
    ['GET', '/admin/api/notices'],
    ['GET', '/admin/api/popups'],
    ['GET', '/admin/api/audit-log'],
    ['GET', '/admin/api/session/me'],
  ];
  const writes: [Method, string, unknown?][] = [
    ['PUT', '/admin/api/maintenance', { enabled: true }],
    ['POST', '/admin/api/region-rules', rule],
    ['PUT', '/admin/api/region-rules/1', { note: 'x' }],
    ['DELETE', '/admin/api/region-rules/1'],
    ['PUT', '/admin/api/whitelabel/INBOX3', { enabled: false }],
    ['POST', '/admin/api/banners', banner],
    ['PUT', '/admin/api/banners/1', { sequence: 9 }],
    ['DELETE', '/admin/api/banners/1'],
    ['POST', '/admin/api/notices', notice],
    ['PUT', '/admin/api/notices/1', { sequence: 9 }],
    ['DELETE', '/admin/api/notices/1'],
    ['POST', '/admin/api/popups', popup],
    ['PUT', '/admin/api/popups/1', { sequence: 9 }],
    ['DELETE', '/admin/api/popups/1'],
  ];

  it('rejects anonymous callers with 401 login.not.session', async () => {
    for (const [method, url, payload] of [...reads, ...writes]) {
      const res = await call(undefined, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'login.not.session' });
    }
  });

  it('lets viewers read and refuses them every write with 403, changing nothing', async () => {
    for (const [method, url] of reads) expect((await call(viewer, method, url)).statusCode).toBe(200);
    const auditBefore = (await ok(owner, 'GET', '/admin/api/audit-log')).totalCount;
    for (const [method, url, payload] of writes) {
      const res = await call(viewer, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'forbidden' });
    }
    expect((await ok(owner, 'GET', '/admin/api/maintenance')).enabled).toBe(false);
    expect((await ok(owner, 'GET', '/admin/api/audit-log')).totalCount).toBe(auditBefore);
  });
});

describe('maintenance', () => {
  it('switched on by an operator shows on the next status call and is in the audit log', async () => {
    const before = await status();
    expect(before).toMatchObject({ maintenance: false, status: 0 });

    const state = await ok(owner, 'PUT', '/admin/api/maintenance', {
      enabled: true,
      message: 'Upgrading the wallet',
    });
    expect(state).toMatchObject({ enabled: true, active: true, message: 'Upgrading the wallet' });
    expect(await ok(viewer, 'GET', '/admin/api/maintenance')).toMatchObject({ enabled: true, active: true });

    const after = await status();
    expect(after).toMatchObject({ maintenance: true, status: 1 });
    expect(after.maintenanceInfo).toMatchObject({ message: 'Upgrading the wallet' });

    const [entry] = await auditOf(viewer, 'maintenance.update');
    expect(entry).toMatchObject({
      action: 'maintenance.update',
      entityType: 'maintenance',
      operatorUsername: 'admin',
      before: { enabled: false },
      after: { enabled: true, message: 'Upgrading the wallet' },
    });
    expect(Date.now() - Date.parse(entry.createdAt)).toBeLessThan(60_000);

    await ok(editor, 'PUT', '/admin/api/maintenance', { enabled: false });
    expect(await status()).toMatchObject({ maintenance: false, status: 0 });
    const [off] = await auditOf(owner, 'maintenance.update');
    expect(off).toMatchObject({
      operatorUsername: 'editor',
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  it('honours a window: scheduled maintenance is not on yet', async () => {
    const start = new Date(Date.now() + 3_600_000).toISOString();
    const end = new Date(Date.now() + 7_200_000).toISOString();
    const s = await ok(owner, 'PUT', '/admin/api/maintenance', {
      enabled: true,
      startTime: start,
      endTime: end,
    });
    expect(s).toMatchObject({ enabled: true, active: false, startTime: start, endTime: end });
    expect((await status()).maintenance).toBe(false);
    await ok(owner, 'PUT', '/admin/api/maintenance', { enabled: false, startTime: null, endTime: null });
  });

  it('refuses an inverted window and a malformed body', async () => {
    const bad = await call(owner, 'PUT', '/admin/api/maintenance', {
      enabled: true,
      startTime: '2026-12-02T00:00:00Z',
      endTime: '2026-12-01T00:00:00Z',
    });
    expect(bad.statusCode).toBe(422);
    expect((await call(owner, 'PUT', '/admin/api/maintenance', { enabled: 'yes' })).statusCode).toBe(422);
  });
});

describe('region rules', () => {
  it('a deny rule added by an operator blocks that country on the next status call; delete lifts it', async () => {
    // 8.8.8.8 is in geoip-country's data as US
    expect(await status('8.8.8.8')).toMatchObject({ regionRestriction: false, status: 0 });
    const created = await ok(owner, 'POST', '/admin/api/region-rules', {
      action: 'deny',
      kind: 'country',
      value: 'us',
      note: 'licence',
    });
    expect(created).toMatchObject({ id: expect.any(Number), action: 'deny', kind: 'country', value: 'US' });

    const blocked = await status('8.8.8.8');
    expect(blocked).toMatchObject({
      regionRestriction: true,
      status: 2,
      location: { ip: '8.8.8.8', countryCode: 'US' },
    });
    expect(await status('203.0.113.7')).toMatchObject({ status: 0 });
    expect(await ok(viewer, 'GET', '/admin/api/region-rules')).toEqual([created]);

    const [entry] = await auditOf(owner, 'region_rule.create');
    expect(entry).toMatchObject({
      entityType: 'region_rule',
      entityId: String(created.id),
      before: null,
      after: created,
    });

    // maintenance wins over a region block
    await ok(owner, 'PUT', '/admin/api/maintenance', { enabled: true });
    expect(await status('8.8.8.8')).toMatchObject({ maintenance: true, regionRestriction: true, status: 1 });
    await ok(owner, 'PUT', '/admin/api/maintenance', { enabled: false });

    const updated = await ok(editor, 'PUT', `/admin/api/region-rules/${created.id}`, { action: 'allow' });
    expect(updated).toMatchObject({ id: created.id, action: 'allow', value: 'US', note: 'licence' });
    expect(await status('8.8.8.8')).toMatchObject({ status: 0 });
    const [upd] = await auditOf(owner, 'region_rule.update');
    expect(upd).toMatchObject({ before: { action: 'deny' }, after: { action: 'allow' } });

    expect(await ok(owner, 'DELETE', `/admin/api/region-rules/${created.id}`)).toEqual({
      id: created.id,
      deleted: true,
    });
    expect(await ok(owner, 'GET', '/admin/api/region-rules')).toEqual([]);
    const [del] = await auditOf(owner, 'region_rule.delete');
    expect(del).toMatchObject({ before: { id: created.id }, after: null });
  });

  it('blocks a denied IP range', async () => {
    const r = await ok(owner, 'POST', '/admin/api/region-rules', {
      action: 'deny',
      kind: 'cidr',
      value: '198.51.100.0/24',
    });
    expect((await status('198.51.100.20')).status).toBe(2);
    expect((await status('198.51.101.20')).status).toBe(0);
    await ok(owner, 'DELETE', `/admin/api/region-rules/${r.id}`);
  });

  it('refuses invalid values and unknown ids', async () => {
    const bad = await call(owner, 'POST', '/admin/api/region-rules', {
      action: 'deny',
      kind: 'cidr',
      value: '999.1.1.1',
    });
    expect(bad.statusCode).toBe(422);
    expect((await call(owner, 'PUT', '/admin/api/region-rules/999999', { note: 'x' })).statusCode).toBe(404);
    expect((await call(owner, 'PUT', '/admin/api/region-rules/1', {})).statusCode).toBe(422);
  });
});

describe('white-label module switches', () => {
  it('switches a module off for players and back on, audited', async () => {
    const tree = await ok(viewer, 'GET', '/admin/api/whitelabel');
    const find = (nodes: { modId: string; enabled: string; childrenNodes: unknown[] }[], id: string): any =>
      nodes.reduce<any>(
        (hit, n) => hit ?? (n.modId === id ? n : find(n.childrenNodes as any, id)),
        undefined,
      );
    expect(find(tree, 'INBOX3').enabled).toBe('1');

    const off = await ok(owner, 'PUT', '/admin/api/whitelabel/INBOX3', { enabled: false });
    expect(find(off, 'INBOX3').enabled).toBe('0');
    const pub = await t.app.inject({ url: '/wps/system/whitelabel', headers: { merchant: DEMO.merchant } });
    expect(find(pub.json().value, 'INBOX3').enabled).toBe('0');
    const [entry] = await auditOf(owner, 'whitelabel.update');
    expect(entry).toMatchObject({
      entityType: 'module',
      entityId: 'INBOX3',
      before: { modId: 'INBOX3', enabled: true },
      after: { modId: 'INBOX3', enabled: false },
    });

    const on = await ok(owner, 'PUT', '/admin/api/whitelabel/INBOX3', { enabled: true });
    expect(find(on, 'INBOX3').enabled).toBe('1');
  });

  it('refuses unknown modules and switching off the common module', async () => {
    expect((await call(owner, 'PUT', '/admin/api/whitelabel/NOPE3', { enabled: false })).statusCode).toBe(
      404,
    );
    expect((await call(owner, 'PUT', '/admin/api/whitelabel/COMM3', { enabled: false })).statusCode).toBe(
      422,
    );
    expect((await call(owner, 'PUT', '/admin/api/whitelabel/bad-id', { enabled: false })).statusCode).toBe(
      422,
    );
  });
});

describe.each([
  ['banners', 'banner', banner, { sequence: 7 }, 'B'],
  ['notices', 'notice', notice, { displaySpeed: 80 }, 'PL'],
  ['popups', 'popup', popup, { sequence: 3 }, 'PU'],
] as const)('%s', (plural, entity, create, patch, type) => {
  const announced = async () => {
    const v = (
      await t.app.inject({
        url: `/wps/relay/MCSFE_getListAnnouncements?types=${type}&language=EN`,
        headers: { merchant: DEMO.merchant },
      })
    ).json().value;
    return (type === 'B' ? v.banners : type === 'PL' ? v.player : v.popup) as { id: number }[];
  };

  it('creates, lists, updates and deletes, each audited with before and after; players see the result', async () => {
    const made = await ok(editor, 'POST', `/admin/api/${plural}`, create);
    expect(made).toMatchObject({ id: expect.any(Number), active: true });
    expect((await ok(viewer, 'GET', `/admin/api/${plural}`)).map((x: { id: number }) => x.id)).toContain(
      made.id,
    );
    expect((await announced()).map((x) => x.id)).toContain(made.id);

    const changed = await ok(owner, 'PUT', `/admin/api/${plural}/${made.id}`, patch);
    expect(changed).toMatchObject({ id: made.id, ...patch });
    // fields not in the patch keep their values
    expect(changed.content ?? changed.imageUrl).toEqual(made.content ?? made.imageUrl);

    const hidden = await ok(owner, 'PUT', `/admin/api/${plural}/${made.id}`, { active: false });
    expect(hidden.active).toBe(false);
    expect((await announced()).map((x) => x.id)).not.toContain(made.id);

    expect(await ok(owner, 'DELETE', `/admin/api/${plural}/${made.id}`)).toEqual({
      id: made.id,
      deleted: true,
    });
    expect((await ok(owner, 'GET', `/admin/api/${plural}`)).map((x: { id: number }) => x.id)).not.toContain(
      made.id,
    );
    expect((await call(owner, 'DELETE', `/admin/api/${plural}/${made.id}`)).statusCode).toBe(404);

    const log = (await ok(owner, 'GET', `/admin/api/audit-log?pageSize=100`)).list.filter(
      (e: { entityType: string; entityId: string }) =>
        e.entityType === entity && e.entityId === String(made.id),
    );
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      `${entity}.delete`,
      `${entity}.update`,
      `${entity}.update`,
      `${entity}.create`,
    ]);
    expect(log[3]).toMatchObject({ operatorUsername: 'editor', before: null, after: made });
    expect(log[2]).toMatchObject({ operatorUsername: 'admin', before: made, after: changed });
    expect(log[0]).toMatchObject({ before: hidden, after: null });
  });

  it('refuses invalid input and empty patches', async () => {
    expect((await call(owner, 'POST', `/admin/api/${plural}`, {})).statusCode).toBe(422);
    const made = await ok(owner, 'POST', `/admin/api/${plural}`, create);
    expect((await call(owner, 'PUT', `/admin/api/${plural}/${made.id}`, {})).statusCode).toBe(422);
    const inverted = await call(owner, 'PUT', `/admin/api/${plural}/${made.id}`, {
      startDate: '2026-12-02T00:00:00Z',
      endDate: '2026-12-01T00:00:00Z',
    });
    expect(inverted.statusCode).toBe(422);
    await ok(owner, 'DELETE', `/admin/api/${plural}/${made.id}`);
  });
});

describe('merchant isolation', () => {
  it("keeps each merchant's operators to their own merchant's data", async () => {
    const mine = await ok(owner, 'POST', '/admin/api/banners', banner);
    const myRule = await ok(owner, 'POST', '/admin/api/region-rules', {
      action: 'deny',
      kind: 'country',
      value: 'FR',
    });
    const myNotice = await ok(owner, 'POST', '/admin/api/notices', notice);
    const myPopup = await ok(owner, 'POST', '/admin/api/popups', popup);

    // the other merchant's operator sees none of it ...
    for (const plural of ['banners', 'region-rules', 'notices', 'popups']) {
      expect(await ok(otherOwner, 'GET', `/admin/api/${plural}`), plural).toEqual([]);
    }
    const theirLog = (await ok(otherOwner, 'GET', '/admin/api/audit-log?pageSize=100')).list;
    expect(theirLog.every((e: { operatorUsername: string }) => e.operatorUsername === 'otherowner')).toBe(
      true,
    );

    // ... and can change none of it
    for (const [plural, id] of [
      ['banners', mine.id],
      ['region-rules', myRule.id],
      ['notices', myNotice.id],
      ['popups', myPopup.id],
    ] as const) {
      expect(
        (await call(otherOwner, 'PUT', `/admin/api/${plural}/${id}`, { note: 'x', sequence: 1 })).statusCode,
      ).toBe(404);
      expect((await call(otherOwner, 'DELETE', `/admin/api/${plural}/${id}`)).statusCode).toBe(404);
    }
    expect(await ok(owner, 'GET', '/admin/api/banners')).toContainEqual(mine);
    expect(await ok(owner, 'GET', '/admin/api/region-rules')).toContainEqual(myRule);

    // switches and maintenance of the other merchant do not touch this one
    await ok(otherOwner, 'PUT', '/admin/api/maintenance', { enabled: true });
    expect(await status('203.0.113.7', DEMO.merchant)).toMatchObject({ maintenance: false });
    expect(await status('203.0.113.7', 'otherbrand')).toMatchObject({ maintenance: true });
    expect((await ok(owner, 'GET', '/admin/api/maintenance')).enabled).toBe(false);
    await ok(otherOwner, 'PUT', '/admin/api/maintenance', { enabled: false });
    const theirMaint = await auditOf(owner, 'maintenance.update');
    expect(theirMaint.every((e: { operatorUsername: string }) => e.operatorUsername !== 'otherowner')).toBe(
      true,
    );

    for (const [plural, id] of [
      ['banners', mine.id],
      ['region-rules', myRule.id],
      ['notices', myNotice.id],
      ['popups', myPopup.id],
    ] as const) {
      await ok(owner, 'DELETE', `/admin/api/${plural}/${id}`);
    }
  });

  it('does not let a Merchant header redirect an operator to another merchant', async () => {
    const res = await t.app.inject({
      url: '/admin/api/maintenance',
      headers: { ...auth(otherOwner), merchant: DEMO.merchant },
    });
    expect(res.statusCode).toBe(200);
    const other = await t.app.inject({
      url: '/admin/api/session/me',
      headers: { ...auth(otherOwner), merchant: DEMO.merchant },
    });
    expect(other.json().value.merchantCode).toBe('otherbrand');
  });
});
