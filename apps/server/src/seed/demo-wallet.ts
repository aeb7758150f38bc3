import type { Db, Tx } from '../db/client.js';
import { systemClock } from '../platform/module.js';
import { createLedgerService } from '../modules/ledger/index.js';
import { createMemberService } from '../modules/member/index.js';
import { DEMO_AGENT, DEMO_MEMBER } from './demo-members.js';

/** Starting balances for the demo accounts, so deposits, bets, withdrawals and transfers can be tried. */
export const DEMO_BALANCES = { member: 10_000_00n, agent: 50_000_00n } as const;

export async function seedDemoWallet(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  // the seed runs inside one transaction: the ledger only needs it for post()
  const ledger = createLedgerService({ db: tx as unknown as Db });
  const members = createMemberService({ db: tx, clock: systemClock });
  const lines: string[] = [];
  for (const [who, amount] of [
    [DEMO_MEMBER.username, DEMO_BALANCES.member],
    [DEMO_AGENT.username, DEMO_BALANCES.agent],
  ] as const) {
    const m = await members.findByUsername(merchantId, who, tx);
    if (!m) continue;
    await ledger.post(tx, {
      merchantId,
      key: `demo_grant:${m.id}`,
      type: 'adjustment',
      memberId: m.id,
      memo: { reason: 'demo starting balance' },
      lines: [
        { account: { house: 'adjustment' }, amount: -amount },
        { account: { memberId: m.id, code: 'main' }, amount },
      ],
    });
    lines.push(`${who} ৳${(amount / 100n).toLocaleString('en-US')}`);
  }
  return lines.length ? [`Demo balances:   ${lines.join(', ')}`] : [];
}
