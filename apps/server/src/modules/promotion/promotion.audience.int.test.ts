import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { mainBalance, memberSession, merchantIdOf, operatorToken } from '../../test/factories.js';

/**
 * Who a promotion is for (issue 16): VIP levels, agents' teams, a member list, and excluded members,
 * through the operator API and the player relays; a member outside the audience neither sees the
 * promotion nor can claim it.
 */

let t: TestApp;
let merchantId: number;
let admin: string;
const db = () => t.database.db;
type Session = Awaited<ReturnType<typeof memberSession>>;
const session = (type = 0, parentId?: number) => memberSession(t.app, db(), merchantId, type, { parentId });
/** One after another: logins from one address at once would meet the captcha. */
async function sessions(n: number): Promise<Session[]> {
  const out: Session[] = [];
  for (let i = 0; i < n; i++) out.push(await session());
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const REWARD = { category: 'other_promo', trigger: 'CLAIM', rewardKind: 'FIXED', rewardAmount: '7' };

async function create(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: { ...REWARD, title: { EN: `Audience ${randomBytes(3).toString('hex')}` }, ...body },
  });
}
async function promotion(body: Record<string, unknown>) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number } & Record<string, unknown>;
}
async function visibleIds(s: Session): Promise<number[]> {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: s.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value as { id: number }[]).map((p) => p.id);
}
const claim = (s: Session, promotionId: number) =>
  t.app.inject({ method: 'POST', url: '/wps/promotions', headers: s.headers, payload: { promotionId } });

async function expectOnlyFor(promotionId: number, inside: Session[], outside: Session[]) {
  for (const s of outside) {
    expect(await visibleIds(s)).not.toContain(promotionId);
    const res = await claim(s, promotionId);
    expect(res.json().errorCode, s.username).toBe('promotion_unavailable');
  }
  for (const s of inside) {
    expect(await visibleIds(s)).toContain(promotionId);
    const before = await mainBalance(db(), s.id);
    const res = await claim(s, promotionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await mainBalance(db(), s.id)).toBe(before + 700n);
  }
}

describe('promotion audiences', () => {
  it('VIP levels: only members holding a listed level (no rank counts as level 0)', async () => {
    const [vip0, vip2, vip3] = (await sessions(3)) as [Session, Session, Session];
    await rows(
      db(),
      sql`insert into vip_member (member_id, merchant_id, level) values (${vip2.id}, ${merchantId}, 2), (${vip3.id}, ${merchantId}, 3)`,
    );
    const p = await promotion({ audience: 'VIP_LEVELS', audienceVipLevels: [3, 2, 2] });
    expect(p.audienceVipLevels).toEqual([2, 3]);
    await expectOnlyFor(p.id, [vip2, vip3], [vip0]);
  });

  it("agents' teams: the whole downline of a listed agent, not the agent, not other teams", async () => {
    const agent = await session(1);
    const sub = await session(1, agent.id);
    const direct = await session(0, agent.id);
    const deep = await session(0, sub.id);
    const otherAgent = await session(1);
    const stranger = await session(0, otherAgent.id);
    const p = await promotion({ audience: 'AGENT_TEAMS', audienceAgents: [agent.username.toUpperCase()] });
    expect(p.audienceAgents).toEqual([agent.username]);
    await expectOnlyFor(p.id, [direct, deep, sub], [agent, stranger, otherAgent]);
  });

  it('a member list, and excluded members kept out of any audience', async () => {
    const [a, b, c] = (await sessions(3)) as [Session, Session, Session];
    const listed = await promotion({ audience: 'MEMBER_LIST', audienceMembers: [a.username, b.username] });
    await expectOnlyFor(listed.id, [a, b], [c]);
    const all = await promotion({ audience: 'ALL', excludedMembers: [c.username] });
    expect(all.excludedMembers).toEqual([c.username]);
    await expectOnlyFor(all.id, [a], [c]);
  });

  it('an update changes the lists (audited); unknown names, non-agents and empty lists are refused', async () => {
    const [a, b] = (await sessions(2)) as [Session, Session];
    const p = await promotion({ audience: 'MEMBER_LIST', audienceMembers: [a.username] });
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p.id}`,
      headers: { authorization: admin },
      payload: { audienceMembers: [b.username] },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().value.audienceMembers).toEqual([b.username]);
    expect(await visibleIds(a)).not.toContain(p.id);
    expect(await visibleIds(b)).toContain(p.id);
    const [audit] = await rows<{
      before: { audienceMembers: string[] };
      after: { audienceMembers: string[] };
    }>(
      db(),
      sql`select before, after from audit_log where entity_type = 'promotion' and entity_id = ${String(p.id)}
          and action = 'promotion.update'`,
    );
    expect(audit!.before.audienceMembers).toEqual([a.username]);
    expect(audit!.after.audienceMembers).toEqual([b.username]);

    const refused = async (body: Record<string, unknown>, path: string) => {
      const res = await create(body);
      expect(res.json().errorCode, res.body).toBe('request_param_err');
      expect(JSON.stringify(res.json().value.issues)).toContain(path);
    };
    await refused({ audience: 'MEMBER_LIST', audienceMembers: ['nobody-like-this'] }, 'audienceMembers');
    await refused({ audience: 'AGENT_TEAMS', audienceAgents: [a.username] }, 'audienceAgents');
    await refused({ audience: 'VIP_LEVELS', audienceVipLevels: [] }, 'audienceVipLevels');
    await refused({ audience: 'ALL', excludedMembers: ['nobody-like-this'] }, 'excludedMembers');
    const [{ n }] = (await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from promotion where merchant_id = ${merchantId} and title->>'EN' like 'Audience %'
          and id > ${p.id}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
