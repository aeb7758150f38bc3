import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { agentAffiliate, member } from '../db/schema/index.js';
import { DEMO_AGENT } from './demo-members.js';

/** The demo agent's affiliate code: registrations through `/register?referralCode=DEMO2026` land under it. */
export const DEMO_AFFILIATE_CODE = 'DEMO2026';

export async function seedDemoRegistration(
  tx: Tx,
  { merchantId }: { merchantId: number },
): Promise<string[]> {
  const [agent] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.merchantId, merchantId), eq(member.usernameKey, DEMO_AGENT.username.toLowerCase())));
  if (!agent) return [];
  await tx.insert(agentAffiliate).values({
    merchantId,
    memberId: agent.id,
    code: DEMO_AFFILIATE_CODE,
    codeKey: DEMO_AFFILIATE_CODE.toLowerCase(),
    domain: null,
  });
  return [
    `Invitation link: /register?referralCode=${DEMO_AFFILIATE_CODE} (new members under ${DEMO_AGENT.username})`,
  ];
}
