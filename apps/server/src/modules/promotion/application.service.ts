import {
  APPLICATION_LIMITS,
  fromMinor,
  type TAdminApplication,
  type TAdminApplicationDetail,
  type TApplicationImage,
  type TApplicationSettings,
  type TPromotionApplication,
  type TPromotionApplications,
  type TPromotionApply,
  type TPromotionClaim,
} from '@bp/contract';
import { afterCommit } from '../../db/after-commit.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { decodeImage, type DecodedImage } from '../../platform/image.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MessageService } from '../message/index.js';
import { assertCan } from '../operator/index.js';
import { pickText } from '../system/index.js';
import {
  applicationRepo as repo,
  type AdminApplicationRow,
  type ApplicationRow,
} from './application.repo.js';
import { promotionRepo, type PromotionRow } from './promotion.repo.js';
import type { PromotionService } from './promotion.service.js';

export interface ApplicationDeps {
  db: Db;
  ledger: Pick<LedgerService, 'transaction'>;
  promotions: Pick<PromotionService, 'award' | 'eligible' | 'claimViewOf'>;
  messages: Pick<MessageService, 'notify'>;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
}

const ONCE = '';

/** The images of an application as sent -> decoded and checked by content, or the first refusal. */
export function decodeApplicationImages(images: { data: string }[]): DecodedImage[] {
  return images.map((i) => {
    const r = decodeImage(i.data, APPLICATION_LIMITS.MAX_IMAGE_BYTES);
    if (r.ok) return r.image;
    throw new AppError(
      r.why === 'too_large' ? 'promotion_application_image_too_large' : 'promotion_application_image_invalid',
    );
  });
}

/**
 * Promotion applications (contract promotion-application.ts): a member applies for an APPLICATION
 * promotion with a remark and images; an operator of the merchant approves (the promotion's reward is
 * paid through its grant, keyed by the claim: once) or rejects with a reason. The application row,
 * locked, serialises parallel decisions; a partial unique index keeps one open application per member
 * and occurrence.
 */
export function createApplicationService(deps: ApplicationDeps) {
  const { db, ledger, promotions, messages, audit, events, clock } = deps;

  async function promotionOf(merchantId: number, id: number) {
    return promotionRepo.get(db, merchantId, id);
  }

  async function claimOf(a: ApplicationRow, p: PromotionRow | undefined, lang: string, m: MerchantContext) {
    if (a.status !== 'APPROVED' || !p) return null;
    const c = await promotionRepo.findClaim(db, a.promotionId, a.memberId, false, a.occurrence);
    return c ? promotions.claimViewOf(c, p, lang, m) : null;
  }

  function statusOf(a: ApplicationRow, claim: TPromotionClaim | null): TPromotionApplication['status'] {
    if (a.status === 'APPLYING') return 'Applying';
    if (a.status === 'REJECTED') return 'Rejected';
    const s = claim?.status;
    return s === 'Process' || s === 'Claimed' || s === 'Close' ? s : 'Claimed';
  }

  async function view(
    a: ApplicationRow,
    p: PromotionRow | undefined,
    lang: string,
    m: MerchantContext,
  ): Promise<TPromotionApplication> {
    const claim = await claimOf(a, p, lang, m);
    return {
      id: String(a.id),
      promotionId: a.promotionId,
      title: p ? pickText(p.title, lang, m.defaultLanguage.toUpperCase()) : '',
      state: a.status,
      status: statusOf(a, claim),
      remark: a.remark,
      imageCount: a.imageCount,
      reason: a.reason,
      claim,
      createdDate: a.createdAt.toISOString(),
      decidedDate: a.decidedAt?.toISOString() ?? null,
    };
  }

  async function adminView(a: AdminApplicationRow, m: MerchantContext): Promise<TAdminApplication> {
    const p = await promotionOf(m.id, a.promotionId);
    const lang = m.defaultLanguage.toUpperCase();
    return {
      ...(await view(a, p, lang, m)),
      memberId: a.memberId,
      username: a.username,
      rewardAmount: p?.rewardAmount == null ? null : fromMinor(p.rewardAmount, m.currencyDecimals),
      decidedBy: a.decidedByName,
    };
  }

  /** Whether the member may apply now (no claim yet, nothing open, a rejection only when re-applying is allowed). */
  async function canApply(memberId: number, p: PromotionRow, latest: ApplicationRow | undefined) {
    const now = clock.now();
    if (!p.active || p.trigger !== 'APPLICATION') return false;
    if ((p.startAt && now < p.startAt) || (p.endAt && now >= p.endAt)) return false;
    if (!(await promotions.eligible(memberId, p.id))) return false;
    if (await promotionRepo.findClaim(db, p.id, memberId, false, ONCE)) return false;
    if (!latest) return true;
    if (latest.status !== 'REJECTED') return false;
    return (await repo.settings(db, p.merchantId, p.id)).allowReapply;
  }

  async function decided(
    who: AuditWho,
    merchant: MerchantContext,
    id: number,
    decide: (
      tx: Parameters<Parameters<LedgerService['transaction']>[0]>[0],
      a: ApplicationRow,
      p: PromotionRow,
    ) => Promise<{
      status: 'APPROVED' | 'REJECTED';
      reason: string | null;
      claimId: bigint | null;
      extra?: object;
    }>,
  ) {
    assertCan(who.actor, 'write');
    const memberId = await ledger.transaction(async (tx) => {
      // the locked row serialises parallel decisions: the second sees it decided
      const a = await repo.get(tx, merchant.id, id, true);
      if (!a) throw new AppError('promotion_application_not_found');
      if (a.status !== 'APPLYING') throw new AppError('promotion_application_decided');
      const p = await promotionRepo.get(tx, merchant.id, a.promotionId);
      if (!p) throw new AppError('promotion_not_found');
      const d = await decide(tx, a, p);
      const at = clock.now();
      await repo.decide(tx, a.id, { ...d, by: who.actor.operatorId, at });
      await audit.record(tx, who, {
        action: d.status === 'APPROVED' ? 'promotion.application.approve' : 'promotion.application.reject',
        entityType: 'promotion_application',
        entityId: String(a.id),
        before: { status: a.status },
        after: {
          status: d.status,
          promotionId: a.promotionId,
          memberId: a.memberId,
          reason: d.reason,
          claimId: d.claimId?.toString() ?? null,
          ...d.extra,
        },
      });
      const announce = await messages.notify(tx, {
        merchantId: merchant.id,
        memberId: a.memberId,
        kind: d.status === 'APPROVED' ? 'promotion_application_approved' : 'promotion_application_rejected',
        data: {
          promotionId: a.promotionId,
          title: pickText(
            p.title,
            merchant.defaultLanguage.toUpperCase(),
            merchant.defaultLanguage.toUpperCase(),
          ),
          ...(d.reason ? { reason: d.reason } : {}),
        },
      });
      afterCommit(tx, announce);
      return a.memberId;
    });
    if (memberId !== undefined) events.emit('wallet.changed', { merchantId: merchant.id, memberId });
    return adminView((await repo.adminOne(db, merchant.id, id))!, merchant);
  }

  return {
    /** MCSFE_applyPromotion */
    async apply(
      actor: MemberActor,
      merchant: MerchantContext,
      lang: string,
      body: Omit<TPromotionApply, 'images'> & { images: { data: string }[] },
      ip: string,
    ): Promise<TPromotionApplication> {
      const images = decodeApplicationImages(body.images);
      const p = await promotionOf(merchant.id, body.promotionId);
      if (!p || !p.active || p.trigger !== 'APPLICATION') throw new AppError('promotion_not_found');
      const [latest] = await repo.ofMember(db, actor.memberId, p.id);
      if (latest?.status === 'APPLYING') throw new AppError('promotion_application_pending');
      if (latest?.status === 'APPROVED' || (await promotionRepo.findClaim(db, p.id, actor.memberId)))
        throw new AppError('promotion_already_joined');
      if (!(await canApply(actor.memberId, p, latest))) throw new AppError('promotion_unavailable');
      const created = await ledger.transaction(async (tx) => {
        const a = await repo.insert(tx, {
          merchantId: merchant.id,
          promotionId: p.id,
          memberId: actor.memberId,
          occurrence: ONCE,
          remark: body.remark,
          ip,
          images,
        });
        if (!a) {
          // a parallel apply of the same member won
          const [other] = await repo.ofMember(tx, actor.memberId, p.id);
          throw new AppError(
            other?.status === 'APPROVED' ? 'promotion_already_joined' : 'promotion_application_pending',
          );
        }
        return a;
      });
      return view(created, p, lang.toUpperCase(), merchant);
    },

    /** MCSFE_getPromotionApplications */
    async mine(
      actor: MemberActor,
      merchant: MerchantContext,
      lang: string,
      promotionId: number,
    ): Promise<TPromotionApplications> {
      const p = await promotionOf(merchant.id, promotionId);
      if (!p) throw new AppError('promotion_not_found');
      const list = await repo.ofMember(db, actor.memberId, promotionId);
      const views = [];
      for (const a of list) views.push(await view(a, p, lang.toUpperCase(), merchant));
      return {
        promotionId,
        canApply: await canApply(actor.memberId, p, list[0]),
        allowReapply: (await repo.settings(db, merchant.id, promotionId)).allowReapply,
        list: views,
      };
    },

    /** MCSFE_getPromotionApplicationImage: only the member's own application's images. */
    async memberImage(actor: MemberActor, id: number, index: number): Promise<TApplicationImage> {
      const img = await repo.image(db, { merchantId: actor.merchantId, memberId: actor.memberId }, id, index);
      if (!img) throw new AppError('promotion_application_not_found');
      return img;
    },

    async adminList(
      actor: OperatorActor,
      merchant: MerchantContext,
      q: { state?: string; promotionId?: number; memberId?: number; pageNo: number; pageSize: number },
    ) {
      assertCan(actor, 'read');
      const { list, totalCount } = await repo.adminList(db, merchant.id, {
        ...q,
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      });
      const views = [];
      for (const a of list) views.push(await adminView(a, merchant));
      return {
        list: views,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / q.pageSize),
      };
    },

    async adminGet(
      actor: OperatorActor,
      merchant: MerchantContext,
      id: number,
    ): Promise<TAdminApplicationDetail> {
      assertCan(actor, 'read');
      const a = await repo.adminOne(db, merchant.id, id);
      if (!a) throw new AppError('promotion_application_not_found');
      return { ...(await adminView(a, merchant)), images: await repo.images(db, merchant.id, id) };
    },

    /** Pays the promotion's reward (its grant: cash or bonus with wagering), once: keyed by the claim. */
    approve(who: AuditWho, merchant: MerchantContext, id: number, body: { remark?: string }) {
      return decided(who, merchant, id, async (tx, a, p) => {
        const claim = await promotions.award(tx, p, { memberId: a.memberId, occurrence: a.occurrence });
        // the member was rewarded for this occurrence by other means (an operator's grant by hand)
        if (!claim) throw new AppError('promotion_already_joined');
        return {
          status: 'APPROVED',
          reason: null,
          claimId: claim.id,
          extra: {
            claimStatus: claim.status,
            bonusAmount: claim.bonusAmount,
            requiredTurnover: claim.requiredTurnover,
            remark: body.remark ?? null,
          },
        };
      });
    },

    reject(who: AuditWho, merchant: MerchantContext, id: number, body: { reason: string }) {
      return decided(who, merchant, id, async () => ({
        status: 'REJECTED',
        reason: body.reason,
        claimId: null,
      }));
    },

    async getSettings(actor: OperatorActor, merchant: MerchantContext, promotionId: number) {
      assertCan(actor, 'read');
      const p = await promotionOf(merchant.id, promotionId);
      if (!p) throw new AppError('promotion_not_found');
      return repo.settings(db, merchant.id, promotionId);
    },

    async setSettings(
      who: AuditWho,
      merchant: MerchantContext,
      promotionId: number,
      body: TApplicationSettings,
    ): Promise<TApplicationSettings> {
      assertCan(who.actor, 'write');
      const p = await promotionOf(merchant.id, promotionId);
      if (!p) throw new AppError('promotion_not_found');
      await ledger.transaction(async (tx) => {
        const before = await repo.settings(tx, merchant.id, promotionId);
        await repo.setSettings(tx, merchant.id, promotionId, body);
        await audit.record(tx, who, {
          action: 'promotion.application.settings',
          entityType: 'promotion',
          entityId: String(promotionId),
          before,
          after: body,
        });
      });
      return repo.settings(db, merchant.id, promotionId);
    },
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
