import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { systemClock } from '../platform/module.js';
import { rows } from '../platform/sql.js';
import { isAgent, createMemberService } from '../modules/member/index.js';
import { seedContract } from '../modules/agent-contract/index.js';
import { DEMO_AGENT } from './demo-members.js';
import { demoPasswordHash } from './demo-passwords.js';
import { demoContractsSince, demoLastWeekSince, demoShortPeriodsSince } from './history/window.js';

/** Created under agent01 when the demo team has no sub-agent yet (same password as agent01). */
export const DEMO_SUB_AGENT = { username: 'subagent01', password: DEMO_AGENT.password, type: 1 } as const;

/**
 * Contracts of every kind for the demo team, accepted a few days before its history starts (hourly
 * and real-time salary at the start of its last day, the one the seed settles them for): the
 * platform's with agent01 (all four, active); agent01's with subagent02 (a dividend) and
 * with its first sub-agent (dividend, daily and real-time salary active, an hourly salary offer
 * waiting for an answer, so the agent centre shows a pending contract and its flag); subagent01's
 * daily salary for subagent03 since the history's last week, three levels of differential pay. Dividends settle weekly.
 */
export async function seedDemoAgentContracts(
  tx: Tx,
  { merchantId }: { merchantId: number },
): Promise<string[]> {
  const members = createMemberService({ db: tx, clock: systemClock });
  const top = await members.findByUsername(merchantId, DEMO_AGENT.username, tx);
  if (!top) return [];
  const [m] = await rows<{ decimals: number; tz: string }>(
    tx,
    sql`select currency_decimals as decimals, time_zone as tz from merchant where id = ${merchantId}`,
  );
  const merchant = { id: merchantId, currencyDecimals: Number(m?.decimals ?? 2) };
  const [existing] = await rows<{ id: number }>(
    tx,
    sql`select id from member where parent_id = ${top.id} and type in (1, 2, 41, 42) order by id limit 1`,
  );
  const sub = existing
    ? await members.getById(merchantId, Number(existing.id), tx)
    : await members.createMember(tx, {
        merchantId,
        ...DEMO_SUB_AGENT,
        passwordHash: await demoPasswordHash(DEMO_SUB_AGENT.password),
        nickname: 'Sub-agent 01',
        parentId: top.id,
      });
  if (!isAgent(sub)) return [];
  const tz = m?.tz ?? 'UTC';
  const at = demoContractsSince(tz, new Date());
  const house = { uplineId: null, downlineId: top.id, status: 'active' as const, at };
  const given = { uplineId: top.id, downlineId: sub.id, status: 'active' as const, at };
  // hourly and real-time salary since the start of yesterday: the seed settles that day's periods
  const lately = demoShortPeriodsSince(tz, new Date());
  await seedContract(tx, merchant, house, {
    kind: 'dividend',
    period: 'weekly',
    tiers: [
      { validBet: '10000', netLoss: '500', activeMembers: 2, rate: '20' },
      { validBet: '50000', netLoss: '3000', activeMembers: 6, rate: '30' },
      { validBet: '150000', netLoss: '10000', activeMembers: 10, rate: '40' },
    ],
  });
  await seedContract(tx, merchant, house, {
    kind: 'dailySalary',
    tiers: [
      { validBet: '1000', activeMembers: 2, rate: '0.5' },
      { validBet: '50000', activeMembers: 8, rate: '0.8' },
      { validBet: '200000', activeMembers: 30, rate: '1.2' },
    ],
  });
  // agent01's second sub-agent gets its contracts first: the agent centre lists the newest given
  // contract first, and that stays subagent01's
  const second = await members.findByUsername(merchantId, 'subagent02', tx);
  if (second && second.parentId === top.id) {
    const to = { ...given, downlineId: second.id };
    await seedContract(tx, merchant, to, {
      kind: 'dividend',
      period: 'weekly',
      tiers: [
        { validBet: '10000', netLoss: '500', activeMembers: 2, rate: '10' },
        { validBet: '50000', netLoss: '3000', activeMembers: 6, rate: '20' },
      ],
    });
  }
  await seedContract(tx, merchant, given, {
    kind: 'dividend',
    period: 'weekly',
    tiers: [
      { validBet: '10000', netLoss: '500', activeMembers: 2, rate: '15' },
      { validBet: '50000', netLoss: '3000', activeMembers: 6, rate: '25' },
    ],
  });
  await seedContract(tx, merchant, given, {
    kind: 'dailySalary',
    tiers: [
      { validBet: '1000', activeMembers: 2, rate: '0.3' },
      { validBet: '50000', activeMembers: 8, rate: '0.6' },
    ],
  });
  await seedContract(
    tx,
    merchant,
    { ...house, at: lately },
    {
      kind: 'hourlySalary',
      tiers: [
        { validBet: '100', rate: '0.2' },
        { validBet: '500', rate: '0.4' },
      ],
    },
  );
  await seedContract(
    tx,
    merchant,
    { ...given, status: 'offered', at: lately },
    {
      kind: 'hourlySalary',
      tiers: [{ validBet: '1000', rate: '0.1' }],
    },
  );
  await seedContract(
    tx,
    merchant,
    { ...house, at: lately },
    {
      kind: 'realtimeSalary',
      profitRate: '0.3',
      lossRate: '0.6',
      minBet: '10',
    },
  );
  await seedContract(
    tx,
    merchant,
    { ...given, at: lately },
    {
      kind: 'realtimeSalary',
      profitRate: '0.2',
      lossRate: '0.4',
      minBet: '20',
    },
  );
  const third = await members.findByUsername(merchantId, 'subagent03', tx);
  if (third && third.parentId === sub.id) {
    // a newer contract: subagent01 offered it in the history's last week
    await seedContract(
      tx,
      merchant,
      { uplineId: sub.id, downlineId: third.id, status: 'active', at: demoLastWeekSince(tz, new Date()) },
      { kind: 'dailySalary', tiers: [{ validBet: '1000', activeMembers: 2, rate: '0.1' }] },
    );
  }
  return [
    `Agent contracts: ${DEMO_AGENT.username} holds the platform's four kinds; ${sub.username}` +
      `${existing ? '' : ` / ${DEMO_SUB_AGENT.password}`} holds three from ${DEMO_AGENT.username} and an hourly salary offer;` +
      ` subagent02 a dividend from ${DEMO_AGENT.username}, subagent03 a daily salary from ${sub.username}`,
  ];
}
