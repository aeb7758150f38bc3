import { sql, type SQL } from 'drizzle-orm';

/**
 * THE valid bets a rebate or cash back is paid on, as one SQL query (a CTE body) answering
 * `(member_id, game_type, valid_bet, win)` per member and product type for a window [from, to).
 *
 * Valid bet is the team-figure definition: the stake (accepted bets minus what rollbacks refunded)
 * of a settled round. A round belongs to the window holding its first accepted credit (its
 * settlement, as real-time salary counts it), so it is counted in exactly one merchant day and its
 * day never changes afterwards: a day's rebate, once run, has nothing left to learn. Its product type
 * is its game's `game_type` in the catalogue (a game unknown to the catalogue earns nothing). Players
 * and agents count; trial and internal accounts never.
 *
 * Cost: one pass over the window's journal rows grouped by round. A credit row names its round's
 * first accepted bet (`first_bet_id`, migration 0033); a member's wallet calls are serialised, so when
 * that bet is among the window's rows the round has no rows before the window, and only rounds whose
 * first bet lies before it (settled across midnight) are looked up in the round index.
 */
export function validBetsSql(p: { merchantId: number; from: Date; to: Date; memberId?: number }): SQL {
  const from = sql`${p.from.toISOString()}::timestamptz`;
  const to = sql`${p.to.toISOString()}::timestamptz`;
  const member = p.memberId === undefined ? sql`` : sql`and v.member_id = ${p.memberId}`;
  return sql`
    d as (
      select v.vendor_code, v.member_id, v.round_id,
        coalesce(sum(v.amount) filter (where v.op = 'debit'), 0)
          - coalesce(sum(v.amount) filter (where v.op = 'rollback'), 0) as stake,
        coalesce(sum(v.amount) filter (where v.op = 'credit'), 0) as win,
        bool_or(v.op = 'credit') as settled,
        min(v.first_bet_id) filter (where v.op = 'credit') as first_bet,
        min(v.id) filter (where v.op = 'debit') as first_debit,
        max(v.game_code) as game_code
      from vendor_txn v
      where v.merchant_id = ${p.merchantId} and v.status = 'ok'
        and v.created_at >= ${from} and v.created_at < ${to} ${member}
      group by v.vendor_code, v.member_id, v.round_id
    ),
    rounds as (
      select member_id, vendor_code, game_code, stake, win from d
      where settled and first_debit is not null and (first_bet is null or first_bet = first_debit)
      union all
      -- settled here, first bet before the window: the round's earlier rows; a credit among them
      -- means it was settled (and counted) in an earlier window
      select d.member_id, d.vendor_code, coalesce(d.game_code, max(e.game_code)),
        d.stake + coalesce(sum(e.amount) filter (where e.op = 'debit'), 0)
          - coalesce(sum(e.amount) filter (where e.op = 'rollback'), 0),
        d.win
      from d
      join vendor_txn e on e.merchant_id = ${p.merchantId} and e.vendor_code = d.vendor_code
        and e.member_id = d.member_id and e.round_id = d.round_id and e.status = 'ok' and e.created_at < ${from}
      where d.settled and not (d.first_debit is not null and (d.first_bet is null or d.first_bet = d.first_debit))
      group by d.vendor_code, d.member_id, d.round_id, d.stake, d.win, d.game_code
      having not bool_or(e.op = 'credit')
    ),
    bets as (
      select r.member_id, g.game_type, sum(greatest(r.stake, 0))::bigint as valid_bet, sum(r.win)::bigint as win
      from rounds r
      join game g on g.vendor_code = r.vendor_code and g.game_code = r.game_code
      join member m on m.id = r.member_id and m.type in (0, 1, 2, 41, 42)
      group by r.member_id, g.game_type
    )`;
}

/**
 * The same valid bets of one merchant day as `validBetsSql`'s `bets` (member_id, game_type,
 * valid_bet), read from the roll-up (`rebate_bet_day`, rebate.rollup.ts: the same definition, rolled up
 * through the day) once it has counted every row of the day (`rebateBetsCounted`). The member types
 * are checked here, as the statement does.
 */
export function rolledBetsSql(p: { merchantId: number; day: string }): SQL {
  return sql`
    bets as (
      select b.member_id, b.game_type, b.valid_bet
      from rebate_bet_day b
      join member m on m.id = b.member_id and m.type in (0, 1, 2, 41, 42)
      where b.merchant_id = ${p.merchantId} and b.day = ${p.day}::date and b.valid_bet > 0
    )`;
}

/**
 * The rebate rate (basis points) of each member's held VIP level for a product type: `lv` joined
 * laterally on `member_id` of the row source `src` (the level held, or the highest level below it when
 * an operator renumbered it away; no row in vip_member is level 0).
 */
export function heldLevelSql(merchantId: number, memberCol: SQL): SQL {
  return sql`left join vip_member vm on vm.member_id = ${memberCol}
    left join lateral (
      select l.rebate_bps, l.level, l.name from vip_level l
      where l.merchant_id = ${merchantId} and l.level <= coalesce(vm.level, 0)
      order by l.level desc limit 1) lv on true`;
}
