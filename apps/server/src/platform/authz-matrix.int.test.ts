import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccess, TMemberKind, TOperatorRole } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';
import {
  addChannel,
  createOperator,
  operatorLogin,
  createMerchant,
  merchantIdOf,
  newMember,
  TEST_PASSWORD,
  loginToken,
} from '../test/factories.js';

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
  }, 60_000);
});
