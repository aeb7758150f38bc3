import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export type MissionKind = 'SLOT_BET' | 'DEPOSIT' | 'ROUNDS' | 'LOGIN_DAYS';
export type MissionPeriod = 'DAILY' | 'WEEKLY';

export interface MissionRow {
  id: number;
  merchantId: number;
  title: Record<string, string>;
  kind: MissionKind;
  period: MissionPeriod;
  /** minor units (SLOT_BET, DEPOSIT) or a count */
  target: bigint;
  rewardAmount: bigint;
  sequence: number;
  active: boolean;
  updatedAt: Date;
}
export type MissionValues = Omit<MissionRow, 'id' | 'merchantId' | 'updatedAt'>;

/** A period of merchant time: its days (`to` is the next period's first) and their UTC instants. */
export interface PeriodBounds {
  fromDay: string;
  toDay: string;
  from: Date;
  to: Date;
  timeZone: string;
}

const json = (v: unknown) =>
  typeof v === 'string' ? (JSON.parse(v) as Record<string, string>) : (v as Record<string, string>);
function missionOf(r: Record<string, unknown>): MissionRow {
  return {
    id: Number(r.id),
    merchantId: Number(r.merchant_id),
    title: json(r.title),
    kind: r.kind as MissionKind,
    period: r.period as MissionPeriod,
    target: BigInt(r.target as string),
    rewardAmount: BigInt(r.reward_amount as string),
    sequence: Number(r.sequence),
    active: Boolean(r.active),
    updatedAt: new Date(r.updated_at as string),
  };
}
const COLS = sql.raw(
  `id, merchant_id, title, kind, period, target::text, reward_amount::text, sequence, active, updated_at`,
);
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Every statement carries the merchant or the member: one merchant never reads another's rows. */
export const missionRepo = {
  async list(ex: Executor, merchantId: number, activeOnly = false) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS} from mission where merchant_id = ${merchantId} ${activeOnly ? sql`and active` : sql``}
          order by sequence, id`,
    );
    return list.map(missionOf);
  },
  async get(ex: Executor, merchantId: number, id: number, forUpdate = false) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS} from mission where merchant_id = ${merchantId} and id = ${id}
          ${forUpdate ? sql`for update` : sql``}`,
    );
    return r ? missionOf(r) : undefined;
  },
  async insert(ex: Executor, merchantId: number, v: MissionValues) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`insert into mission (merchant_id, title, kind, period, target, reward_amount, sequence, active)
          values (${merchantId}, ${JSON.stringify(v.title)}::jsonb, ${v.kind}, ${v.period}, ${v.target.toString()}::bigint,
            ${v.rewardAmount.toString()}::bigint, ${v.sequence}, ${v.active})
          returning ${COLS}`,
    );
    return missionOf(r!);
  },
  async update(ex: Executor, merchantId: number, id: number, v: MissionValues) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`update mission set title = ${JSON.stringify(v.title)}::jsonb, kind = ${v.kind}, period = ${v.period},
            target = ${v.target.toString()}::bigint, reward_amount = ${v.rewardAmount.toString()}::bigint,
            sequence = ${v.sequence}, active = ${v.active}, updated_at = now()
          where merchant_id = ${merchantId} and id = ${id}
          returning ${COLS}`,
    );
    return r ? missionOf(r) : undefined;
  },

  /**
   * The member's play of a period, on THE valid-bet definition (team figures): a round counts once a
   * credit has been accepted for it, for its accepted bets minus what rollbacks refunded, in the
   * period holding its first bet. Slot bets are those of rounds of RNG games of the catalogue.
   */
  async play(ex: Executor, merchantId: number, memberId: number, p: PeriodBounds) {
    const [r] = await rows<{ slotBet: string; rounds: number }>(
      ex,
      sql`select coalesce(sum(r.stake) filter (where g.game_type = 'RNG'), 0)::text as "slotBet",
            count(*)::int as rounds
          from (
            select vendor_code, max(game_code) as game_code,
              coalesce(sum(amount) filter (where op = 'debit'), 0)
                - coalesce(sum(amount) filter (where op = 'rollback'), 0) as stake,
              bool_or(op = 'credit') as settled,
              min(created_at) filter (where op = 'debit') as first_bet
            from vendor_txn
            where merchant_id = ${merchantId} and member_id = ${memberId} and status = 'ok'
              and created_at >= ${iso(p.from)}
            group by vendor_code, round_id
          ) r
          left join game g on g.vendor_code = r.vendor_code and g.game_code = r.game_code
          where r.settled and r.first_bet < ${iso(p.to)} and r.stake > 0`,
    );
    return { slotBet: BigInt(r?.slotBet ?? '0'), rounds: BigInt(r?.rounds ?? 0) };
  },
  /** Credited deposits of the period (what reached the wallet: amount less fee). */
  async deposits(ex: Executor, merchantId: number, memberId: number, p: PeriodBounds) {
    const [r] = await rows<{ v: string }>(
      ex,
      sql`select coalesce(sum(amount - fee), 0)::text as v from deposit_order
          where merchant_id = ${merchantId} and member_id = ${memberId} and status = 'SUCCESS'
            and finished_at >= ${iso(p.from)} and finished_at < ${iso(p.to)}`,
    );
    return BigInt(r?.v ?? '0');
  },
  /** Days of the period the member was active (heartbeat, check-in) or opened a session. */
  async loginDays(ex: Executor, memberId: number, p: PeriodBounds) {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from (
            select day from member_active_day
            where member_id = ${memberId} and day >= ${p.fromDay}::date and day < ${p.toDay}::date
            union
            select (created_at at time zone ${p.timeZone})::date from member_session
            where member_id = ${memberId} and created_at >= ${iso(p.from)} and created_at < ${iso(p.to)}
          ) d`,
    );
    return BigInt(r?.n ?? 0);
  },

  /** The member's claims of these periods (first days): mission id and period. */
  async claimsOf(ex: Executor, memberId: number, periodStarts: string[]) {
    if (periodStarts.length === 0) return [];
    const list = await rows<{ missionId: number; periodStart: string }>(
      ex,
      sql`select mission_id as "missionId", to_char(period_start, 'YYYY-MM-DD') as "periodStart" from mission_claim
          where member_id = ${memberId}
            and period_start in (${sql.join(
              periodStarts.map((d) => sql`${d}::date`),
              sql`, `,
            )})`,
    );
    return list.map((r) => ({ missionId: Number(r.missionId), periodStart: r.periodStart }));
  },
  /** The claim of a mission's period, or nothing when there is one already (answers undefined). */
  async insertClaim(
    ex: Executor,
    c: {
      merchantId: number;
      missionId: number;
      memberId: number;
      periodStart: string;
      amount: bigint;
      progress: bigint;
    },
  ) {
    const [r] = await rows<{ id: string }>(
      ex,
      sql`insert into mission_claim (merchant_id, mission_id, member_id, period_start, amount, progress)
          values (${c.merchantId}, ${c.missionId}, ${c.memberId}, ${c.periodStart}::date, ${c.amount.toString()}::bigint,
            ${c.progress.toString()}::bigint)
          on conflict do nothing returning id::text`,
    );
    return r ? BigInt(r.id) : undefined;
  },

  /**
   * The merchant's ranking by valid bets in a period, from the team figures' member hours (rolled
   * up every minute, so a ranking of many members costs one indexed aggregate), and the caller's place.
   */
  async leaderboard(ex: Executor, merchantId: number, memberId: number, p: PeriodBounds, size: number) {
    const totals = sql`select member_id, sum(valid_bet) as vb from figure_member_hour
          where merchant_id = ${merchantId} and hour >= ${iso(p.from)} and hour < ${iso(p.to)}
          group by member_id having sum(valid_bet) > 0`;
    const list = await rows<{ memberId: number; username: string; vb: string; rank: number }>(
      ex,
      sql`with t as (${totals})
          select t.member_id as "memberId", m.username, t.vb::text as vb,
            (rank() over (order by t.vb desc))::int as rank
          from t join member m on m.id = t.member_id and m.merchant_id = ${merchantId}
          order by t.vb desc, t.member_id limit ${size}`,
    );
    const [mine] = await rows<{ vb: string | null; rank: number | null }>(
      ex,
      sql`with t as (${totals}), me as (select vb from t where member_id = ${memberId})
          select (select vb::text from me) as vb,
            case when exists (select 1 from me)
              then (select count(*)::int + 1 from t where vb > (select vb from me)) end as rank`,
    );
    return {
      list: list.map((r) => ({
        memberId: Number(r.memberId),
        username: r.username,
        validBet: BigInt(r.vb),
        rank: Number(r.rank),
      })),
      mine: { validBet: BigInt(mine?.vb ?? '0'), rank: mine?.rank ?? null },
    };
  },
};
