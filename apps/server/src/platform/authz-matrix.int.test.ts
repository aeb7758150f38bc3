import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccess, TMemberKind, TOperatorRole } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';
import {
  addChannel,
  agentSession,
  createOperator,
  operatorLogin,
  createMerchant,
  merchantIdOf,
  newAgent,
  newMember,
  TEST_PASSWORD,
  loginToken,
  postMoney,
} from '../test/factories.js';
import { agentReportEndpoints } from '@bp/contract';
import { rows } from './sql.js';

/**
 * The authorization matrix, generated from the OpenAPI document (itself generated from the contract):
 * every registered operation is called by every kind of caller, and each caller its `x-access` excludes
 * must be refused (401 without a session of the right kind, 403 for the wrong member kind or operator
 * permission) before its input is looked at; each caller it includes must not be refused for access
 * reasons. A new endpoint joins the matrix by being registered.
 */

interface Operation {
  id: string;
  method: string;
  path: string;
  access: TAccess;
  bodySchema?: JsonSchema;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  format?: string;
  pattern?: string;
}

type Caller =
  | { name: string; is: 'anonymous' }
  | {
      name: string;
      is: 'member';
      kind: TMemberKind;
      foreign: boolean;
      token: string;
      relogin(): Promise<string>;
    }
  | {
      name: string;
      is: 'operator';
      role: string;
      foreign: boolean;
      token: string;
      relogin(): Promise<string>;
    };

let t: TestApp;
let ops: Operation[];
let callers: Caller[];
/** ids of this merchant's resources, by the path segment before `:id`-like params */
const resources = new Map<string, string>();

/** The smallest body its JSON schema accepts, so a foreign operator's write gets past validation. */
function sample(s: JsonSchema | undefined): unknown {
  if (!s) return undefined;
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sample(alt.find((a) => a.type !== 'null') ?? alt[0]);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      // a patch must change something: a flag is the safest single field
      const keys = s.required?.length
        ? s.required
        : props
            .filter(([, p]) => p.type === 'boolean')
            .map(([k]) => k)
            .slice(0, 1);
      return Object.fromEntries(keys.map((k) => [k, sample(s.properties?.[k])]));
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return '2000-01-01';
      // a decimal amount: a well-formed value reaches the resource check behind the body's validation
      if (s.pattern && !new RegExp(s.pattern).test('x') && new RegExp(s.pattern).test('1')) return '1';
      return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
    default:
      return undefined;
  }
}

/** A plausible value for each path parameter; known resources of this merchant where there is one. */
function fillPath(path: string): { url: string; resource: boolean } {
  let resource = false;
  const url = path.replace(/\/([^/]+)\/:([A-Za-z0-9_]+)/g, (_, segment: string, param: string) => {
    const known = resources.get(`${segment}/:${param}`) ?? resources.get(`:${param}`);
    if (resources.has(`${segment}/:${param}`)) resource = true;
    return `/${segment}/${encodeURIComponent(known ?? '1')}`;
  });
  return { url, resource };
}

/** The answer the declaration demands of this caller: a refusal, or 'allowed'. */
function expected(access: TAccess, c: Caller): { status: number; code: string } | 'allowed' {
  const noSession = { status: 401, code: 'login.not.session' };
  if (access.auth === 'none' || access.auth === 'optional') return 'allowed';
  if (access.auth === 'member') {
    if (c.is !== 'member' || c.foreign) return noSession;
    if (access.members?.includes(c.kind)) return 'allowed';
    return { status: 403, code: c.kind === 'trial' ? 'need_real_account' : (access.refusal ?? 'forbidden') };
  }
  if (c.is !== 'operator') return noSession;
  const allowed =
    access.permission === 'owner' ? c.role === 'owner' : access.permission === 'read' || c.role !== 'viewer';
  return allowed ? 'allowed' : { status: 403, code: 'forbidden' };
}

/** Refusals are envelopes; a granted call may answer something else (a key in PEM, a redirect, a file). */
function envelopeOf(text: string): { success?: boolean; errorCode?: string } {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

const ACCESS_CODES = ['login.not.session', 'forbidden', 'need_real_account'];

async function call(op: Operation, c: Caller) {
  const { url, resource } = fillPath(op.path);
  const headers: Record<string, string> = {};
  if (op.access.auth !== 'operator') headers.merchant = DEMO.merchant;
  if (c.is !== 'anonymous') headers.authorization = c.token;
  const withBody = op.method !== 'GET' && op.method !== 'DELETE';
  // a foreign operator writes a valid body at this merchant's resource: only a not-found may stop it
  const foreignWrite = c.is === 'operator' && c.foreign && resource;
  const payload = withBody ? ((foreignWrite ? sample(op.bodySchema) : undefined) ?? {}) : undefined;
  const res = await t.app.inject({
    method: op.method as 'GET',
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { res, resource, url };
}

// each call from its own address: per-IP throttles (free play, logins) would otherwise answer 429
let addresses = 0;
const nextAddress = () => `10.77.${Math.floor(addresses / 250) % 250}.${(addresses++ % 250) + 1}`;

/** A session a call ended (logout, a password change) is replaced, so later rows see a live caller. */
async function keepAlive(c: Caller) {
  if (c.is === 'anonymous') return;
  const probe =
    c.is === 'member'
      ? { url: '/wps/member/info', headers: { merchant: c.foreign ? other.code : DEMO.merchant } }
      : { url: '/admin/api/session/me', headers: {} };
  const res = await t.app.inject({ ...probe, headers: { ...probe.headers, authorization: c.token } });
  if (res.statusCode === 401) c.token = await c.relogin();
}

let other: { id: number; code: string };

beforeAll(async () => {
  t = await createTestApp({ env: { DOCS_ENABLED: 'true' } });
  const db = t.database.db;
  const demoId = await merchantIdOf(db);
  other = await createMerchant(db);

  const doc = (await t.app.inject({ url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, Record<string, any>>>;
  };
  ops = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      id: op.operationId as string,
      method: method.toUpperCase(),
      path: p.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1'),
      access: op['x-access'] as TAccess,
      bodySchema: op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
    })),
  );

  const member = (
    name: string,
    kind: TMemberKind,
    type: number,
    merchant: { id: number; code: string } = { id: demoId, code: DEMO.merchant },
  ) => {
    const foreign = merchant.code !== DEMO.merchant;
    return newMember(db, merchant.id, { type }).then(async (m) => {
      const relogin = () => loginToken(t.app, db, m.username, TEST_PASSWORD, { merchant: merchant.code });
      return {
        caller: { name, is: 'member' as const, kind, foreign, token: await relogin(), relogin },
        id: m.id,
      };
    });
  };
  const trialLogin = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: DEMO.merchant },
      remoteAddress: nextAddress(),
      payload: { os: 'web', platform: 'W' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.token as string;
  };
  const operator = async (name: string, role: TOperatorRole, merchant: { id: number; code: string }) => {
    const username = `mx${name.replace(/\W/g, '')}`;
    await createOperator(db, merchant.id, username, role);
    const relogin = () => operatorLogin(t.app, merchant.code, username);
    const foreign = merchant.code !== DEMO.merchant;
    return { name, is: 'operator' as const, role, foreign, token: await relogin(), relogin };
  };
  const player = await member('player', 'player', 0);
  const agent = await member('agent', 'agent', 1);
  const foreignMember = await member("other merchant's member", 'player', 0, other);
  callers = [
    { name: 'anonymous', is: 'anonymous' },
    {
      name: 'trial',
      is: 'member',
      kind: 'trial',
      foreign: false,
      token: await trialLogin(),
      relogin: trialLogin,
    },
    player.caller,
    agent.caller,
    foreignMember.caller,
    await operator('viewer', 'viewer', { id: demoId, code: DEMO.merchant }),
    await operator('admin', 'admin', { id: demoId, code: DEMO.merchant }),
    await operator('owner', 'owner', { id: demoId, code: DEMO.merchant }),
    await operator("other merchant's admin", 'admin', other),
  ];

  // this merchant's resources, for the calls that name one by id
  const channel = await addChannel(db, demoId);
  const admin = callers.find((c) => c.name === 'admin') as Extract<Caller, { is: 'operator' }>;
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_submitDeposit',
    headers: { merchant: DEMO.merchant, authorization: player.caller.token },
    payload: { channelId: channel.id, amount: '500', reference: 'TRX-1' },
  });
  expect(deposit.statusCode, deposit.body).toBe(200);
  const announcement = await t.app.inject({
    method: 'POST',
    url: '/admin/api/game-announcements',
    headers: { authorization: admin.token },
    payload: { vassalage: 'PG', content: { EN: 'matrix' } },
  });
  expect(announcement.statusCode, announcement.body).toBe(200);
  resources.set('deposits/:orderNo', deposit.json().value.orderNo as string);
  resources.set('deposit-channels/:id', String(channel.id));
  resources.set('game-announcements/:id', String(announcement.json().value.id));
  resources.set('members/:id', String(player.id));
  resources.set(':merchantCode', DEMO.merchant);
  // an agent contract of this merchant (the platform's offer to a top-level agent)
  const contractHolder = await newMember(db, demoId, { type: 1 });
  const contract = await t.app.inject({
    method: 'POST',
    url: '/admin/api/agent-contracts',
    headers: { authorization: admin.token },
    payload: { kind: 'hourlySalary', downlineId: contractHolder.id, tiers: [{ validBet: '100', rate: '1' }] },
  });
  expect(contract.statusCode, contract.body).toBe(200);
  resources.set('agent-contracts/:id', String(contract.json().value.contract.id));
  resources.set('agents/:id', String(contractHolder.id));
  // a promotion of this merchant (issue 16)
  const promotion = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin.token },
    payload: {
      category: 'other_promo',
      title: { EN: 'matrix' },
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '1',
    },
  });
  expect(promotion.statusCode, promotion.body).toBe(200);
  resources.set('promotions/:id', String(promotion.json().value.id));
  // a bonus code of a bonus-code promotion of this merchant (issue 16)
  const codePromotion = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin.token },
    payload: {
      category: 'other_promo',
      title: { EN: 'matrix code' },
      trigger: 'BONUS_CODE',
      rewardKind: 'FIXED',
      rewardAmount: '1',
    },
  });
  expect(codePromotion.statusCode, codePromotion.body).toBe(200);
  const code = await t.app.inject({
    method: 'POST',
    url: `/admin/api/promotions/${codePromotion.json().value.id}/codes`,
    headers: { authorization: admin.token },
    payload: { code: 'MATRIX01' },
  });
  expect(code.statusCode, code.body).toBe(200);
  resources.set('promotion-codes/:codeId', String(code.json().value[0].id));
  // an application to an APPLICATION promotion of this merchant (issue 16)
  const applicationPromotion = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin.token },
    payload: {
      category: 'other_promo',
      title: { EN: 'matrix application' },
      trigger: 'APPLICATION',
      rewardKind: 'FIXED',
      rewardAmount: '1',
    },
  });
  expect(applicationPromotion.statusCode, applicationPromotion.body).toBe(200);
  const [application] = await rows<{ id: number }>(
    db,
    sql`insert into promotion_application (merchant_id, promotion_id, member_id, remark)
        values (${demoId}, ${applicationPromotion.json().value.id}, ${player.id}, 'matrix') returning id`,
  );
  resources.set('promotion-applications/:id', String(application!.id));
  // a VIP level of the demo merchant (seeded)
  const [vip] = await rows<{ id: number }>(
    db,
    sql`select id from vip_level where merchant_id = ${demoId} order by level limit 1`,
  );
  resources.set('vip-levels/:id', String(vip!.id));
  // a rebate run of the demo merchant (issue 16)
  const [run] = await rows<{ id: string }>(
    db,
    sql`insert into rebate_run (merchant_id, kind, period_from, period_to, status)
        values (${demoId}, 'rebate', '2000-01-01', '2000-01-01', 'done') returning id::text as id`,
  );
  resources.set('rebate-runs/:id', run!.id);
  // a mission of the demo merchant (seeded)
  const [mission] = await rows<{ id: number }>(
    db,
    sql`select id from mission where merchant_id = ${demoId} order by id limit 1`,
  );
  resources.set('missions/:id', String(mission!.id));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('authorization matrix (from the contract)', () => {
  it('declares the access of every registered operation', () => {
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      expect(op.access, op.id).toBeDefined();
      if (op.access.auth === 'member') expect(op.access.members?.length, op.id).toBeGreaterThan(0);
      if (op.access.auth === 'operator')
        expect(['read', 'write', 'owner'], op.id).toContain(op.access.permission);
    }
  });

  it('refuses every caller the declaration excludes and lets every other caller through', async () => {
    const failures: string[] = [];
    // a call that ends its caller's session goes last, so the others meet live sessions
    const ordered = [...ops].sort((a, b) => Number(/logout/.test(a.id)) - Number(/logout/.test(b.id)));
    for (const op of ordered) {
      // operators' tokens are tried on the operator API; elsewhere one stands for all (no member session)
      const who = callers.filter(
        (c) => op.access.auth === 'operator' || c.is !== 'operator' || c.name === 'admin',
      );
      // one operation's callers at once: each owns its session, and their rows do not depend on each other
      await Promise.all(
        who.map(async (c) => {
          const want = expected(op.access, c);
          const { res, resource, url } = await call(op, c);
          const body = envelopeOf(res.body);
          const got = `${res.statusCode} ${body.errorCode ?? ''}`;
          const row = `${op.method} ${url} as ${c.name}`;
          if (want !== 'allowed') {
            if (res.statusCode !== want.status || body.errorCode !== want.code || body.success !== false) {
              failures.push(`${row}: want ${want.status} ${want.code}, got ${got}`);
            }
            return;
          }
          const refused =
            (res.statusCode === 401 || res.statusCode === 403) &&
            [...ACCESS_CODES, op.access.refusal].includes(body.errorCode);
          if (res.statusCode >= 500 || refused) failures.push(`${row}: want access, got ${got}`);
          else if (c.is === 'operator' && c.foreign && resource && res.statusCode !== 404) {
            failures.push(`${row}: want 404 for this merchant's resource, got ${got}`);
          }
          if (res.statusCode < 300 && op.method !== 'GET') await keepAlive(c);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

describe('agent contracts: an agent acts on its own contracts and its direct downlines only', () => {
  const kind = 'dailySalary';
  const path = '/wps/relay/MCS2_processDailySalContract';
  const tiers = (rate: string) => [{ validBet: '1000', activeMembers: 1, rate }];
  type Who = { headers: Record<string, string> };
  const act = (who: Who, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: path, headers: who.headers, payload: body });

  it('another team, a grandchild, another merchant and a player are refused; listings show only one’s own', async () => {
    const db = t.database.db;
    const demoId = await merchantIdOf(db);
    const adminCaller = callers.find((c) => c.name === 'admin') as Extract<Caller, { is: 'operator' }>;
    const foreignAdmin = callers.find((c) => c.name === "other merchant's admin") as Extract<
      Caller,
      { is: 'operator' }
    >;
    const house = async (who: { id: number } & Who) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/agent-contracts',
        headers: { authorization: adminCaller.token },
        payload: { kind, downlineId: who.id, tiers: tiers('3') },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().value.contract.id as number;
      expect((await act(who, { action: 'accept', contractId: id })).statusCode).toBe(200);
      return id;
    };
    const offerTo = async (up: Who, down: { id: number } & Who, rate: string) => {
      const res = await act(up, { action: 'offer', downlineId: down.id, tiers: tiers(rate) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.contract.id as number;
    };
    // team A: a -> b -> c; team X: x -> y
    const a = await agentSession(t.app, db, demoId);
    const b = await agentSession(t.app, db, demoId, a.id);
    const c = await agentSession(t.app, db, demoId, b.id);
    const x = await agentSession(t.app, db, demoId);
    const y = await agentSession(t.app, db, demoId, x.id);
    const aHouse = await house(a);
    const xHouse = await house(x);
    const ab = await offerTo(a, b, '2');
    const xy = await offerTo(x, y, '2');

    const refused: string[] = [];
    const expectCode = async (
      label: string,
      p: Promise<{ statusCode: number; body: string }>,
      status: number,
      code: string,
    ) => {
      const res = await p;
      const got = JSON.parse(res.body) as { errorCode?: string };
      if (res.statusCode !== status || got.errorCode !== code)
        refused.push(`${label}: want ${status} ${code}, got ${res.statusCode} ${got.errorCode}`);
    };
    // the other team's contracts do not exist for a, b or c
    for (const [who, name] of [
      [a, 'a'],
      [b, 'b'],
      [c, 'c'],
    ] as const) {
      for (const id of [xy, xHouse]) {
        for (const action of ['accept', 'reject', 'terminate']) {
          await expectCode(
            `${name} ${action} ${id}`,
            act(who, { action, contractId: id, confirm: true }),
            404,
            'contract_not_found',
          );
        }
      }
    }
    // the upline cannot answer for its downline, the grandparent cannot touch a grandchild's offer
    await expectCode(
      'a accepts ab',
      act(a, { action: 'accept', contractId: ab }),
      403,
      'contract_wrong_party',
    );
    await expectCode(
      'b accepts own upline contract',
      act(b, { action: 'accept', contractId: aHouse }),
      404,
      'contract_not_found',
    );
    await expectCode(
      'a offers y',
      act(a, { action: 'offer', downlineId: y.id, tiers: tiers('1') }),
      403,
      'contract_not_downline',
    );
    await expectCode(
      'a offers c (grandchild)',
      act(a, { action: 'offer', downlineId: c.id, tiers: tiers('1') }),
      403,
      'contract_not_downline',
    );
    await expectCode(
      'x offers b',
      act(x, { action: 'offer', downlineUsername: b.username, tiers: tiers('1') }),
      403,
      'contract_not_downline',
    );
    // a player and another merchant's agent
    const player = await newMember(db, demoId, { parentId: a.id });
    const playerToken = await loginToken(t.app, db, player.username, TEST_PASSWORD);
    await expectCode(
      'player lists',
      t.app.inject({ url: path, headers: { merchant: DEMO.merchant, authorization: playerToken } }),
      403,
      'error_not_agent',
    );
    const foreignAgent = await newMember(db, other.id, { type: 1 });
    const foreignToken = await loginToken(t.app, db, foreignAgent.username, TEST_PASSWORD, {
      merchant: other.code,
    });
    await expectCode(
      'foreign agent on this merchant',
      act(
        { headers: { merchant: DEMO.merchant, authorization: foreignToken } },
        { action: 'accept', contractId: ab },
      ),
      401,
      'login.not.session',
    );
    await expectCode(
      'foreign agent on its merchant',
      act(
        { headers: { merchant: other.code, authorization: foreignToken } },
        { action: 'accept', contractId: ab },
      ),
      404,
      'contract_not_found',
    );
    await expectCode(
      'foreign admin terminates',
      t.app.inject({
        method: 'POST',
        url: `/admin/api/agent-contracts/${aHouse}/terminate`,
        headers: { authorization: foreignAdmin.token },
        payload: { confirm: true },
      }),
      404,
      'contract_not_found',
    );
    const foreignList = await t.app.inject({
      url: '/admin/api/agent-contracts',
      headers: { authorization: foreignAdmin.token },
    });
    expect(foreignList.json().value.totalCount).toBe(0);
    expect(refused).toEqual([]);

    // listings: y sees its offer from x and nothing of team A; a sees what it gave b only
    const yList = (await t.app.inject({ url: path, headers: y.headers })).json().value;
    expect(yList.pending.id).toBe(xy);
    expect(yList.given.totalCount).toBe(0);
    const aList = (await t.app.inject({ url: path, headers: a.headers })).json().value;
    expect(aList.active.id).toBe(aHouse);
    expect(aList.given.list.map((g: { id: number }) => g.id)).toEqual([ab]);
    // nothing changed by the refusals
    expect((await act(b, { action: 'accept', contractId: ab })).statusCode).toBe(200);
    expect((await act(y, { action: 'reject', contractId: xy })).statusCode).toBe(200);
  }, 60_000);

  it('payout records and the owed status are the caller’s own: as payee, or as payer to its direct downline', async () => {
    const db = t.database.db;
    const demoId = await merchantIdOf(db);
    const adminCaller = callers.find((c) => c.name === 'admin') as Extract<Caller, { is: 'operator' }>;
    const a = await agentSession(t.app, db, demoId);
    const b = await agentSession(t.app, db, demoId, a.id);
    const c = await agentSession(t.app, db, demoId, b.id);
    const x = await agentSession(t.app, db, demoId);
    const offered = await t.app.inject({
      method: 'POST',
      url: '/admin/api/agent-contracts',
      headers: { authorization: adminCaller.token },
      payload: { kind, downlineId: a.id, tiers: tiers('3') },
    });
    const aHouse = offered.json().value.contract.id as number;
    expect((await act(a, { action: 'accept', contractId: aHouse })).statusCode).toBe(200);
    const ab = (await act(a, { action: 'offer', downlineId: b.id, tiers: tiers('2') })).json().value.contract
      .id as number;
    expect((await act(b, { action: 'accept', contractId: ab })).statusCode).toBe(200);
    // a settled day (written as the engine writes it): the house paid a, a paid b part of its due
    const payout = (contractId: number, payer: number | null, payee: number, amount: number, paid: number) =>
      sql`(${demoId}, ${contractId}, ${kind}, now() - interval '1 day', now(), ${payer}, ${payee},
           100000, 100000, 1, 100000, 300, ${amount}, ${paid},
           ${paid === amount ? 'paid' : 'partial'}, now())`;
    await db.execute(
      sql`insert into contract_payout (merchant_id, contract_id, kind, period_start, period_end, payer_id, payee_id,
            valid_bet, net_loss, active_members, base, rate_bp, amount, paid, status, created_at)
          values ${payout(aHouse, null, a.id, 3000, 3000)}, ${payout(ab, a.id, b.id, 2000, 500)}`,
    );
    const list = async (who: Who, role: string) => {
      const res = await t.app.inject({
        url: `/wps/agent/contractPayouts?kind=${kind}&role=${role}&preset=last7days`,
        headers: who.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value as { list: { contractId: number; counterpart: string | null }[] };
      return v.list.map((r) => [r.contractId, r.counterpart]);
    };
    const status = async (who: Who) =>
      (await t.app.inject({ url: '/wps/agent/payoutStatus', headers: who.headers })).json().value;
    expect(await list(a, 'received')).toEqual([[aHouse, null]]);
    expect(await list(a, 'paid')).toEqual([[ab, b.username]]);
    expect(await list(b, 'received')).toEqual([[ab, a.username]]);
    for (const who of [b, c, x]) expect(await list(who, 'paid')).toEqual([]);
    for (const who of [c, x]) expect(await list(who, 'received')).toEqual([]);
    expect(await status(a)).toMatchObject({ owed: '15.00', count: 1, frozen: true });
    for (const who of [b, c, x]) expect(await status(who)).toMatchObject({ owed: '0.00', frozen: false });
    // another merchant's agent: its own (empty) records at its merchant, no session at this one
    const foreignAgent = await newMember(db, other.id, { type: 1 });
    const foreignToken = await loginToken(t.app, db, foreignAgent.username, TEST_PASSWORD, {
      merchant: other.code,
    });
    expect(await list({ headers: { merchant: other.code, authorization: foreignToken } }, 'paid')).toEqual(
      [],
    );
    const cross = await t.app.inject({
      url: `/wps/agent/contractPayouts?kind=${kind}`,
      headers: { merchant: DEMO.merchant, authorization: foreignToken },
    });
    expect(cross.statusCode).toBe(401);
  }, 60_000);
});

/**
 * The agent calls (issue 15) beyond the declared access: an agent reads and changes its own team only.
 * Team A: agent `a` with member `a1` and sub-agent `as` (member `a2` below it); team B: agent `b` with
 * member `b1`; and an agent of another merchant with its member. Each agent asks for, or acts on, what
 * is not its own, by every handle the calls take.
 */
describe("agent calls stay inside the caller's own team", () => {
  type Agent = { id: number; username: string; headers: Record<string, string> };
  let a: Agent, as: Agent, b: Agent, foreign: Agent;
  let a1: { id: number; username: string }, a2: { id: number; username: string };
  let b1: { id: number; username: string }, f1: { id: number; username: string };

  const login = async (
    m: { id: number; username: string },
    merchant: string = DEMO.merchant,
  ): Promise<Agent> => ({
    ...m,
    headers: {
      merchant,
      authorization: await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD, {
        merchant,
        remoteAddress: nextAddress(),
      }),
    },
  });
  const call = (who: Agent, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      remoteAddress: nextAddress(),
      ...(payload ? { payload } : {}),
    });
  const value = (res: { statusCode: number; body: string; json(): any }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };
  const names = (v: { list: { username: string }[] }) => v.list.map((r) => r.username).sort();

  beforeAll(async () => {
    const db = t.database.db;
    const demoId = await merchantIdOf(db);
    const ra = await newAgent(db, demoId);
    a1 = await newMember(db, demoId, { parentId: ra.id });
    const ras = await newAgent(db, demoId, { parentId: ra.id });
    a2 = await newMember(db, demoId, { parentId: ras.id });
    const rb = await newAgent(db, demoId);
    b1 = await newMember(db, demoId, { parentId: rb.id });
    const rf = await newAgent(db, other.id);
    f1 = await newMember(db, other.id, { parentId: rf.id });
    [a, as, b, foreign] = await Promise.all([login(ra), login(ras), login(rb), login(rf, other.code)]);
  }, 60_000);

  it("lists only the caller's own downline, whatever the filters", async () => {
    expect(names(value(await call(a, 'GET', '/wps/agent/downlines')))).toEqual(
      [a1.username, as.username, a2.username].sort(),
    );
    // the sub-agent sees neither its upline nor its upline's other members
    expect(names(value(await call(as, 'GET', '/wps/agent/downlines')))).toEqual([a2.username]);
    expect(names(value(await call(b, 'GET', '/wps/agent/downlines')))).toEqual([b1.username]);
    for (const q of [`username=${a1.username}`, `username=${b1.username}`, `username=${f1.username}`]) {
      expect(value(await call(as, 'GET', `/wps/agent/downlines?${q}`)).totalCount).toBe(0);
    }
    expect(value(await call(b, 'GET', `/wps/agent/downlines?username=${a2.username}`)).totalCount).toBe(0);
    expect(names(value(await call(foreign, 'GET', '/wps/agent/downlines')))).toEqual([f1.username]);
    // a session of one merchant is no session at another
    const cross = await t.app.inject({
      url: '/wps/agent/downlines',
      headers: { ...foreign.headers, merchant: DEMO.merchant },
    });
    expect(cross.statusCode).toBe(401);
  });

  it('promotes only a direct downline member: never an upline, a grandchild, another team or merchant', async () => {
    const refused = [
      [as, a1.id],
      [as, a.id],
      [a, a2.id],
      [a, b1.id],
      [b, a1.id],
      [a, f1.id],
      [foreign, a1.id],
    ] as const;
    for (const [who, target] of refused) {
      const res = await call(who, 'PUT', '/wps/agent/promoteDownlineToAgent', { downlineId: target });
      expect(res.json().errorCode, `${who.username} -> ${target}`).toBe('not_found');
    }
    const byName = await call(b, 'PUT', '/wps/agent/promoteDownlineToAgent', { username: a1.username });
    expect(byName.json().errorCode).toBe('not_found');
    // nobody was changed
    const kinds = value(await call(a, 'GET', '/wps/agent/downlines?kind=agent'));
    expect(names(kinds)).toEqual([as.username]);
    expect(value(await call(b, 'GET', '/wps/agent/downlines?kind=agent')).totalCount).toBe(0);
  });

  it('registers a downline under the caller only', async () => {
    const username = `mx${Date.now().toString(36)}`;
    const created = value(
      await call(as, 'POST', '/wps/agent/downline', {
        username,
        password: 'Secret#12',
        parentId: a.id,
        parentUsername: b.username,
      }),
    );
    expect(created.parentUsername).toBe(as.username);
    expect(names(value(await call(as, 'GET', `/wps/agent/downlines?username=${username}`)))).toEqual([
      username,
    ]);
    expect(value(await call(b, 'GET', `/wps/agent/downlines?username=${username}`)).totalCount).toBe(0);
  });

  it("never shows or deletes another agent's affiliate links or their registrations", async () => {
    const link = value(await call(b, 'POST', '/wps/agent/affiliateUrl', {}));
    expect(value(await call(a, 'GET', '/wps/agent/affiliateUrls')).list).toEqual([]);
    expect(value(await call(foreign, 'GET', '/wps/agent/affiliateUrls')).list).toEqual([]);
    for (const who of [a, as, foreign]) {
      const del = await call(who, 'DELETE', `/wps/agent/affiliateUrl?affiUrlId=${link.affiUrlId}`);
      expect(del.json().errorCode).toBe('not_found');
      const regs = value(
        await call(who, 'GET', `/wps/agent/registeredAffiliates?affiUrlId=${link.affiUrlId}`),
      );
      expect(regs.totalCount).toBe(0);
    }
    expect(value(await call(b, 'GET', '/wps/agent/affiliateUrls')).list).toHaveLength(1);
  });

  it("reads its own merchant's agent announcements only", async () => {
    const otherAdmin = callers.find((c) => c.name === "other merchant's admin") as Extract<
      Caller,
      { is: 'operator' }
    >;
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/agent-announcements',
      headers: { authorization: otherAdmin.token },
      payload: { content: { EN: 'for the other merchant only' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = value(await call(a, 'GET', '/wps/agent/announcements?language=EN'));
    expect(mine.list.some((x: { content: string }) => x.content.includes('other merchant'))).toBe(false);
    const theirs = value(await call(foreign, 'GET', '/wps/agent/announcements?language=EN'));
    expect(theirs.list.some((x: { content: string }) => x.content.includes('other merchant'))).toBe(true);
    // and an operator changes its own merchant's rows only
    const id = res.json().value.id as number;
    const admin = callers.find((c) => c.name === 'admin') as Extract<Caller, { is: 'operator' }>;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/agent-announcements/${id}`,
      headers: { authorization: admin.token },
      payload: { active: false },
    });
    expect(put.json().errorCode).toBe('not_found');
  });
});

describe('agent reports stay inside the caller’s team and merchant', () => {
  it('answers another team’s member as nothing and never counts it', async () => {
    const db = t.database.db;
    const demoId = await merchantIdOf(db);
    const x = await newAgent(db, demoId);
    const x1 = await newMember(db, demoId, { parentId: x.id });
    const y = await newAgent(db, demoId);
    const y1 = await newMember(db, demoId, { parentId: y.id });
    await postMoney(db, demoId, x1.id, 'deposit', 123_400n);
    await postMoney(db, demoId, y1.id, 'deposit', 100n);
    // the team figures' roll-up job (platform/ reaches modules only through the app)
    await t.app.scheduler.runNow('teamFigure.rollUp');
    const token = await loginToken(t.app, db, y.username, TEST_PASSWORD);
    const rows: string[] = [];
    for (const e of Object.values(agentReportEndpoints)) {
      for (const username of [undefined, x1.username, x.username]) {
        const res = await t.app.inject({
          url: `${e.path}${username ? `?username=${username}` : ''}`,
          headers: { merchant: DEMO.merchant, authorization: token },
        });
        expect(res.statusCode, `${e.path} ${res.body}`).toBe(200);
        const text = res.body;
        // x's team (its member, its deposit) appears in none of y's reports
        if (text.includes(x1.username) || text.includes('1234.00')) rows.push(`${e.path} ${username ?? ''}`);
      }
    }
    expect(rows).toEqual([]);
    const overview = await t.app.inject({
      url: `${agentReportEndpoints.teamOverview.path}?username=${x1.username}`,
      headers: { merchant: DEMO.merchant, authorization: token },
    });
    expect(overview.json().value).toMatchObject({ members: 0, deposits: '0.00' });
    // y's session is no session at another merchant
    const foreign = await t.app.inject({
      url: agentReportEndpoints.teamOverview.path,
      headers: { merchant: other.code, authorization: token },
    });
    expect(foreign.statusCode).toBe(401);
  });
});
