import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

/**
 * Active members without reading a team's member rows (migration 0032 says how): per member and
 * play day, the day its sums from there on reach the thresholds ("reach"), and per agent how many of
 * its team hold each (prev_day, day, reach_day) rectangle. Kept by the roll-up in the transaction
 * that changes the member day figures; rebuilt by it when a merchant's thresholds change.
 */

/** The longest period a reach is kept for (REPORT_MAX_DAYS): further reaches are 'infinity'. */
export const REACH_DAYS = 92;

/** Defaults of figure_setting (a merchant without a row): keep in step with DEFAULT_ACTIVE. */
const DEFAULT_MIN_DEPOSIT = 0;
const DEFAULT_MIN_VALID_BET = 100;

/**
 * A member whose deposits or valid bets changed on days lo..hi (merchant dates, yyyy-MM-dd); `grew`
 * when none of them went down.
 */
export interface TouchedMember {
  merchant_id: number;
  member_id: number;
  lo: string;
  hi: string;
  grew: boolean;
}

/**
 * The reach rows of candidate (merchant_id, member_id, day) rows that are play days now, with the
 * thresholds the merchant's reach rows are built with (figure_reach_state).
 */
function reachOf(cand: SQL): SQL {
  return sql`
    select c.merchant_id, c.member_id, c.day,
      coalesce((select max(p.day) from figure_member_day p
                where p.member_id = c.member_id and p.day < c.day and (p.deposit > 0 or p.valid_bet > 0)),
               '-infinity'::date) as prev_day,
      coalesce((select x.day from (
                  select q.day, sum(q.deposit) over w as dep, sum(q.valid_bet) over w as bet
                  from figure_member_day q
                  where q.member_id = c.member_id and q.day >= c.day and q.day < c.day + ${sql.raw(String(REACH_DAYS))}
                  window w as (order by q.day)) x
                where x.dep >= s.min_deposit and x.bet >= s.min_valid_bet
                order by x.day limit 1),
               'infinity'::date) as reach_day
    from (${cand}) c
    join figure_member_day f on f.member_id = c.member_id and f.day = c.day
      and (f.deposit > 0 or f.valid_bet > 0)
    join figure_reach_state s on s.merchant_id = c.merchant_id`;
}

const currentThresholds = (merchantId: SQL) => sql`
  select coalesce((select active_min_deposit from figure_setting where merchant_id = ${merchantId}),
                  ${DEFAULT_MIN_DEPOSIT}) as d,
         coalesce((select active_min_valid_bet from figure_setting where merchant_id = ${merchantId}),
                  ${DEFAULT_MIN_VALID_BET}) as b`;

/** SQL only; writers run inside the roll-up's transaction (its advisory lock held). */
export const reachRepo = {
  /**
   * Brings the reach rows of these members up to date after their day figures changed on lo..hi.
   * Only the rows that can move are read: the play days in [lo - 91, hi] whose reach is not before
   * lo (one whose sums reached the thresholds before lo cannot see a later day), the changed days
   * themselves (a day may become, or stop being, a play day), and the first play day after hi (its
   * previous play day may change). Then the difference, old rectangles out and new ones in, is
   * applied to every upline's counts.
   */
  async maintain(tx: Executor, touched: TouchedMember[]) {
    if (touched.length === 0) return;
    await tx.execute(sql`
      with t as (
        select x.merchant_id, x.member_id, x.lo::date as lo, x.hi::date as hi
        from jsonb_to_recordset(${JSON.stringify(touched)}::jsonb)
          as x(merchant_id integer, member_id integer, lo text, hi text, grew boolean)
        join figure_reach_state s on s.merchant_id = x.merchant_id
        -- more on one day that was a play day reaching the thresholds on its own moves nothing: an
        -- earlier play day whose reach was not before it reaches on it already, and stays there
        where not (x.grew and x.lo = x.hi and exists (
          select 1 from figure_member_reach r
          where r.member_id = x.member_id and r.day = x.lo::date and r.reach_day = x.lo::date))
      ),
      cand as (
        select r.merchant_id, r.member_id, r.day from t join figure_member_reach r
          on r.member_id = t.member_id and r.reach_day >= t.lo and r.day >= t.lo - ${sql.raw(String(REACH_DAYS - 1))}
          and r.day <= t.hi
        union
        select f.merchant_id, f.member_id, f.day from t join figure_member_day f
          on f.member_id = t.member_id and f.day >= t.lo and f.day <= t.hi
        union
        select n.merchant_id, n.member_id, n.day from t cross join lateral (
          select r.merchant_id, r.member_id, r.day from figure_member_reach r
          where r.member_id = t.member_id and r.day > t.hi order by r.day limit 1) n
      ),
      nr as materialized (${reachOf(sql`select * from cand`)}),
      old as materialized (
        select r.merchant_id, r.member_id, r.day, r.prev_day, r.reach_day
        from cand c join figure_member_reach r on r.member_id = c.member_id and r.day = c.day
      ),
      gone as materialized (
        select * from old o where not exists (
          select 1 from nr n where n.member_id = o.member_id and n.day = o.day
            and n.prev_day = o.prev_day and n.reach_day = o.reach_day)
      ),
      came as materialized (
        select * from nr n where not exists (
          select 1 from old o where o.member_id = n.member_id and o.day = n.day
            and o.prev_day = n.prev_day and o.reach_day = n.reach_day)
      ),
      del as (
        delete from figure_member_reach r using gone g
        where r.member_id = g.member_id and r.day = g.day
          and not exists (select 1 from came c where c.member_id = g.member_id and c.day = g.day)
      ),
      put as (
        insert into figure_member_reach (merchant_id, member_id, day, prev_day, reach_day)
        select merchant_id, member_id, day, prev_day, reach_day from came
        on conflict (member_id, day) do update set prev_day = excluded.prev_day, reach_day = excluded.reach_day
      ),
      d as (
        select x.merchant_id, t.ancestor_id as agent_id, x.day, x.prev_day, x.reach_day, sum(x.n)::int as n
        from (select merchant_id, member_id, day, prev_day, reach_day, -1 as n from gone
              where reach_day <> 'infinity'
              union all
              select merchant_id, member_id, day, prev_day, reach_day, 1 from came
              where reach_day <> 'infinity') x
        join member_tree t on t.descendant_id = x.member_id and t.depth > 0
        group by 1, 2, 3, 4, 5
        having sum(x.n) <> 0
      ),
      cur as materialized (
        select d.*, coalesce(f.members, 0) + d.n as after
        from d left join figure_team_reach f on f.agent_id = d.agent_id and f.day = d.day
          and f.prev_day = d.prev_day and f.reach_day = d.reach_day
      ),
      tdel as (
        delete from figure_team_reach f using cur c
        where c.after = 0 and f.agent_id = c.agent_id and f.day = c.day and f.prev_day = c.prev_day
          and f.reach_day = c.reach_day
      ),
      tput as (
        insert into figure_team_reach (merchant_id, agent_id, day, prev_day, reach_day, members)
        select merchant_id, agent_id, day, prev_day, reach_day, after from cur where after <> 0
        on conflict (agent_id, day, prev_day, reach_day) do update set members = excluded.members
      )
      select 1`);
  },

  /** Merchants whose reach rows are missing or were built with other thresholds than now. */
  async stale(db: Executor): Promise<number[]> {
    const list = await rows<{ id: number }>(
      db,
      sql`select m.id from merchant m
          left join figure_setting f on f.merchant_id = m.id
          left join figure_reach_state s on s.merchant_id = m.id
          where s.merchant_id is null
             or s.min_deposit <> coalesce(f.active_min_deposit, ${DEFAULT_MIN_DEPOSIT})
             or s.min_valid_bet <> coalesce(f.active_min_valid_bet, ${DEFAULT_MIN_VALID_BET})
          order by m.id`,
    );
    return list.map((r) => Number(r.id));
  },

  /** Every reach row of the merchant again, with its thresholds now. */
  async rebuild(tx: Executor, merchantId: number) {
    await tx.execute(sql`delete from figure_team_reach where merchant_id = ${merchantId}`);
    await tx.execute(sql`delete from figure_member_reach where merchant_id = ${merchantId}`);
    await tx.execute(sql`
      insert into figure_reach_state (merchant_id, min_deposit, min_valid_bet, built_at)
      select ${merchantId}, th.d, th.b, now() from (${currentThresholds(sql`${merchantId}`)}) th
      on conflict (merchant_id) do update set min_deposit = excluded.min_deposit,
        min_valid_bet = excluded.min_valid_bet, built_at = excluded.built_at`);
    await tx.execute(sql`
      insert into figure_member_reach (merchant_id, member_id, day, prev_day, reach_day)
      select merchant_id, member_id, day, prev_day, reach_day from (${reachOf(
        sql`select merchant_id, member_id, day from figure_member_day where merchant_id = ${merchantId}`,
      )}) r`);
    await tx.execute(sql`
      insert into figure_team_reach (merchant_id, agent_id, day, prev_day, reach_day, members)
      select ${merchantId}, t.ancestor_id, r.day, r.prev_day, r.reach_day, count(*)::int
      from figure_member_reach r join member_tree t on t.descendant_id = r.member_id and t.depth > 0
      where r.merchant_id = ${merchantId} and r.reach_day <> 'infinity'
      group by t.ancestor_id, r.day, r.prev_day, r.reach_day`);
  },

  /**
   * Active members of each agent's team in the merchant days first..last (inclusive), with the agent
   * itself when includeSelf; undefined when the merchant's reach rows are not built with its current
   * thresholds (the caller counts from the member rows then).
   */
  async activeOf(
    db: Executor,
    p: { merchantId: number; agentIds: readonly number[]; first: string; last: string; includeSelf: boolean },
  ): Promise<Map<number, number> | undefined> {
    if (p.agentIds.length === 0) return new Map();
    const ids = `{${p.agentIds.map((i) => Number(i)).join(',')}}`;
    const d1 = sql`${p.first}::date`;
    const d2 = sql`${p.last}::date`;
    const list = await rows<{ ok: boolean; agent_id: number | null; n: string | null }>(
      db,
      sql`with th as (${currentThresholds(sql`${p.merchantId}`)}),
          ok as (select exists (select 1 from figure_reach_state s, th where s.merchant_id = ${p.merchantId}
                                and s.min_deposit = th.d and s.min_valid_bet = th.b) as ok)
          select ok.ok, a.agent_id, (coalesce(team.n, 0) + coalesce(self.n, 0))::text as n
          from ok
          left join unnest(${ids}::int[]) a(agent_id) on ok.ok
          left join lateral (
            select sum(f.members) as n from figure_team_reach f
            where f.agent_id = a.agent_id and f.merchant_id = ${p.merchantId}
              and f.day >= ${d1} and f.prev_day < ${d1} and f.reach_day <= ${d2}) team on true
          left join lateral (
            select count(*) as n from figure_member_reach r
            where ${p.includeSelf} and r.member_id = a.agent_id and r.merchant_id = ${p.merchantId}
              and r.day >= ${d1} and r.prev_day < ${d1} and r.reach_day <= ${d2}) self on true`,
    );
    if (!list[0]?.ok) return undefined;
    return new Map(list.map((r) => [Number(r.agent_id), Number(r.n ?? 0)]));
  },
};
