import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

/** One team's counted rounds of a window (money in minor units). */
export interface TeamRounds {
  /** stakes of the counted rounds the member did not lose (won or drew: win >= stake) */
  profitStake: bigint;
  /** stakes of the counted rounds the member lost (win < stake) */
  lossStake: bigint;
  /** stakes - wins of the counted rounds */
  ggr: bigint;
  rounds: number;
}

/**
 * The settled rounds of each team in a window, one round at a time (real-time salary, DOMAIN-NOTES 3:
 * "per settled bet"), on the same definitions as the team figures: a round is settled by its first
 * accepted credit (any amount, 0 for a loss); its valid stake is its accepted bets minus what
 * rollbacks refunded; players and agents count, trial and internal accounts never.
 *
 * Which window a round belongs to: the one holding its SETTLEMENT time, the created_at of its first
 * accepted credit (earliest by time, then id). A round settled late (a long game, a recovered
 * round) is therefore counted in the window it was settled in, never in the one it was bet in, and
 * a round's window never changes afterwards: counted once per contract. created_at is the wallet
 * transaction's start (now()), so once every transaction that began before a window's end has ended
 * (`windowIsFinal`), nothing can join that window any more. The stake and win are those the
 * wallet had accepted before the window's end: what arrives later for a counted round (a second
 * credit, a rollback of a lost bet) does not change what it earned.
 *
 * A team is an agent and everyone below it (member_tree, depth 0 included); only rounds with a
 * valid stake of at least the team's `minBet` count.
 */
export async function teamRounds(
  db: Executor,
  p: { merchantId: number; from: Date; to: Date; teams: { agentId: number; minBet: bigint }[] },
): Promise<Map<number, TeamRounds>> {
  const out = new Map<number, TeamRounds>();
  if (p.teams.length === 0) return out;
  const from = sql`${p.from.toISOString()}::timestamptz`;
  const to = sql`${p.to.toISOString()}::timestamptz`;
  const teams = sql.join(
    p.teams.map((t) => sql`(${t.agentId}::int, ${t.minBet.toString()}::bigint)`),
    sql`, `,
  );
  const list = await rows<{
    agentId: number;
    profitStake: string;
    lossStake: string;
    ggr: string;
    rounds: number;
  }>(
    db,
    sql`with teams(agent_id, min_bet) as (values ${teams}),
        settling as (
          select c.vendor_code, c.member_id, c.round_id
          from vendor_txn c
          join member m on m.id = c.member_id and m.type in (0, 1, 2, 41, 42)
          where c.merchant_id = ${p.merchantId} and c.op = 'credit' and c.status = 'ok'
            and c.created_at >= ${from} and c.created_at < ${to}
            and not exists (
              select 1 from vendor_txn e
              where e.merchant_id = c.merchant_id and e.vendor_code = c.vendor_code
                and e.member_id = c.member_id and e.round_id = c.round_id and e.op = 'credit' and e.status = 'ok'
                and (e.created_at < c.created_at or (e.created_at = c.created_at and e.id < c.id)))
        ),
        r as (
          select s.member_id,
            coalesce(sum(v.amount) filter (where v.op = 'debit'), 0)
              - coalesce(sum(v.amount) filter (where v.op = 'rollback'), 0) as stake,
            coalesce(sum(v.amount) filter (where v.op = 'credit'), 0) as win
          from settling s
          join vendor_txn v on v.merchant_id = ${p.merchantId} and v.vendor_code = s.vendor_code
            and v.member_id = s.member_id and v.round_id = s.round_id and v.status = 'ok' and v.created_at < ${to}
          group by s.vendor_code, s.member_id, s.round_id
        )
        select t.agent_id as "agentId",
          coalesce(sum(r.stake) filter (where r.win >= r.stake), 0)::text as "profitStake",
          coalesce(sum(r.stake) filter (where r.win < r.stake), 0)::text as "lossStake",
          coalesce(sum(r.stake - r.win), 0)::text as ggr,
          count(*)::int as rounds
        from r
        join member_tree mt on mt.descendant_id = r.member_id
        join teams t on t.agent_id = mt.ancestor_id
        where r.stake > 0 and r.stake >= t.min_bet
        group by t.agent_id`,
  );
  for (const r of list) {
    out.set(Number(r.agentId), {
      profitStake: BigInt(r.profitStake),
      lossStake: BigInt(r.lossStake),
      ggr: BigInt(r.ggr),
      rounds: Number(r.rounds),
    });
  }
  return out;
}

/**
 * Whether a window ending at `end` can still gain rounds: not before the database's clock has
 * passed it, nor while a transaction that began before it is still open (it may yet commit a credit
 * whose created_at lies inside). Idle sessions hold no transaction and do not count.
 */
export async function windowIsFinal(db: Executor, end: Date): Promise<boolean> {
  const [r] = await rows<{ final: boolean }>(
    db,
    sql`select statement_timestamp() >= ${end.toISOString()}::timestamptz
          and not exists (
            select 1 from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and xact_start is not null and xact_start < ${end.toISOString()}::timestamptz) as final`,
  );
  return r?.final === true;
}

/**
 * One member's valid bets since an instant, on THE definition (settled rounds only: a round counts
 * once a credit has been accepted for it, for its accepted bets minus what rollbacks refunded), over
 * the rounds whose first accepted bet is at or after `since` (a database instant: the journal stamps
 * rows with the database's now()). Read from the wallet journal itself, so a round settled a moment
 * ago counts at once (bonus wagering, issue 16), not after the next roll-up.
 */
export async function memberValidBetSince(db: Executor, memberId: number, since: Date): Promise<bigint> {
  const [r] = await rows<{ total: string }>(
    db,
    sql`select coalesce(sum(stake), 0)::text as total from (
          select coalesce(sum(amount) filter (where op = 'debit'), 0)
                   - coalesce(sum(amount) filter (where op = 'rollback'), 0) as stake,
                 bool_or(op = 'credit') as settled,
                 bool_or(op = 'debit') as bet
          from vendor_txn
          where member_id = ${memberId} and status = 'ok' and created_at >= ${since.toISOString()}::timestamptz
          group by vendor_code, round_id
        ) r
        where settled and bet`,
  );
  return BigInt(r?.total ?? '0');
}

/**
 * The same valid bets as `memberValidBetSince`, by the catalogue's game type of each round's game
 * ('' where the game is not in the catalogue): a bonus's wagering counts each type at its own percent.
 */
export async function memberValidBetByTypeSince(
  db: Executor,
  memberId: number,
  since: Date,
): Promise<Map<string, bigint>> {
  const list = await rows<{ type: string; total: string }>(
    db,
    sql`select coalesce(g.game_type, '') as type, sum(r.stake)::text as total from (
          select vendor_code, max(game_code) as game_code,
                 coalesce(sum(amount) filter (where op = 'debit'), 0)
                   - coalesce(sum(amount) filter (where op = 'rollback'), 0) as stake,
                 bool_or(op = 'credit') as settled,
                 bool_or(op = 'debit') as bet
          from vendor_txn
          where member_id = ${memberId} and status = 'ok' and created_at >= ${since.toISOString()}::timestamptz
          group by vendor_code, round_id
        ) r
        left join game g on g.vendor_code = r.vendor_code and g.game_code = r.game_code
        where r.settled and r.bet
        group by 1`,
  );
  return new Map(list.map((r) => [r.type, BigInt(r.total)]));
}

/**
 * The members of a merchant whose valid bets in [since, end) reached `atLeast`, with their totals:
 * `memberValidBetByTypeSince`'s definition bounded by `end` (a round counts when its rows from
 * `since` on hold a bet and a credit, all stamped before `end`: what the member's own reading counted
 * at the window's end), over the catalogue game types listed (none: every round, games unknown to the
 * catalogue included). Players and agents only (trial and internal accounts never), as the team
 * figures count. One pass over the window's journal rows grouped by round (a bet volume period's
 * automatic grant, issue 16).
 */
export async function membersReachingValidBet(
  db: Executor,
  p: { merchantId: number; since: Date; end: Date; gameTypes: string[]; atLeast: bigint },
): Promise<Map<number, bigint>> {
  const types =
    p.gameTypes.length === 0 ? sql`true` : sql`g.game_type = any(${`{${p.gameTypes.join(',')}}`}::text[])`;
  const list = await rows<{ member_id: number; total: string }>(
    db,
    sql`select r.member_id, sum(r.stake)::text as total from (
          select member_id, vendor_code, max(game_code) as game_code,
                 coalesce(sum(amount) filter (where op = 'debit'), 0)
                   - coalesce(sum(amount) filter (where op = 'rollback'), 0) as stake,
                 bool_or(op = 'credit') as settled,
                 bool_or(op = 'debit') as bet
          from vendor_txn
          where merchant_id = ${p.merchantId} and status = 'ok'
            and created_at >= ${p.since.toISOString()}::timestamptz and created_at < ${p.end.toISOString()}::timestamptz
          group by member_id, vendor_code, round_id
        ) r
        join member m on m.id = r.member_id and m.type in (0, 1, 2, 41, 42)
        left join game g on g.vendor_code = r.vendor_code and g.game_code = r.game_code
        where r.settled and r.bet and ${types}
        group by r.member_id
        having sum(r.stake) >= ${p.atLeast.toString()}::bigint
        order by r.member_id`,
  );
  return new Map(list.map((r) => [Number(r.member_id), BigInt(r.total)]));
}
