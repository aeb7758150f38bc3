import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@bp/contract';
import { ERRORS, type Endpoint } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';
import {
  arbitraryFor,
  contractEndpoints,
  fillPath,
  hostileValue,
  jsonSchemaOf,
  queryString,
  asText,
  toJsonText,
} from '../test/contract-fuzz.js';
import {
  expectLedgerInvariants,
  operatorToken,
  fund,
  merchantIdOf,
  newMember,
  TEST_PASSWORD,
  loginToken,
} from '../test/factories.js';

/**
 * Every operation of the OpenAPI document, called with inputs generated from its contract schemas
 * plus hostile values, as anonymous and as the caller it is meant for: no answer may be a server
 * error, every refusal is the envelope with a catalogued code, and no money moves half-way.
 * Bounded here (fixed seed, a few runs per endpoint and caller); `npm run fuzz` runs it longer:
 * FUZZ_RUNS (runs per endpoint and caller) and FUZZ_SEED.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? 1212);
const PER_ENDPOINT_MS = Math.max(30_000, RUNS * 3 * 5_000);

type Persona = 'anonymous' | 'member' | 'operator';
const personasOf = (e: Endpoint): Persona[] =>
  e.auth === 'operator' ? ['operator', 'anonymous'] : ['member', 'anonymous'];

let t: TestApp;
let merchantId: number;
let member: { username: string };
const tokens: Partial<Record<Persona, string>> = {};
const operations: Endpoint[] = [];

async function tokenOf(p: Persona): Promise<string | undefined> {
  if (p === 'anonymous') return undefined;
  tokens[p] ??=
    p === 'member'
      ? await loginToken(t.app, t.database.db, member.username, TEST_PASSWORD, { remoteAddress: '10.77.0.1' })
      : await operatorToken(t.app);
  return tokens[p];
}

beforeAll(async () => {
  t = await createTestApp({ env: { DOCS_ENABLED: 'true' } });
  merchantId = await merchantIdOf(t.database.db);
  const m = await newMember(t.database.db, merchantId, { paymentPassword: '123456' });
  await fund(t.database.db, merchantId, m.id, 5_000_00n);
  member = m;
  // the document the server publishes is the list of operations; the contract has their schemas
  const doc = t.app.swagger() as unknown as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const byId = contractEndpoints(contract as Record<string, unknown>);
  for (const ops of Object.values(doc.paths)) {
    for (const op of Object.values(ops)) {
      const e = byId.get(op.operationId);
      if (!e) throw new Error(`operation ${op.operationId} has no contract endpoint`);
      operations.push(e);
    }
  }
}, 120_000);
afterAll(() => t?.close());

interface Call {
  persona: Persona;
  language: string;
  params: unknown;
  query: unknown;
  body: unknown;
  ip: number;
}

function callArbitrary(e: Endpoint, persona: Persona): fc.Arbitrary<Call> {
  const part = (schema: Endpoint['query']) =>
    schema
      ? fc.oneof(
          { weight: 6, arbitrary: arbitraryFor(jsonSchemaOf(schema)) },
          { weight: 1, arbitrary: hostileValue },
        )
      : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileValue });
  return fc.record({
    persona: fc.constant(persona),
    language: fc.constantFrom('EN', 'BN', 'en-US', 'xx', ''),
    params: part(e.params),
    query: part(e.query),
    body: e.method === 'GET' ? fc.constant(undefined) : part(e.body),
    ip: fc.integer({ min: 1, max: 250 }),
  });
}

async function send(e: Endpoint, c: Call) {
  const token = await tokenOf(c.persona);
  const qs = queryString(c.query);
  const headers: Record<string, string> = { language: c.language };
  if (e.auth !== 'operator') headers.merchant = DEMO.merchant;
  if (token) headers.authorization = token;
  let payload: string | undefined;
  if (c.body !== undefined) {
    if (e.form && c.body && typeof c.body === 'object' && !Array.isArray(c.body)) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = Object.entries(c.body as Record<string, unknown>)
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${encodeURIComponent(asText(v).replace(/[\ud800-\udfff]/g, ''))}`,
        )
        .join('&');
    } else {
      headers['content-type'] = 'application/json';
      payload = toJsonText(c.body);
    }
  }
  const url = `${fillPath(e.path, c.params)}${qs ? `?${qs}` : ''}`;
  const res = await t.app.inject({
    method: e.method,
    url,
    headers,
    payload,
    // fuzz traffic from its own addresses: its failed logins must not lock out the personas' logins
    remoteAddress: `10.88.${c.ip}.${(c.ip * 7) % 250}`,
  });
  // a session the fuzz itself ended (logout, password change) is replaced for the next call
  if (token && res.statusCode === 401) delete tokens[c.persona];
  return { url, res };
}

function describeCall(e: Endpoint, url: string, c: Call) {
  const body = c.body === undefined ? '' : toJsonText(c.body).slice(0, 300);
  return `${e.id} as ${c.persona}: ${e.method} ${url.slice(0, 300)} ${body}`;
}

describe('contract-wide fuzz: no server error, every refusal in the envelope', () => {
  it('covers every operation of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it(
    'answers every generated and hostile call below 500 with the envelope',
    async () => {
      const failures: string[] = [];
      for (const e of operations) {
        for (const persona of personasOf(e)) {
          await fc.assert(
            fc.asyncProperty(callArbitrary(e, persona), async (c) => {
              const { url, res } = await send(e, c);
              const what = `${res.statusCode} ${describeCall(e, url, c)} -> ${res.body.slice(0, 300)}`;
              if (res.statusCode >= 500) {
                failures.push(what);
                return true;
              }
              if (res.statusCode >= 400) {
                let body: Record<string, unknown> = {};
                try {
                  body = JSON.parse(res.body) as Record<string, unknown>;
                } catch {
                  failures.push(`not JSON: ${what}`);
                  return true;
                }
                const ok =
                  body.success === false &&
                  typeof body.errorCode === 'string' &&
                  body.errorCode in ERRORS &&
                  typeof body.message === 'string';
                if (!ok) failures.push(`not the envelope: ${what}`);
              }
              return true;
            }),
            {
              numRuns: persona === 'anonymous' && e.auth !== 'none' && e.auth !== 'optional' ? 1 : RUNS,
              seed: SEED,
            },
          );
        }
      }
      expect(failures, `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`).toEqual([]);
    },
    PER_ENDPOINT_MS * 20,
  );

  it('leaves the ledger balanced: no partial write', async () => {
    await expectLedgerInvariants(t.database.db);
  });
});
