import {
  fromMinor,
  isReferralTrigger,
  type TPromoState,
  type TReferralDetails,
  type TReferralRule,
  type TReferralSettings,
  type TReferralSettingsInput,
  type TReferralTrigger,
} from '@bp/contract';
import { afterCommit } from '../../db/after-commit.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import type { Actor, MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { DepositCredited } from '../deposit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MemberRegistered } from '../registration/index.js';
import { assertCan } from '../operator/index.js';
import type { PromotionRow, PromotionService } from '../promotion/index.js';
import { auditedWrite, pickText, sanitizeHtml } from '../system/index.js';
import { parseAmount } from '../wallet/index.js';
import { referralRepo as repo, type ReferralRow, type ReferralSettingsRow } from './referral.repo.js';
import { maskName, qualifies } from './referral.rules.js';

export interface ReferralDeps {
  db: Db;
  ledger: Pick<LedgerService, 'transaction'>;
  promotions: Pick<PromotionService, 'live' | 'get' | 'award' | 'payWaiting' | 'claimable' | 'forVisitors'>;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
  /** THE valid-bet definition (team figures): settled stakes of rounds first bet at or after `since` */
  validBetSince: (ex: Executor, memberId: number, since: Date) => Promise<bigint>;
}

type Money = Pick<MerchantContext, 'currencyDecimals'>;
const money = (v: bigint, m: Money) => fromMinor(v, m.currencyDecimals);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A referral promotion running at `now` (started, not ended, switched on). */
const running = (p: PromotionRow, now: Date) =>
  p.active && isReferralTrigger(p.trigger) && (!p.startAt || p.startAt <= now) && (!p.endAt || now < p.endAt);
/** Invitees count for a promotion from its start (a new programme does not pay for old friends). */
const startOf = (p: PromotionRow) => p.startAt ?? p.createdAt;

/**
 * Member referral: the invitee's record at registration (with the abuse facts), the referral
 * promotions' triggers paying the referrer per invitee (registration and deposit in their own
 * transaction, turnover by a scheduled check), the member's details and claim, and the operator's
 * settings and lists. Every reward goes through the promotion module's `award`: one claim per
 * promotion, referrer and invitee, paid with the claim's ledger key, so nothing is paid twice.
 */
export function createReferralService(deps: ReferralDeps) {
  const { db, ledger, promotions, audit, events, clock, validBetSince } = deps;

  async function referralPromotions(ex: Executor, merchantId: number, trigger?: TReferralTrigger) {
    const now = clock.now();
    return (await promotions.live(ex, merchantId)).filter(
      (p) => running(p, now) && (!trigger || p.trigger === trigger),
    );
  }

  /** Pays (or holds for a claim) each promotion's reward to the invitee's referrer, in `tx`. */
  async function reward(tx: Tx, list: PromotionRow[], r: ReferralRow) {
    if (list.length === 0) return 0;
    const settings = await repo.settings(
      tx,
      r.merchantId,
      list.map((p) => p.id),
    );
    let paid = 0;
    for (const p of list) {
      const s = settings.get(p.id)!;
      if (r.createdAt < startOf(p) || !qualifies(s, r)) continue;
      const claim = await promotions.award(tx, p, {
        memberId: r.referrerId,
        occurrence: String(r.inviteeId),
        hold: s.claimRequired,
      });
      if (!claim) continue;
      if (claim.status !== 'JOINED') paid++;
      // the referrer's balance (or what it can claim) changed: its open pages hear of it once committed
      afterCommit(tx, () =>
        events.emit('wallet.changed', { merchantId: r.merchantId, memberId: r.referrerId }),
      );
    }
    return paid;
  }

  function settingsView(s: ReferralSettingsRow, m: Money): TReferralSettings {
    return {
      turnoverTarget: money(s.turnoverTarget, m),
      firstDepositOnly: s.firstDepositOnly,
      blockSameIp: s.blockSameIp,
      blockSameDevice: s.blockSameDevice,
      claimRequired: s.claimRequired,
    };
  }

  async function referralPromotionOf(ex: Executor, merchant: MerchantContext, id: number) {
    const p = await promotions.get(ex, merchant.id, id);
    if (!p) throw new AppError('promotion_not_found');
    if (!isReferralTrigger(p.trigger)) throw new AppError('referral_not_referral_promotion');
    return p;
  }

  return {
    /**
     * The registration module's hook, in the registration's transaction: a registration that carried
     * a member's referral code records the referral once (the invitee is its key), with whether the
     * invitee shares an address or device with the referrer, and pays the REFERRAL_REGISTER rewards.
     */
    async onRegistered(tx: Tx, r: MemberRegistered) {
      if (!r.referrerId || r.referrerId === r.memberId) return;
      // the registration resolved the code within the merchant; a referrer elsewhere is never recorded
      if (!(await repo.memberOfMerchant(tx, r.merchantId, r.referrerId))) return;
      const deviceId = r.deviceId?.slice(0, 128) || null;
      const shared = await repo.sharedWithReferrer(tx, r.referrerId, r.ip, deviceId);
      const referral = await repo.insert(tx, {
        inviteeId: r.memberId,
        merchantId: r.merchantId,
        referrerId: r.referrerId,
        ip: r.ip,
        deviceId,
        ...shared,
        at: clock.now(),
      });
      if (!referral) return;
      await reward(tx, await referralPromotions(tx, r.merchantId, 'REFERRAL_REGISTER'), referral);
    },

    /**
     * The deposit module's hook, in the deposit's transaction: an invitee's deposit of at least the
     * promotion's minimum (its first deposit, unless the promotion says any) pays the referrer once.
     */
    async onDepositCredited(tx: Tx, d: DepositCredited) {
      const referral = await repo.ofInvitee(tx, d.merchantId, d.memberId);
      if (!referral) return;
      const list = (await referralPromotions(tx, d.merchantId, 'REFERRAL_DEPOSIT')).filter(
        (p) => d.credited >= p.minDeposit,
      );
      if (list.length === 0) return;
      const settings = await repo.settings(
        tx,
        d.merchantId,
        list.map((p) => p.id),
      );
      await reward(
        tx,
        list.filter((p) => d.first || !settings.get(p.id)!.firstDepositOnly),
        referral,
      );
    },

    /**
     * The scheduled turnover check: for each running REFERRAL_TURNOVER promotion, invitees not yet
     * rewarded whose valid bets since registering (and since the promotion's start) reach its target
     * pay their referrer, each in its own transaction keyed by the claim. Answers the rewards paid.
     */
    async turnoverCheck(batch = 500): Promise<number> {
      let paid = 0;
      const now = clock.now();
      for (const { id, merchantId } of await repo.turnoverPromotions(db, now)) {
        const p = await promotions.get(db, merchantId, id);
        if (!p || !running(p, now)) continue;
        const s = (await repo.settings(db, merchantId, [id])).get(id)!;
        if (s.turnoverTarget <= 0n) continue;
        for (let after = 0; ;) {
          const list = await repo.unrewarded(db, merchantId, id, startOf(p), after, batch);
          for (const r of list) {
            if (!qualifies(s, r)) continue;
            const since = r.createdAt > startOf(p) ? r.createdAt : startOf(p);
            if ((await validBetSince(db, r.inviteeId, since)) < s.turnoverTarget) continue;
            paid += await ledger.transaction((tx) => reward(tx, [p], r));
          }
          if (list.length < batch) break;
          after = list[list.length - 1]!.inviteeId;
        }
      }
      return paid;
    },

    /** MCSFE_getReferralDetails: the member's code and link, invitations, rewards and the rules. */
    async details(
      actor: MemberActor,
      merchant: MerchantContext,
      lang: string,
      origin: string,
    ): Promise<TReferralDetails> {
      const me = await repo.memberOfMerchant(db, merchant.id, actor.memberId);
      if (!me) throw new AppError('login.not.session');
      const [totals, invitees, domains, live] = await Promise.all([
        repo.totals(db, merchant.id, me.id),
        repo.invitees(db, merchant.id, me.id, { limit: 100, offset: 0 }),
        repo.domains(db, merchant.id),
        referralPromotions(db, merchant.id),
      ]);
      const settings = await repo.settings(
        db,
        merchant.id,
        live.map((p) => p.id),
      );
      const code = encodeURIComponent(me.referralCode);
      const fb = merchant.defaultLanguage.toUpperCase();
      const rules: TReferralRule[] = live.map((p) => {
        const s = settings.get(p.id)!;
        return {
          promotionId: p.id,
          title: pickText(p.title, lang, fb),
          content: sanitizeHtml(pickText(p.content, lang, fb)),
          trigger: p.trigger as TReferralTrigger,
          rewardAmount: money(p.rewardAmount ?? 0n, merchant),
          minDeposit: money(p.minDeposit, merchant),
          firstDepositOnly: s.firstDepositOnly,
          turnoverTarget: money(s.turnoverTarget, merchant),
          claimRequired: s.claimRequired,
          wageringMultiple: p.wageringX100 / 100,
          startDate: iso(p.startAt),
          endDate: iso(p.endAt),
        };
      });
      return {
        referralCode: me.referralCode,
        referralLink: `${origin}/register?referralCode=${code}`,
        promotionDomains: domains.map((d) => `https://${d}/register?referralCode=${code}`),
        enabled: live.length > 0,
        totalInvitations: totals.invited,
        qualifiedInvitations: totals.qualified,
        rewardsEarned: money(totals.reward, merchant),
        pendingRewards: money(totals.pending, merchant),
        invitees: invitees.list.map((i) => ({
          name: maskName(i.username),
          registeredDate: i.createdAt.toISOString(),
          qualified: i.rewarded,
          reward: money(i.reward, merchant),
          pendingReward: money(i.pending, merchant),
        })),
        rules,
      };
    },

    /**
     * MCSFE_signUpRequestReward: pays the member's referral rewards that wait for a claim (of one
     * promotion when named). Each claim is locked and paid once, so parallel calls pay each once.
     */
    async claim(actor: MemberActor, merchant: MerchantContext, promotionId?: number) {
      const ids = await repo.waitingClaims(db, merchant.id, actor.memberId, promotionId);
      let claimed = 0;
      let amount = 0n;
      for (const id of ids) {
        const c = await ledger.transaction((tx) => promotions.payWaiting(tx, id));
        if (c) {
          claimed++;
          amount += c.bonusAmount ?? 0n;
        }
      }
      if (claimed === 0) throw new AppError('referral_nothing_to_claim');
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      return { claimed, amount: money(amount, merchant) };
    },

    /**
     * The public promotion state (SPEC 3): how many promotions the caller can join or claim now
     * (visitors: what they could join by registering), and whether the referral programme runs.
     */
    async promoState(
      actor: Actor | undefined,
      merchant: MerchantContext,
      lang: string,
    ): Promise<TPromoState> {
      const referral = (await referralPromotions(db, merchant.id)).length > 0;
      const member = actor?.kind === 'member' && actor.merchantId === merchant.id ? actor : undefined;
      let count: number;
      if (member && member.type === 4) count = 0;
      else if (member) count = (await promotions.claimable(member, merchant, lang)).length;
      else
        count = (await promotions.forVisitors(merchant, lang, {})).filter(
          (p) => p.status === 'Join' || p.status === 'Claim',
        ).length;
      return {
        availablePromoCount: count,
        availablePromo: [{ promotionType: 'REFERRAL', enabled: referral }],
      };
    },

    async adminSettings(actor: OperatorActor, merchant: MerchantContext, promotionId: number) {
      assertCan(actor, 'read');
      const p = await referralPromotionOf(db, merchant, promotionId);
      return settingsView((await repo.settings(db, merchant.id, [p.id])).get(p.id)!, merchant);
    },

    async adminUpdateSettings(
      who: AuditWho,
      merchant: MerchantContext,
      promotionId: number,
      patch: TReferralSettingsInput,
    ) {
      assertCan(who.actor, 'write');
      const change = await auditedWrite(db, undefined, async (tx) => {
        const p = await referralPromotionOf(tx, merchant, promotionId);
        const current = (await repo.settings(tx, merchant.id, [p.id])).get(p.id)!;
        const next: ReferralSettingsRow = {
          turnoverTarget:
            patch.turnoverTarget === undefined
              ? current.turnoverTarget
              : parseAmount(patch.turnoverTarget, merchant),
          firstDepositOnly: patch.firstDepositOnly ?? current.firstDepositOnly,
          blockSameIp: patch.blockSameIp ?? current.blockSameIp,
          blockSameDevice: patch.blockSameDevice ?? current.blockSameDevice,
          claimRequired: patch.claimRequired ?? current.claimRequired,
        };
        await repo.upsertSettings(tx, merchant.id, p.id, next, clock.now());
        const before = settingsView(current, merchant);
        const after = settingsView(next, merchant);
        await audit.record(tx, who, {
          action: 'promotion.referral.update',
          entityType: 'promotion',
          entityId: String(p.id),
          before,
          after,
        });
        return { before, after };
      });
      return change.after!;
    },

    async adminMemberReferrals(
      actor: OperatorActor,
      merchant: MerchantContext,
      memberId: number,
      q: { pageNo: number; pageSize: number },
    ) {
      assertCan(actor, 'read');
      if (!(await repo.memberOfMerchant(db, merchant.id, memberId))) throw new AppError('not_found');
      const { list, totalCount } = await repo.invitees(db, merchant.id, memberId, {
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      });
      return {
        list: list.map((i) => ({
          inviteeId: i.inviteeId,
          username: i.username,
          registeredDate: i.createdAt.toISOString(),
          ip: i.ip,
          sameIp: i.sameIp,
          sameDevice: i.sameDevice,
          reward: money(i.reward, merchant),
          pendingReward: money(i.pending, merchant),
        })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / q.pageSize),
      };
    },
  };
}
export type ReferralService = ReturnType<typeof createReferralService>;
