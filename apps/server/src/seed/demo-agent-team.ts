import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { systemClock } from '../platform/module.js';
import { createMemberService } from '../modules/member/index.js';
import { DEMO_AGENT } from './demo-members.js';
import { demoPasswordHash } from './demo-passwords.js';

/** agent01's sub-agent (logs in at /agent like agent01). */
export const DEMO_SUB_AGENT = { username: 'subagent01', password: 'Agent@1234', type: 1 } as const;
/** The demo team's players' password (the sub-agents use the agent's). */
export const DEMO_TEAM_PASSWORD = 'Demo@1234';
/** The demo team's affiliate links: one opens member accounts, one sub-agent accounts. */
export const DEMO_AGENT_LINKS = [
  { code: 'TEAM2026', memberType: 0, remark: 'Facebook group', clicks: 37 },
  { code: 'AGENT2026', memberType: 1, remark: 'Sub-agent recruiting', clicks: 5 },
] as const;

/**
 * agent01's team below it, in the order the accounts are opened: three levels of agents
 * (agent01 > subagent01 > subagent03) with players at each level, a second sub-agent with its own
 * players, and a member (player04) who brought a friend.
 */
export const DEMO_TEAM: readonly { username: string; upline: string; agent?: true }[] = [
  { username: DEMO_SUB_AGENT.username, upline: DEMO_AGENT.username, agent: true },
  { username: 'player02', upline: DEMO_AGENT.username },
  { username: 'player03', upline: DEMO_AGENT.username },
  { username: 'player04', upline: DEMO_SUB_AGENT.username },
  { username: 'player05', upline: DEMO_SUB_AGENT.username },
  { username: 'player06', upline: 'player04' },
  { username: 'subagent02', upline: DEMO_AGENT.username, agent: true },
  { username: 'player07', upline: 'subagent02' },
  { username: 'player08', upline: 'subagent02' },
  { username: 'subagent03', upline: DEMO_SUB_AGENT.username, agent: true },
  { username: 'player09', upline: 'subagent03' },
  { username: 'player10', upline: 'subagent03' },
  { username: 'player11', upline: DEMO_AGENT.username },
  { username: 'player12', upline: DEMO_AGENT.username },
];

/**
 * agent01's team for the agent centre (DEMO_TEAM), affiliate links with clicks, an announcement for
 * agents, and downline balances shown to direct uplines.
 */
export async function seedDemoAgentTeam(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  const members = createMemberService({ db: tx, clock: systemClock });
  const agent = await members.findByUsername(merchantId, DEMO_AGENT.username, tx);
  if (!agent) return [];
  const ids = new Map<string, number>([[DEMO_AGENT.username, agent.id]]);
  for (const m of DEMO_TEAM) {
    const password = m.agent ? DEMO_SUB_AGENT.password : DEMO_TEAM_PASSWORD;
    const created = await members.createMember(tx, {
      merchantId,
      username: m.username,
      password,
      passwordHash: await demoPasswordHash(password),
      type: m.agent ? 1 : 0,
      parentId: ids.get(m.upline)!,
      nickname: m.username,
    });
    ids.set(m.username, created.id);
  }

  for (const l of DEMO_AGENT_LINKS) {
    await tx.execute(
      sql`insert into agent_affiliate (merchant_id, member_id, code, code_key, member_type, remark, click_count)
          values (${merchantId}, ${agent.id}, ${l.code}, ${l.code.toLowerCase()}, ${l.memberType}, ${l.remark},
                  ${l.clicks})`,
    );
  }
  await tx.execute(
    sql`insert into agent_setting (merchant_id, downline_balance) values (${merchantId}, 'direct')`,
  );
  await tx.execute(
    sql`insert into agent_announcement (merchant_id, title, content, sequence)
        values (${merchantId},
          ${JSON.stringify({ EN: 'Welcome to the agent centre', BN: 'এজেন্ট সেন্টারে স্বাগতম' })}::jsonb,
          ${JSON.stringify({
            EN: '<p>Share your affiliate link, register members in the register centre and follow your team here.</p>',
            BN: '<p>আপনার অ্যাফিলিয়েট লিঙ্ক শেয়ার করুন, রেজিস্টার সেন্টারে সদস্য নিবন্ধন করুন এবং এখানে আপনার টিম দেখুন।</p>',
          })}::jsonb, 0)`,
  );
  return [
    `Agent team:      sub-agents subagent01-03 / ${DEMO_SUB_AGENT.password} (subagent03 under subagent01); players player02-12 / ${DEMO_TEAM_PASSWORD}; links /register?referralCode=${DEMO_AGENT_LINKS[0].code}`,
  ];
}
