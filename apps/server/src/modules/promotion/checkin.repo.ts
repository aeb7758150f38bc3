import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

/** SQL of the daily check-in: its day amounts, a member's signed days, the member's active days. */
export const checkinRepo = {
  /** The day amounts of a check-in promotion (undefined: none set, the promotion's own amount pays). */
  async dayAmounts(ex: Executor, promotionId: number): Promise<bigint[] | undefined> {
    const [r] = await rows<{ amounts: string[] }>(
      ex,
      sql`select day_amounts::text[] as amounts from promotion_checkin where promotion_id = ${promotionId}`,
    );
    return r ? r.amounts.map((a) => BigInt(a)) : undefined;
  },
  async setDayAmounts(ex: Executor, merchantId: number, promotionId: number, amounts: bigint[]) {
    await ex.execute(
      sql`insert into promotion_checkin (promotion_id, merchant_id, day_amounts)
          values (${promotionId}, ${merchantId}, ${`{${amounts.join(',')}}`}::bigint[])
          on conflict (promotion_id) do update set day_amounts = excluded.day_amounts, updated_at = now()`,
    );
  },
  /** The days a member signed (newest first, a year and a bit) with what each paid. */
  async signedDays(ex: Executor, promotionId: number, memberId: number): Promise<Map<string, bigint>> {
    const list = await rows<{ day: string; amount: string | null }>(
      ex,
      sql`select occurrence as day, bonus_amount::text as amount from promotion_claim
          where promotion_id = ${promotionId} and member_id = ${memberId} and occurrence <> ''
          order by occurrence desc limit 400`,
    );
    return new Map(list.map((r) => [r.day, BigInt(r.amount ?? '0')]));
  },
  /** Notes the member was active on `day` (once a day). */
  async recordActiveDay(ex: Executor, merchantId: number, memberId: number, day: string) {
    await ex.execute(
      sql`insert into member_active_day (member_id, day, merchant_id) values (${memberId}, ${day}::date, ${merchantId})
          on conflict do nothing`,
    );
  },
  async activeDaysSince(ex: Executor, memberId: number, from: string): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from member_active_day where member_id = ${memberId} and day >= ${from}::date`,
    );
    return r?.n ?? 0;
  },
};
