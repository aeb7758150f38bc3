import { fromMinor, type TCheckinCalendar } from '@bp/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MemberActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import { addDays, merchantDay, weekStartOf } from '../../platform/merchant-day.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { assertCan } from '../operator/index.js';
import { auditedWrite, pickText } from '../system/index.js';
import { parseAmount } from '../wallet/index.js';
import { checkinRepo } from './checkin.repo.js';
import { calendarDays, dayAmountFor, streakEndingAt } from './checkin.rules.js';
import { promotionRepo, type ClaimRow, type PromotionRow } from './promotion.repo.js';

export interface CheckinDeps {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
  /** the promotion grant path: pays `amount` for a JOINED claim locked in `tx` */
  grant: (tx: Tx, p: PromotionRow, claim: ClaimRow, amount: bigint) => Promise<boolean>;
}

/**
 * The daily check-in (issue 16): a DAILY_LOGIN promotion claimed once per merchant day. The claim's
 * occurrence is the day, so the claim row's unique key (promotion, member, day) lets one of any
 * number of parallel check-ins through and the grant's ledger key is that claim's: paid once. The
 * amount is the day amount of the streak (consecutive days up to today), cash or bonus money with
 * wagering as the promotion says.
 */
export function createCheckinService(deps: CheckinDeps) {
  const { db, ledger, audit, events, clock, grant } = deps;

  /** The check-in promotion asked for, or the merchant's first one running now. */
  async function running(merchant: MerchantContext, promotionId: number | undefined) {
    const now = clock.now();
    const live = (await promotionRepo.listLive(db, merchant.id, now)).filter(
      (p) => p.trigger === 'DAILY_LOGIN' && (!p.startAt || p.startAt <= now),
    );
    const p = promotionId === undefined ? live[0] : live.find((x) => x.id === promotionId);
    if (!p) throw new AppError('checkin_unavailable');
    return p;
  }

  async function amountsOf(p: PromotionRow) {
    return (await checkinRepo.dayAmounts(db, p.id)) ?? (p.rewardAmount ? [p.rewardAmount] : []);
  }

  async function view(
    actor: MemberActor,
    merchant: MerchantContext,
    lang: string,
    p: PromotionRow,
    reward: bigint | null,
  ): Promise<TCheckinCalendar> {
    const today = merchantDay(merchant.timeZone, clock.now());
    const [paid, amounts] = await Promise.all([
      checkinRepo.signedDays(db, p.id, actor.memberId),
      amountsOf(p),
    ]);
    const c = calendarDays({ weekStart: weekStartOf(today), today, paid, amounts });
    const money = (v: bigint) => fromMinor(v, merchant.currencyDecimals);
    return {
      promotionId: p.id,
      title: pickText(p.title, lang.toUpperCase(), merchant.defaultLanguage.toUpperCase()),
      today,
      todayStatus: c.signedToday ? 'Signed' : 'Claim',
      consecutiveDays: c.consecutiveDays,
      dayAmounts: amounts.map(money),
      wageringMultiple: p.wageringX100 / 100,
      days: c.days.map((d) => ({ ...d, amount: d.amount === null ? null : money(d.amount) })),
      reward: reward === null ? null : money(reward),
    };
  }

  /**
   * Signs today: the claim of the day, its streak amount granted in the same transaction. Answers the
   * claim; a second check-in of the day is refused (checkin_already_signed), whoever came first.
   */
  async function signToday(actor: MemberActor, merchant: MerchantContext, p: PromotionRow, ip: string) {
    // the promotion's audience (new members, VIP levels, teams, lists) and its excluded members
    if (!(await promotionRepo.eligibleIds(db, actor.memberId, [p.id])).has(p.id))
      throw new AppError('promotion_unavailable');
    const today = merchantDay(merchant.timeZone, clock.now());
    const amounts = await amountsOf(p);
    const claim = await ledger.transaction(async (tx) => {
      const created = await promotionRepo.insertClaim(tx, {
        merchantId: merchant.id,
        promotionId: p.id,
        memberId: actor.memberId,
        ip,
        occurrence: today,
      });
      if (!created) throw new AppError('checkin_already_signed');
      // the days before today are settled: the streak is read inside the transaction that signs today
      const signed = new Set((await checkinRepo.signedDays(tx, p.id, actor.memberId)).keys());
      const amount = dayAmountFor(streakEndingAt(signed, addDays(today, -1)) + 1, amounts);
      if (amount <= 0n || !(await grant(tx, p, created, amount))) throw new AppError('promotion_unavailable');
      await checkinRepo.recordActiveDay(tx, merchant.id, actor.memberId, today);
      return (await promotionRepo.findClaim(tx, p.id, actor.memberId, false, today))!;
    });
    events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
    return claim;
  }

  return {
    signToday,

    /** MCSFE_getLoginPromotionCalendar */
    async calendar(actor: MemberActor, merchant: MerchantContext, lang: string, q: { promotionId?: number }) {
      return view(actor, merchant, lang, await running(merchant, q.promotionId), null);
    },

    /** MCSFE_claimLoginPromotion: today's reward, once per merchant day. */
    async claim(
      actor: MemberActor,
      merchant: MerchantContext,
      lang: string,
      body: { promotionId?: number },
      ip: string,
    ) {
      const p = await running(merchant, body.promotionId);
      const claim = await signToday(actor, merchant, p, ip);
      return view(actor, merchant, lang, p, claim.bonusAmount);
    },

    /** PROMOFE_recordCustomerHeartbeatDaily: the member was here today (login-day missions count it). */
    async heartbeat(actor: MemberActor, merchant: MerchantContext) {
      const day = merchantDay(merchant.timeZone, clock.now());
      await checkinRepo.recordActiveDay(db, merchant.id, actor.memberId, day);
      return {
        day,
        activeDaysThisWeek: await checkinRepo.activeDaysSince(db, actor.memberId, weekStartOf(day)),
      };
    },

    /** Sets a check-in promotion's day amounts (audited with the change). */
    async adminSetDays(
      who: AuditWho,
      merchant: MerchantContext,
      promotionId: number,
      dayAmounts: (string | number)[],
    ) {
      assertCan(who.actor, 'write');
      const change = await auditedWrite(db, undefined, async (tx) => {
        const p = await promotionRepo.get(tx, merchant.id, promotionId, true);
        if (!p) throw new AppError('promotion_not_found');
        if (p.trigger !== 'DAILY_LOGIN') throw new AppError('promotion_unavailable');
        // after the look-up: another merchant's promotion is not found, whatever the body says
        const amounts = dayAmounts.map((a) => parseAmount(a, merchant));
        if (amounts.some((a) => a <= 0n)) {
          throw new AppError('request_param_err', {
            value: { issues: [{ path: 'dayAmounts', message: 'must be more than 0' }] },
          });
        }
        const money = (v: bigint[]) => v.map((x) => fromMinor(x, merchant.currencyDecimals));
        const before = await checkinRepo.dayAmounts(tx, promotionId);
        await checkinRepo.setDayAmounts(tx, merchant.id, promotionId, amounts);
        const after = { promotionId, dayAmounts: money(amounts) };
        await audit.record(tx, who, {
          action: 'promotion.checkinDays',
          entityType: 'promotion',
          entityId: String(promotionId),
          before: before ? { promotionId, dayAmounts: money(before) } : null,
          after,
        });
        return { before: null, after };
      });
      return change.after!;
    },
  };
}
export type CheckinService = ReturnType<typeof createCheckinService>;
