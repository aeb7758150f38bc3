import type { Tx } from '../db/client.js';
import { systemClock } from '../platform/module.js';
import { createMemberService } from '../modules/member/index.js';
import { demoPasswordHash } from './demo-passwords.js';

/** Documented in the README's demo-login table; change them (or remove the accounts) on anything public. */
export const DEMO_AGENT = { username: 'agent01', password: 'Agent@1234', type: 1 } as const;
export const DEMO_MEMBER = { username: 'demo01', password: 'Demo@1234', type: 0 } as const;

/** A demo agent and a demo member in its downline. */
export async function seedDemoMembers(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  const members = createMemberService({ db: tx, clock: systemClock });
  const agent = await members.createMember(tx, {
    merchantId,
    ...DEMO_AGENT,
    passwordHash: await demoPasswordHash(DEMO_AGENT.password),
    nickname: 'Agent 01',
  });
  await members.createMember(tx, {
    merchantId,
    ...DEMO_MEMBER,
    passwordHash: await demoPasswordHash(DEMO_MEMBER.password),
    nickname: 'Demo Player',
    parentId: agent.id,
    mobile: '1336712345', // canonical national number, as registration stores it; people type 01336712345
    countryDialingCode: '880',
  });
  return [
    `Agent login:     ${DEMO_AGENT.username} / ${DEMO_AGENT.password} (player site /agent)`,
    `Member login:    ${DEMO_MEMBER.username} / ${DEMO_MEMBER.password} (player site, under ${DEMO_AGENT.username})`,
  ];
}
