import {
  fromMinor,
  ZVipLevelCreate,
  ZVipLevelUpdate,
  type TPlayerRankProgressReply,
  type TVipLevel,
  type TVipLevelCreate,
  type TVipLevelUpdate,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { exactNumber } from '../../platform/json-reply.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import type { MessageService } from '../message/index.js';
import { assertCan } from '../operator/index.js';
import { memberFigures, merchantTimeZone } from '../team-figure/index.js';
import { parseAmount } from '../wallet/index.js';
import { vipRepo, type VipLevelRow, type VipLevelValues } from './vip.repo.js';
import { levelAt, monthBounds, nextLevel, rankOf, type RankFigures } from './vip.rules.js';

type Merchant = Pick<MerchantContext, 'id' | 'currencyDecimals' | 'timeZone'>;
export type UpgradeCause = 'job' | 'progress';

/** Members evaluated per batch of the scheduled run (one figures query per batch and period). */
const BATCH = 500;
/** Lifetime figures start here (a merchant midnight near it, so the day table answers). */
const EPOCH = new Date(Date.UTC(2000, 0, 1, 12));
const ZERO: RankFigures = { monthlyDeposit: 0n, monthlyTurnover: 0n, totalDeposit: 0n, totalTurnover: 0n };

/**
 * VIP ranks (issue 16): operators' levels, each member's rank computed from its team figures (THE
 * valid-bet and deposit definitions of modules/team-figure), upgrades with a notice, and the player's
 * progress toward the next rank.
 */
export function createVipService({
  db,
  clock,
  audit,
  members,
  messages,
}: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  members: MemberService;
  messages: MessageService;
}) {
  const money = (m: Pick<Merchant, 'currencyDecimals'>, v: bigint) => fromMinor(v, m.currencyDecimals);

  function view(m: Merchant, l: VipLevelRow): TVipLevel {
    return {
      id: l.id,
      level: l.level,
      name: l.name,
      monthlyDeposit: money(m, l.monthlyDeposit),
      monthlyTurnover: money(m, l.monthlyTurnover),
      totalDeposit: money(m, l.totalDeposit),
      totalTurnover: money(m, l.totalTurnover),
      rebateRates: l.rebateRates,
      dailyWithdrawalLimit: l.dailyWithdrawalLimit === null ? null : money(m, l.dailyWithdrawalLimit),
      birthdayBonus: money(m, l.birthdayBonus),
      upgradeBonus: money(m, l.upgradeBonus),
    };
  }

  /** Each member's figures this merchant month and ever (members without any: zeros). */
  async function figuresOf(
    merchantId: number,
    timeZone: string,
    memberIds: readonly number[],
    now: Date,
  ): Promise<Map<number, RankFigures>> {
    const out = new Map<number, RankFigures>(memberIds.map((id) => [id, { ...ZERO }]));
    if (memberIds.length === 0) return out;
    const today = formatMerchantTime(now, timeZone).slice(0, 10);
    const month = monthBounds(today, (n) => merchantDayStart(timeZone, now, n));
    const ever = { from: merchantDayStart(timeZone, EPOCH), to: merchantDayStart(timeZone, now, 1) };
    const [monthly, total] = await Promise.all(
      [month, ever].map((p) => memberFigures(db, { merchantId, ...p, memberIds, limit: memberIds.length })),
    );
    for (const f of monthly!.list) {
      const o = out.get(f.memberId)!;
      o.monthlyDeposit = f.deposit;
      o.monthlyTurnover = f.validBet;
    }
    for (const f of total!.list) {
      const o = out.get(f.memberId)!;
      o.totalDeposit = f.deposit;
      o.totalTurnover = f.validBet;
    }
    return out;
  }

  /**
   * Raises a member to `to` in its own transaction: the rank, the record (once per member and level),
   * the VIP label and the notice commit together; a racing evaluation of the same member waits on its
   * rank row and then finds nothing to do, so a member hears of each upgrade once.
   */
  async function upgrade(merchantId: number, memberId: number, to: VipLevelRow, cause: UpgradeCause) {
    return db.transaction(async (tx) => {
      const from = await vipRepo.raise(tx, merchantId, memberId, to.level);
      if (from === undefined) return false;
      const fresh = await vipRepo.recordUpgrade(tx, {
        merchantId,
        memberId,
        from,
        to: to.level,
        name: to.name,
        cause,
      });
      await members.update(tx, { merchantId, id: memberId }, { vipLabel: to.name });
      if (fresh) {
        const announce = await messages.notify(tx, {
          merchantId,
          memberId,
          kind: 'vip_upgraded',
          data: { to: to.name, level: to.level },
        });
        afterCommit(tx, announce);
      }
      return true;
    });
  }

  /** Evaluates members against the merchant's levels; answers how many were upgraded. */
  async function evaluate(
    merchant: { id: number; timeZone: string },
    memberIds: readonly number[],
    cause: UpgradeCause,
    now: Date,
    levels?: VipLevelRow[],
  ): Promise<number> {
    const all = levels ?? (await vipRepo.listLevels(db, merchant.id));
    if (all.length === 0 || memberIds.length === 0) return 0;
    const [figures, held] = await Promise.all([
      figuresOf(merchant.id, merchant.timeZone, memberIds, now),
      vipRepo.heldLevels(db, merchant.id, memberIds),
    ]);
    let n = 0;
    for (const id of memberIds) {
      const current = held.get(id) ?? 0;
      const target = rankOf(all, figures.get(id) ?? ZERO, current);
      const level = all.find((l) => l.level === target);
      if (target > current && level && (await upgrade(merchant.id, id, level, cause))) n++;
    }
    return n;
  }

  function parseValues(m: Merchant, v: ReturnType<typeof ZVipLevelCreate.parse>): VipLevelValues {
    const amount = (x: string | number) => parseAmount(x, m);
    return {
      level: v.level,
      name: v.name,
      monthlyDeposit: amount(v.monthlyDeposit),
      monthlyTurnover: amount(v.monthlyTurnover),
      totalDeposit: amount(v.totalDeposit),
      totalTurnover: amount(v.totalTurnover),
      rebateRates: v.rebateRates,
      dailyWithdrawalLimit: v.dailyWithdrawalLimit === null ? null : amount(v.dailyWithdrawalLimit),
      birthdayBonus: amount(v.birthdayBonus),
      upgradeBonus: amount(v.upgradeBonus),
    };
  }

  return {
    async listLevels(actor: OperatorActor, merchant: Merchant): Promise<TVipLevel[]> {
      assertCan(actor, 'read');
      return (await vipRepo.listLevels(db, merchant.id)).map((l) => view(merchant, l));
    },

    async createLevel(who: AuditWho, merchant: Merchant, body: TVipLevelCreate): Promise<TVipLevel> {
      assertCan(who.actor, 'write');
      const values = parseValues(merchant, ZVipLevelCreate.parse(body));
      return db.transaction(async (tx) => {
        await vipRepo.lockLevels(tx, merchant.id);
        const taken = (await vipRepo.listLevels(tx, merchant.id)).some(
          (l) => l.level === values.level || l.name.toLowerCase() === values.name.toLowerCase(),
        );
        const row = taken ? undefined : await vipRepo.insertLevel(tx, merchant.id, values);
        if (!row) throw new AppError('conflict', { detail: 'level or name taken' });
        const after = view(merchant, row);
        await audit.record(tx, who, {
          action: 'vip.level.create',
          entityType: 'vip_level',
          entityId: row.id,
          after,
        });
        return after;
      });
    },

    async updateLevel(
      who: AuditWho,
      merchant: Merchant,
      id: number,
      patch: TVipLevelUpdate,
    ): Promise<TVipLevel> {
      assertCan(who.actor, 'write');
      const p = ZVipLevelUpdate.parse(patch);
      return db.transaction(async (tx) => {
        await vipRepo.lockLevels(tx, merchant.id);
        const before = await vipRepo.findLevel(tx, merchant.id, id);
        if (!before) throw new AppError('not_found');
        const b = view(merchant, before);
        const values = parseValues(merchant, ZVipLevelCreate.parse({ ...b, ...p }));
        // members hold a level by its number: renumbering one they hold would move them silently
        if (values.level !== before.level && (await vipRepo.heldBy(tx, merchant.id, before.level)) > 0) {
          throw new AppError('conflict', { detail: 'members hold this level' });
        }
        if (!(await vipRepo.updateLevel(tx, merchant.id, id, values))) {
          throw new AppError('conflict', { detail: 'level or name taken' });
        }
        if (values.name !== before.name) await vipRepo.relabel(tx, merchant.id, values.level, values.name);
        const after = view(merchant, (await vipRepo.findLevel(tx, merchant.id, id))!);
        await audit.record(tx, who, {
          action: 'vip.level.update',
          entityType: 'vip_level',
          entityId: id,
          before: b,
          after,
        });
        return after;
      });
    },

    /** The levels for the player's benefits table (no ids: players refer to levels by name). */
    async playerLevels(merchant: Merchant) {
      return (await vipRepo.listLevels(db, merchant.id)).map((l) => {
        const { id: _id, ...rest } = view(merchant, l);
        return rest;
      });
    },

    /**
     * The member's rank and its progress toward the next one. A member found to qualify for a higher
     * rank is upgraded here and now (as the scheduled run would be within minutes), so the page and
     * the header's label agree with the bars they show.
     */
    async progress(actor: MemberActor, merchant: Merchant): Promise<TPlayerRankProgressReply> {
      const levels = await vipRepo.listLevels(db, merchant.id);
      const now = clock.now();
      const figures =
        (await figuresOf(merchant.id, merchant.timeZone, [actor.memberId], now)).get(actor.memberId) ?? ZERO;
      let current = (await vipRepo.heldLevels(db, merchant.id, [actor.memberId])).get(actor.memberId) ?? 0;
      const target = rankOf(levels, figures, current);
      const reached = levels.find((l) => l.level === target);
      if (target > current && reached) {
        await upgrade(merchant.id, actor.memberId, reached, 'progress');
        current = (await vipRepo.heldLevels(db, merchant.id, [actor.memberId])).get(actor.memberId) ?? target;
      }
      const at = levelAt(levels, current);
      const next = nextLevel(levels, current);
      const goal = next ?? at;
      const pair = (actual: bigint, expected: bigint | undefined) => ({
        actual: exactNumber(actual, merchant.currencyDecimals),
        expected: exactNumber(expected ?? 0n, merchant.currencyDecimals),
      });
      const name = at?.name ?? (await members.getById(merchant.id, actor.memberId)).vipLabel;
      return {
        playerRankName: name,
        playerRankLevel: at?.level ?? current,
        nextRankName: next?.name ?? null,
        nextRankLevel: next?.level ?? null,
        monthlyTurnover: pair(figures.monthlyTurnover, goal?.monthlyTurnover),
        totalTurnover: pair(figures.totalTurnover, goal?.totalTurnover),
        monthlyDeposit: pair(figures.monthlyDeposit, goal?.monthlyDeposit),
        totalDeposit: pair(figures.totalDeposit, goal?.totalDeposit),
      };
    },

    evaluate,

    /**
     * The scheduled run: in each merchant with levels, the members with figures since the start of
     * the month of yesterday (so play late on a month's last day is still looked at after midnight),
     * in batches. Idempotent: an upgrade is keyed by member and level, so a second run, or two at
     * once, upgrade and notify nobody twice.
     */
    async evaluateAll(now: Date): Promise<number> {
      let n = 0;
      for (const merchantId of await vipRepo.merchantsWithLevels(db)) {
        const timeZone = await merchantTimeZone(db, merchantId);
        const levels = await vipRepo.listLevels(db, merchantId);
        const yesterday = new Date(now.getTime() - 86_400_000);
        const from = monthBounds(formatMerchantTime(yesterday, timeZone).slice(0, 10), (d) =>
          merchantDayStart(timeZone, yesterday, d),
        ).from;
        const to = merchantDayStart(timeZone, now, 1);
        for (let offset = 0; ; offset += BATCH) {
          const { list } = await memberFigures(db, { merchantId, from, to, limit: BATCH, offset });
          const ids = list.filter((f) => f.validBet > 0n || f.deposit > 0n).map((f) => f.memberId);
          n += await evaluate({ id: merchantId, timeZone }, ids, 'job', now, levels);
          if (list.length < BATCH) break;
        }
      }
      return n;
    },
  };
}
export type VipService = ReturnType<typeof createVipService>;
