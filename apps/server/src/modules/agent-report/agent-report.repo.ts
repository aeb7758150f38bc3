import { sql, type SQL } from 'drizzle-orm';
import { RECORD_TYPE_RULES, type TRecordType, type TTeamBetStatus } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** "The member is in the agent's team" (its downlines; the agent itself is not). */
const inTeam = (agentId: number, memberCol: SQL) =>
  sql`exists (select 1 from member_tree t where t.ancestor_id = ${agentId} and t.descendant_id = ${memberCol} and t.depth > 0)`;

/** SQL condition "ledger entry type maps to this record type" (the account record's rules). */
function recordType(t: TRecordType): SQL {
  if (t === 'other') {
    const all = (Object.keys(RECORD_TYPE_RULES) as Exclude<TRecordType, 'other'>[]).map(recordType);
    return sql`not (${sql.join(all, sql` or `)})`;
  }
  const r = RECORD_TYPE_RULES[t];
  const parts: SQL[] = r.types.map((x) => sql`e.type = ${x}`);
  for (const p of r.prefixes) parts.push(sql`starts_with(e.type, ${p})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

export interface TeamBetRow {
  betId: string;
  roundId: string;
  username: string;
  vendor: string;
  gameCode: string | null;
  gameType: string | null;
  betAmount: string;
  validBet: string;
  winAmount: string;
  status: TTeamBetStatus;
  betAt: Date | string;
  n: string;
  totBet: string;
  totValid: string;
  totWin: string;
}

export interface DownlineEntryRow {
  id: string;
  createdAt: Date | string;
  type: string;
  memo: Record<string, unknown> | null;
  refId: string | null;
  username: string;
  amount: string;
  n: string;
}

export interface IncomeEntryRow {
  id: string;
  createdAt: Date | string;
  type: string;
  memo: Record<string, unknown> | null;
  refId: string | null;
  amount: string;
  n: string;
}

/** SQL only: the agent reports' reads of the journals, each scoped to one agent's team. */
export const agentReportRepo = {
  /** A member of the agent's team by username (case-insensitive), or nothing. */
  async teamMember(db: Executor, merchantId: number, agentId: number, username: string) {
    const [r] = await rows<{ id: number }>(
      db,
      sql`select m.id from member m
          where m.merchant_id = ${merchantId} and m.username_key = ${username.toLowerCase()}
            and ${inTeam(agentId, sql`m.id`)}`,
    );
    return r?.id;
  },

  /**
   * A page of the team's members (direct downlines only when asked; one member when named), by
   * username. Written as the merchant's members in username order that are in the team, so that for
   * a big team the planner walks the username index and stops at the page's end (a small team is
   * read from its closure rows and sorted).
   */
  teamMembers(
    db: Executor,
    f: {
      merchantId: number;
      agentId: number;
      directOnly: boolean;
      memberId?: number;
      limit: number;
      offset: number;
    },
  ) {
    const member = f.memberId === undefined ? sql`` : sql`and m.id = ${f.memberId}`;
    return rows<{ id: number; username: string; type: number }>(
      db,
      sql`select m.id, m.username, m.type from member m
          where m.merchant_id = ${f.merchantId} ${member}
            and exists (select 1 from member_tree t where t.ancestor_id = ${f.agentId} and t.descendant_id = m.id
                        and ${f.directOnly ? sql`t.depth = 1` : sql`t.depth > 0`})
          order by m.username_key
          limit ${f.limit} offset ${f.offset}`,
    );
  },

  /**
   * The team's rounds with a bet in the period, newest first: one row per (vendor, member, round),
   * its bets summed; valid bet, win and status by the figures' definition (settled once a win was
   * accepted, cancelled when every bet was rolled back). From the journal through the member's
   * history index (vendor_txn_member_idx), so it is exact at once.
   */
  teamBets(
    db: Executor,
    f: {
      merchantId: number;
      agentId: number;
      from: Date;
      to: Date;
      memberId?: number;
      vendor?: string;
      gameType?: string;
      status?: TTeamBetStatus;
      limit: number;
      offset: number;
    },
  ) {
    const member = f.memberId === undefined ? sql`` : sql`and t.descendant_id = ${f.memberId}`;
    const vendor = f.vendor === undefined ? sql`` : sql`and d.vendor_code = ${f.vendor}`;
    const gameType = f.gameType === undefined ? sql`` : sql`and g.game_type = ${f.gameType}`;
    const status = f.status === undefined ? sql`` : sql`where y.status = ${f.status}`;
    return rows<TeamBetRow>(
      db,
      sql`with rounds as (
            select d.vendor_code, d.member_id, d.round_id,
              (array_agg(d.txn_id order by d.id))[1] as bet_id,
              min(d.created_at) as bet_at,
              max(d.game_code) as game_code,
              sum(d.amount) as bet,
              coalesce(sum(d.amount) filter (where not d.rolled_back), 0) as live,
              bool_and(d.rolled_back) as cancelled
            from member_tree t
            join vendor_txn d on d.member_id = t.descendant_id and d.status = 'ok'
              and d.created_at >= ${iso(f.from)} and d.created_at < ${iso(f.to)}
            where t.ancestor_id = ${f.agentId} and t.depth > 0 ${member}
              and d.merchant_id = ${f.merchantId} and d.op = 'debit' ${vendor}
            group by d.vendor_code, d.member_id, d.round_id
          ),
          y as (
            select r.*, g.game_type, w.win, w.settled,
              case when r.cancelled then 'cancelled' when w.settled then 'settled' else 'unsettled' end as status
            from rounds r
            left join game g on g.vendor_code = r.vendor_code and g.game_code = r.game_code
            left join lateral (
              select coalesce(sum(c.amount), 0) as win, count(*) > 0 as settled from vendor_txn c
              where c.merchant_id = ${f.merchantId} and c.vendor_code = r.vendor_code and c.member_id = r.member_id
                and c.round_id = r.round_id and c.op = 'credit' and c.status = 'ok') w on true
            where true ${gameType}
          )
          select y.bet_id as "betId", y.round_id as "roundId", m.username, y.vendor_code as vendor,
            y.game_code as "gameCode", y.game_type as "gameType", y.bet::text as "betAmount",
            (case when y.status = 'settled' then y.live else 0 end)::text as "validBet",
            y.win::text as "winAmount", y.status, y.bet_at as "betAt",
            count(*) over ()::text as n,
            (sum(y.bet) over ())::text as "totBet",
            (sum(case when y.status = 'settled' then y.live else 0 end) over ())::text as "totValid",
            (sum(y.win) over ())::text as "totWin"
          from y join member m on m.id = y.member_id
          ${status}
          order by y.bet_at desc, y.bet_id desc
          limit ${f.limit} offset ${f.offset}`,
    );
  },

  /** The team's ledger entries in the period, newest first, with the amount on the member's own accounts. */
  downlineEntries(
    db: Executor,
    f: {
      merchantId: number;
      agentId: number;
      from: Date;
      to: Date;
      memberId?: number;
      type?: TRecordType;
      limit: number;
      offset: number;
    },
  ) {
    const member = f.memberId === undefined ? sql`` : sql`and t.descendant_id = ${f.memberId}`;
    const type = f.type === undefined ? sql`` : sql`and ${recordType(f.type)}`;
    return rows<DownlineEntryRow>(
      db,
      sql`select e.id::text as id, e.created_at as "createdAt", e.type, e.memo, e.ref_id as "refId", m.username,
            (select coalesce(sum(l.amount), 0) from ledger_line l
              join ledger_account a on a.id = l.account_id and a.member_id = e.member_id
              where l.entry_id = e.id)::text as amount,
            count(*) over ()::text as n
          from member_tree t
          join ledger_entry e on e.member_id = t.descendant_id
            and e.created_at >= ${iso(f.from)} and e.created_at < ${iso(f.to)}
          join member m on m.id = e.member_id
          where t.ancestor_id = ${f.agentId} and t.depth > 0 ${member}
            and e.merchant_id = ${f.merchantId} ${type}
          order by e.created_at desc, e.id desc
          limit ${f.limit} offset ${f.offset}`,
    );
  },

  /** The agent's own payout entries of these types in the period, newest first. */
  incomeEntries(
    db: Executor,
    f: {
      merchantId: number;
      agentId: number;
      from: Date;
      to: Date;
      types: readonly string[];
      limit: number;
      offset: number;
    },
  ) {
    if (f.types.length === 0) return Promise.resolve([] as IncomeEntryRow[]);
    return rows<IncomeEntryRow>(
      db,
      sql`select e.id::text as id, e.created_at as "createdAt", e.type, e.memo, e.ref_id as "refId",
            (select coalesce(sum(l.amount), 0) from ledger_line l
              join ledger_account a on a.id = l.account_id and a.member_id = e.member_id
              where l.entry_id = e.id)::text as amount,
            count(*) over ()::text as n
          from ledger_entry e
          where e.member_id = ${f.agentId} and e.merchant_id = ${f.merchantId}
            and e.created_at >= ${iso(f.from)} and e.created_at < ${iso(f.to)}
            and e.type in (${sql.join(
              f.types.map((x) => sql`${x}`),
              sql`, `,
            )})
          order by e.created_at desc, e.id desc
          limit ${f.limit} offset ${f.offset}`,
    );
  },

  /** The agent's payouts of these types per merchant day and type in the period. */
  incomeByDay(
    db: Executor,
    f: {
      merchantId: number;
      agentId: number;
      from: Date;
      to: Date;
      types: readonly string[];
      timeZone: string;
    },
  ) {
    return rows<{ day: string; type: string; amount: string }>(
      db,
      sql`select ((e.created_at at time zone ${f.timeZone})::date)::text as day, e.type,
            sum((select coalesce(sum(l.amount), 0) from ledger_line l
              join ledger_account a on a.id = l.account_id and a.member_id = e.member_id
              where l.entry_id = e.id))::text as amount
          from ledger_entry e
          where e.member_id = ${f.agentId} and e.merchant_id = ${f.merchantId}
            and e.created_at >= ${iso(f.from)} and e.created_at < ${iso(f.to)}
            and e.type in (${sql.join(
              f.types.map((x) => sql`${x}`),
              sql`, `,
            )})
          group by 1, 2`,
    );
  },
};
