import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { rows } from '../platform/sql.js';
import { formatMerchantTime, merchantDayStart } from '../platform/time.js';
import { DEMO_MEMBER } from './demo-members.js';

/**
 * Something for the demo member to claim on the manual rebate page: yesterday's rebate on slots and
 * live casino, accrued for a claim (no money moves until it is claimed; the nightly run of that day
 * leaves these rows alone: one accrual per member, day and product type). The demo's VIP levels
 * (demo-vip.ts) carry the rates the nightly run pays on real play.
 */
export async function seedDemoRebate(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  const [m] = await rows<{ id: number; tz: string }>(
    tx,
    sql`select mb.id, mc.time_zone as tz from member mb join merchant mc on mc.id = mb.merchant_id
        where mb.merchant_id = ${merchantId} and mb.username = ${DEMO_MEMBER.username}`,
  );
  if (!m) return [];
  const now = new Date();
  const yesterday = formatMerchantTime(merchantDayStart(m.tz, now, -1), m.tz).slice(0, 10);
  // VIP0 rates: slots 0.3 %, live 0.2 %
  for (const [type, base, rate] of [
    ['RNG', 411_300n, 30],
    ['LIVE', 160_500n, 20],
  ] as const) {
    await tx.execute(
      sql`insert into rebate_accrual (merchant_id, member_id, day, game_type, source, base, base_to, rate_bps, amount, status)
          values (${merchantId}, ${m.id}, ${yesterday}::date, ${type}, 'run', ${base.toString()}::bigint,
            ${base.toString()}::bigint, ${rate}, ${((base * BigInt(rate)) / 10_000n).toString()}::bigint, 'accrued')
          on conflict do nothing`,
    );
  }
  return [`Manual rebate:   ${DEMO_MEMBER.username} has yesterday's rebate to claim (/member/manualRebate)`];
}
