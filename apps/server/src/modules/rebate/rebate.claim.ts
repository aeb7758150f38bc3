import { sql } from 'drizzle-orm';
import { REBATE_ENTRY_TYPES, type TGameType } from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { rows } from '../../platform/sql.js';
import { merchantDayStart } from '../../platform/time.js';
import type { LedgerService } from '../ledger/index.js';
import { heldLevelSql, validBetsSql } from './rebate.bets.js';
import { rebateRepo } from './rebate.repo.js';
import { localDate, REBATE_LOCK } from './rebate.run.js';

/** Serialises one member's claims (a second claim waits and then finds nothing left). */
const MEMBER_LOCK = 727051;

export interface ClaimItem {
  gameType: TGameType;
  /** today's valid bet of this type, all of it */
  validBet: bigint;
  /** the part no claim has covered yet */
  base: bigint;
  rate: number;
  /** today's rebate on `base` */
  today: bigint;
  /** earlier days' accrued rebate of this type waiting for a claim */
  unclaimed: bigint;
}

export interface ClaimState {
  day: string;
  items: ClaimItem[];
  today: bigint;
  unclaimed: bigint;
}

/**
 * What a member could claim now: per product type, today's rebate on the valid bets no claim has
 * covered yet (the nightly run's own computation, for one member, over today so far), plus earlier
 * days' rebate the nightly run accrued for a claim (merchants that pay by claim).
 */
export async function claimState(
  db: Executor,
  m: { merchantId: number; memberId: number; timeZone: string; cap: bigint | null },
  now: Date,
): Promise<ClaimState> {
  const start = merchantDayStart(m.timeZone, now);
  const end = merchantDayStart(m.timeZone, now, 1);
  const day = localDate(m.timeZone, now);
  const list = await rows<{
    gameType: TGameType;
    validBet: string;
    base: string;
    rate: number;
    claimedAmount: string;
  }>(
    db,
    sql`with ${validBetsSql({ merchantId: m.merchantId, from: start, to: end, memberId: m.memberId })},
        claimed as (
          select game_type, max(base_to) as base_to, sum(amount) as amount
          from rebate_accrual where member_id = ${m.memberId} and day = ${day}::date and source = 'claim'
          group by game_type
        )
        select b.game_type as "gameType", b.valid_bet::text as "validBet",
          greatest(b.valid_bet - coalesce(c.base_to, 0), 0)::text as base,
          coalesce((lv.rebate_bps ->> b.game_type)::int, 0) as rate,
          coalesce(c.amount, 0)::text as "claimedAmount"
        from bets b
        left join claimed c on c.game_type = b.game_type
        ${heldLevelSql(m.merchantId, sql`b.member_id`)}`,
  );
  const unclaimed = await rows<{ gameType: TGameType; amount: string }>(
    db,
    sql`select game_type as "gameType", sum(amount)::text as amount from rebate_accrual
        where member_id = ${m.memberId} and status = 'accrued' group by game_type`,
  );
  const byType = new Map<TGameType, ClaimItem>();
  for (const r of list) {
    const base = BigInt(r.base);
    let today = (base * BigInt(r.rate)) / 10_000n;
    if (m.cap !== null) {
      const room = m.cap - BigInt(r.claimedAmount);
      today = today < room ? today : room > 0n ? room : 0n;
    }
    byType.set(r.gameType, {
      gameType: r.gameType,
      validBet: BigInt(r.validBet),
      base,
      rate: Number(r.rate),
      today,
      unclaimed: 0n,
    });
  }
  for (const u of unclaimed) {
    const item = byType.get(u.gameType) ?? {
      gameType: u.gameType,
      validBet: 0n,
      base: 0n,
      rate: 0,
      today: 0n,
      unclaimed: 0n,
    };
    item.unclaimed = BigInt(u.amount);
    byType.set(u.gameType, item);
  }
  const items = [...byType.values()].sort((a, b) => a.gameType.localeCompare(b.gameType));
  return {
    day,
    items,
    today: items.reduce((s, i) => s + i.today, 0n),
    unclaimed: items.reduce((s, i) => s + i.unclaimed, 0n),
  };
}

/**
 * Claims everything claimable now in one transaction and one ledger entry (house rebate -> MAIN):
 * today's part as claim rows recording how far today's valid bets are covered (`base_to`, unique
 * per member, day and type: two claims computed from the same state cannot both be written), and
 * the earlier accrued rows turned paid. Claims of a member are serialised by a member lock, and hold
 * the merchant's rebate lock shared, so the nightly computation of a day never runs beside a claim
 * of that day: whatever a claim covered, the run leaves out.
 */
export async function claim(
  db: Db,
  ledger: LedgerService,
  m: { merchantId: number; memberId: number; timeZone: string },
  now: Date,
): Promise<{ amount: bigint; items: { gameType: TGameType; amount: bigint }[] }> {
  return ledger.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${REBATE_LOCK}, ${m.merchantId})`);
    await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK}, ${m.memberId})`);
    const setting = await rebateRepo.setting(tx, m.merchantId);
    const state = await claimState(tx, { ...m, cap: setting.rebateCap }, now);
    const total = state.today + state.unclaimed;
    if (total <= 0n) throw new AppError('rebate_nothing_to_claim');
    if (total < setting.rebateMinPayout) throw new AppError('rebate_below_minimum');
    const ids: bigint[] = [];
    for (const i of state.items) {
      if (i.today <= 0n) continue;
      const [r] = await rows<{ id: string }>(
        tx,
        sql`insert into rebate_accrual (merchant_id, member_id, day, game_type, source, base, base_to, rate_bps, amount, status)
            values (${m.merchantId}, ${m.memberId}, ${state.day}::date, ${i.gameType}, 'claim', ${i.base.toString()}::bigint,
              ${i.validBet.toString()}::bigint, ${i.rate}, ${i.today.toString()}::bigint, 'pending')
            on conflict (member_id, day, game_type, base_to) where source = 'claim' do nothing
            returning id::text`,
      );
      if (!r) throw new AppError('rebate_nothing_to_claim');
      ids.push(BigInt(r.id));
    }
    const earlier = await rows<{ id: string; amount: string }>(
      tx,
      sql`update rebate_accrual set status = 'pending'
          where member_id = ${m.memberId} and status = 'accrued' returning id::text, amount::text`,
    );
    ids.push(...earlier.map((r) => BigInt(r.id)));
    const paid = state.today + earlier.reduce((s, r) => s + BigInt(r.amount), 0n);
    if (paid !== total) throw new AppError('rebate_nothing_to_claim');
    ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const posted = await ledger.post(tx, {
      merchantId: m.merchantId,
      key: `rebate_claim:${ids[0]}`,
      type: REBATE_ENTRY_TYPES.manual,
      memberId: m.memberId,
      refType: 'rebate_accrual',
      refId: ids.join(',').slice(0, 200),
      memo: { remark: `Manual rebate ${state.day}`, day: state.day },
      lines: [
        { account: { house: 'rebate', spread: m.memberId }, amount: -total },
        { account: { memberId: m.memberId, code: 'main' }, amount: total },
      ],
    });
    await tx.execute(
      sql`update rebate_accrual set status = 'paid', entry_id = ${posted.entryId.toString()}::bigint, paid_at = now()
          where id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    return {
      amount: total,
      items: state.items
        .filter((i) => i.today + i.unclaimed > 0n)
        .map((i) => ({ gameType: i.gameType, amount: i.today + i.unclaimed })),
    };
  });
}
