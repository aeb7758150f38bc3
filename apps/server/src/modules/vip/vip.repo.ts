import { sql } from 'drizzle-orm';
import type { TRebateRates } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface VipLevelRow {
  id: number;
  merchantId: number;
  level: number;
  name: string;
  monthlyDeposit: bigint;
  monthlyTurnover: bigint;
  totalDeposit: bigint;
  totalTurnover: bigint;
  rebateRates: TRebateRates;
  dailyWithdrawalLimit: bigint | null;
  birthdayBonus: bigint;
  upgradeBonus: bigint;
}
export type VipLevelValues = Omit<VipLevelRow, 'id' | 'merchantId'>;

type Raw = Omit<
  VipLevelRow,
  | 'monthlyDeposit'
  | 'monthlyTurnover'
  | 'totalDeposit'
  | 'totalTurnover'
  | 'dailyWithdrawalLimit'
  | 'birthdayBonus'
  | 'upgradeBonus'
> &
  Record<
    | 'monthlyDeposit'
    | 'monthlyTurnover'
    | 'totalDeposit'
    | 'totalTurnover'
    | 'birthdayBonus'
    | 'upgradeBonus',
    string
  > & { dailyWithdrawalLimit: string | null };

const SELECT = sql`select id, merchant_id as "merchantId", level, name,
  monthly_deposit::text as "monthlyDeposit", monthly_turnover::text as "monthlyTurnover",
  total_deposit::text as "totalDeposit", total_turnover::text as "totalTurnover",
  rebate_bps as "rebateRates", daily_withdrawal_limit::text as "dailyWithdrawalLimit",
  birthday_bonus::text as "birthdayBonus", upgrade_bonus::text as "upgradeBonus"
  from vip_level`;

const toRow = (r: Raw): VipLevelRow => ({
  ...r,
  id: Number(r.id),
  merchantId: Number(r.merchantId),
  level: Number(r.level),
  monthlyDeposit: BigInt(r.monthlyDeposit),
  monthlyTurnover: BigInt(r.monthlyTurnover),
  totalDeposit: BigInt(r.totalDeposit),
  totalTurnover: BigInt(r.totalTurnover),
  rebateRates: typeof r.rebateRates === 'string' ? JSON.parse(r.rebateRates) : r.rebateRates,
  dailyWithdrawalLimit: r.dailyWithdrawalLimit === null ? null : BigInt(r.dailyWithdrawalLimit),
  birthdayBonus: BigInt(r.birthdayBonus),
  upgradeBonus: BigInt(r.upgradeBonus),
});

const big = (v: bigint) => sql`${v.toString()}::bigint`;

/** SQL only: VIP levels, members' ranks and the upgrade record. Each call takes its executor. */
export const vipRepo = {
  async listLevels(db: Executor, merchantId: number): Promise<VipLevelRow[]> {
    const list = await rows<Raw>(db, sql`${SELECT} where merchant_id = ${merchantId} order by level`);
    return list.map(toRow);
  },

  async findLevel(db: Executor, merchantId: number, id: number): Promise<VipLevelRow | undefined> {
    const [r] = await rows<Raw>(db, sql`${SELECT} where merchant_id = ${merchantId} and id = ${id}`);
    return r ? toRow(r) : undefined;
  },

  /** undefined when the level number or name is taken in the merchant. */
  async insertLevel(db: Executor, merchantId: number, v: VipLevelValues): Promise<VipLevelRow | undefined> {
    const [r] = await rows<{ id: number }>(
      db,
      sql`insert into vip_level (merchant_id, level, name, monthly_deposit, monthly_turnover, total_deposit,
            total_turnover, rebate_bps, daily_withdrawal_limit, birthday_bonus, upgrade_bonus)
          values (${merchantId}, ${v.level}, ${v.name}, ${big(v.monthlyDeposit)}, ${big(v.monthlyTurnover)},
            ${big(v.totalDeposit)}, ${big(v.totalTurnover)}, ${JSON.stringify(v.rebateRates)}::jsonb,
            ${v.dailyWithdrawalLimit === null ? null : big(v.dailyWithdrawalLimit)}, ${big(v.birthdayBonus)},
            ${big(v.upgradeBonus)})
          on conflict do nothing
          returning id`,
    );
    return r ? vipRepo.findLevel(db, merchantId, Number(r.id)) : undefined;
  },

  /** false when the new level number or name is taken by another level of the merchant. */
  async updateLevel(db: Executor, merchantId: number, id: number, v: VipLevelValues): Promise<boolean> {
    const [clash] = await rows<{ id: number }>(
      db,
      sql`select id from vip_level where merchant_id = ${merchantId} and id <> ${id}
            and (level = ${v.level} or lower(name) = lower(${v.name})) limit 1`,
    );
    if (clash) return false;
    await db.execute(
      sql`update vip_level set level = ${v.level}, name = ${v.name}, monthly_deposit = ${big(v.monthlyDeposit)},
            monthly_turnover = ${big(v.monthlyTurnover)}, total_deposit = ${big(v.totalDeposit)},
            total_turnover = ${big(v.totalTurnover)}, rebate_bps = ${JSON.stringify(v.rebateRates)}::jsonb,
            daily_withdrawal_limit = ${v.dailyWithdrawalLimit === null ? null : big(v.dailyWithdrawalLimit)},
            birthday_bonus = ${big(v.birthdayBonus)}, upgrade_bonus = ${big(v.upgradeBonus)}, updated_at = now()
          where merchant_id = ${merchantId} and id = ${id}`,
    );
    return true;
  },

  /** Serialises the changes of a merchant's levels (a renumbering racing a rename of the same slot). */
  async lockLevels(tx: Executor, merchantId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(727016, ${merchantId})`);
  },

  /** The levels members hold (no row: 0). */
  async heldLevels(
    db: Executor,
    merchantId: number,
    memberIds: readonly number[],
  ): Promise<Map<number, number>> {
    if (memberIds.length === 0) return new Map();
    const list = await rows<{ memberId: number; level: number }>(
      db,
      sql`select member_id as "memberId", level from vip_member
          where merchant_id = ${merchantId} and member_id in (${sql.join(
            memberIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
    );
    return new Map(list.map((r) => [Number(r.memberId), Number(r.level)]));
  },

  /**
   * Raises the member's level to `to` if it holds less; answers the level it held, or undefined when
   * it already held `to` or more (another evaluation got there first: nothing to announce). The
   * upsert's row lock serialises racing evaluations of one member.
   */
  async raise(tx: Executor, merchantId: number, memberId: number, to: number): Promise<number | undefined> {
    const [before] = await rows<{ level: number }>(
      tx,
      sql`select level from vip_member where member_id = ${memberId} for update`,
    );
    const [r] = await rows<{ level: number }>(
      tx,
      sql`insert into vip_member (member_id, merchant_id, level) values (${memberId}, ${merchantId}, ${to})
          on conflict (member_id) do update set level = excluded.level, updated_at = now()
            where vip_member.level < excluded.level
          returning level`,
    );
    return r ? Number(before?.level ?? 0) : undefined;
  },

  /** The record of one upgrade; false when this member reached this level before (its notice was sent). */
  async recordUpgrade(
    tx: Executor,
    u: {
      merchantId: number;
      memberId: number;
      from: number;
      to: number;
      name: string;
      cause: 'job' | 'progress';
    },
  ): Promise<boolean> {
    const [r] = await rows<{ id: string }>(
      tx,
      sql`insert into vip_upgrade (merchant_id, member_id, from_level, to_level, level_name, cause)
          values (${u.merchantId}, ${u.memberId}, ${u.from}, ${u.to}, ${u.name}, ${u.cause})
          on conflict (member_id, to_level) do nothing
          returning id::text`,
    );
    return r !== undefined;
  },

  /**
   * A renamed level's members carry its new name in their VIP label (member.vip_label is the header's
   * copy of the rank's name; only this module writes it after sign-up).
   */
  async relabel(tx: Executor, merchantId: number, level: number, name: string) {
    await tx.execute(
      sql`update member set vip_label = ${name}, updated_at = now()
          where merchant_id = ${merchantId}
            and id in (select member_id from vip_member where merchant_id = ${merchantId} and level = ${level})`,
    );
  },

  /** Members holding a level. */
  async heldBy(db: Executor, merchantId: number, level: number): Promise<number> {
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from vip_member where merchant_id = ${merchantId} and level = ${level}`,
    );
    return r?.n ?? 0;
  },

  /** Merchants with levels (the job walks them). */
  async merchantsWithLevels(db: Executor): Promise<number[]> {
    const list = await rows<{ id: number }>(
      db,
      sql`select distinct merchant_id as id from vip_level order by 1`,
    );
    return list.map((r) => Number(r.id));
  },
};
