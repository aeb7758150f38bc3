import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/sql.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { agentSession, merchantIdOf, operatorToken } from '../../test/factories.js';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
});
afterAll(() => t.close());

type Who = { id: number; username: string; headers: Record<string, string> };
const path = '/wps/relay/MCS2_processDailySalContract';
const tiers = (rate: string) => [{ validBet: '1000', activeMembers: 1, rate }];
const act = async (who: Who, body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: path, headers: who.headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.contract.id as number;
};
const inbox = async (who: Who) => {
  const res = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.list as { kind: string; data: Record<string, unknown> }[]).map((m) => [
    m.kind,
    m.data,
  ]);
};

describe('contract notices', () => {
  it('the downline hears of an offer, the upline of its answer', async () => {
    const a = await agentSession(t.app, t.database.db, merchantId);
    const b = await agentSession(t.app, t.database.db, merchantId, a.id);
    const c = await agentSession(t.app, t.database.db, merchantId, a.id);
    const offered = await t.app.inject({
      method: 'POST',
      url: '/admin/api/agent-contracts',
      headers: { authorization: await operatorToken(t.app) },
      payload: { kind: 'dailySalary', downlineId: a.id, tiers: tiers('3') },
    });
    const house = offered.json().value.contract.id as number;
    const [m] = await rows<{ name: string }>(
      t.database.db,
      sql`select name from merchant where id = ${merchantId}`,
    );
    // the platform's offer names the merchant; the platform itself gets no message of the answer
    expect(await inbox(a)).toEqual([
      ['contract_offered', { from: m!.name, contractKind: 'dailySalary', contractId: house }],
    ]);
    await act(a, { action: 'accept', contractId: house });
    const ab = await act(a, { action: 'offer', downlineId: b.id, tiers: tiers('2') });
    const ac = await act(a, { action: 'offer', downlineId: c.id, tiers: tiers('1') });
    expect(await inbox(b)).toEqual([
      ['contract_offered', { from: a.username, contractKind: 'dailySalary', contractId: ab }],
    ]);
    await act(b, { action: 'accept', contractId: ab });
    await act(c, { action: 'reject', contractId: ac });
    expect(await inbox(a)).toEqual([
      ['contract_rejected', { from: c.username, contractKind: 'dailySalary', contractId: ac }],
      ['contract_accepted', { from: b.username, contractKind: 'dailySalary', contractId: ab }],
      ['contract_offered', { from: m!.name, contractKind: 'dailySalary', contractId: house }],
    ]);
    // a refused answer writes no message
    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: c.headers,
      payload: { action: 'accept', contractId: ac },
    });
    expect(again.json().errorCode).toBe('contract_not_pending');
    expect(await inbox(a)).toHaveLength(3);
  });
});
