import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';
import { rows } from './sql.js';
import {
  memberSession,
  operatorToken,
  addChannel,
  addVendor,
  expectLedgerInvariants,
  fund,
  merchantIdOf,
  newMember,
  openVendorSession,
} from '../test/factories.js';
import { signBody } from './vendor-signature.js';

const NUL = 'bad\u0000text';
const SURROGATE = 'bad\ud800text';
const HOSTILE = [NUL, SURROGATE, 'esc\u001b[2Jtext', 'c1\u0085text'];
const VENDOR = 'GATEV';

let t: TestApp;
let merchantId: number;
let vendorSecret: string;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  vendorSecret = await addVendor(t.database.db, merchantId, VENDOR);
});
afterAll(() => t?.close());

/** Rows of the tables these operations write to: the gate must leave all of them as they were. */
async function written() {
  const [r] = await rows<Record<string, string>>(
    t.database.db,
    sql`select (select count(*) from deposit_order)::text as deposits,
               (select count(*) from social_provider)::text as providers,
               (select count(*) from audit_log)::text as audits,
               (select count(*) from auth_event)::text as auth_events,
               (select count(*) from member_session)::text as sessions,
               (select count(*) from vendor_txn)::text as vendor_txns,
               (select count(*) from ledger_entry)::text as entries`,
  );
  return r;
}

function expectRefused(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(422);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, errorCode: 'request_param_err' });
  expect(typeof body.message).toBe('string');
  // the refusal names the field, never echoes the value
  expect(res.body).not.toContain('bad');
}

describe('the input gate refuses NUL, lone surrogates and control characters with 422', () => {
  it('in the login username', async () => {
    const before = await written();
    for (const bad of HOSTILE) {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          headers: { merchant: DEMO.merchant },
          payload: { username: bad, password: 'Whatever#1', type: 'username' },
        }),
      );
    }
    expect(await written()).toEqual(before);
  });

  it('in the game-name search (query string) and in a header the app reads', async () => {
    // a URL carries UTF-8, so a lone surrogate cannot travel in a query string (JSON bodies can carry one)
    for (const bad of HOSTILE.filter((s) => s !== SURROGATE)) {
      expectRefused(
        await t.app.inject({
          url: '/wps/relay/GCSGAME_gameList',
          headers: { merchant: DEMO.merchant },
          query: { gameName: bad },
        }),
      );
    }
    expectRefused(
      await t.app.inject({
        url: '/wps/relay/GCSGAME_gameList',
        headers: { merchant: DEMO.merchant, language: 'en\u0085' },
      }),
    );
  });

  it('in the deposit reference of a logged-in member', async () => {
    const bank = await addChannel(t.database.db, merchantId, { name: 'Gate bank' });
    const m = await memberSession(t.app, t.database.db, merchantId);
    const before = await written();
    for (const bad of HOSTILE) {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/wps/relay/MCSFE_submitDeposit',
          headers: m.headers,
          payload: { channelId: bank.id, amount: '500', reference: bad },
        }),
      );
    }
    expect(await written()).toEqual(before);
  });

  it("in a vendor wallet callback's gameCode, with a valid signature", async () => {
    const m = await newMember(t.database.db, merchantId);
    await fund(t.database.db, merchantId, m.id, 100_00n);
    const s = await openVendorSession(t.database.db, merchantId, m.id, VENDOR);
    const before = await written();
    for (const [i, bad] of HOSTILE.entries()) {
      const raw = JSON.stringify({
        playerId: String(m.id),
        currency: 'BDT',
        token: s.token,
        transactionId: `gate-${i}`,
        roundId: `round-${i}`,
        amount: '1.00',
        gameCode: bad,
      });
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: `/vendor/${VENDOR}/wallet/debit`,
          headers: {
            merchant: DEMO.merchant,
            'content-type': 'application/json',
            'x-signature': signBody(vendorSecret, raw),
          },
          payload: raw,
        }),
      );
    }
    expect(await written()).toEqual(before);
    await expectLedgerInvariants(t.database.db);
  });

  it('in an operator write carrying a client secret (social provider settings)', async () => {
    const op = await operatorToken(t.app);
    const before = await written();
    const body = {
      issuer: 'https://idp.example',
      clientId: 'client',
      clientSecret: 'cs-secret',
      enabled: true,
    };
    for (const bad of HOSTILE) {
      for (const field of ['clientId', 'clientSecret'] as const) {
        expectRefused(
          await t.app.inject({
            method: 'PUT',
            url: '/admin/api/social-providers/google',
            headers: { authorization: op },
            payload: { ...body, [field]: bad },
          }),
        );
      }
    }
    expect(await written()).toEqual(before);
  });

  it('in a path parameter, an object key and absurdly deep nesting', async () => {
    const op = await operatorToken(t.app);
    expectRefused(
      await t.app.inject({
        method: 'PUT',
        url: `/admin/api/social-providers/${encodeURIComponent(NUL)}`,
        headers: { authorization: op },
        payload: { issuer: 'https://idp.example', clientId: 'c' },
      }),
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { merchant: DEMO.merchant },
        payload: { username: 'someone', password: 'x', ['k\u0000']: 1 },
      }),
    );
    let deep: unknown = 'leaf';
    for (let i = 0; i < 1000; i++) deep = { d: deep };
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { merchant: DEMO.merchant },
        payload: { username: 'someone', password: 'x', deep },
      }),
    );
  });

  it('still accepts tabs, newlines, Bangla and emoji', async () => {
    const res = await t.app.inject({
      url: '/wps/relay/GCSGAME_gameList',
      headers: { merchant: DEMO.merchant },
      query: { gameName: 'বাংলা 😀\tx' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
