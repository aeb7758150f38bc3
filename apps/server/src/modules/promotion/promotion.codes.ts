import { randomInt } from 'node:crypto';
import { ZPromotionCodeInput, type TPromotionCode } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { OperatorActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import { assertCan } from '../operator/index.js';
import { auditedWrite } from '../system/index.js';
import {
  promotionCodeRepo as codes,
  promotionRepo,
  type CodeRow,
  type PromotionRow,
} from './promotion.repo.js';

// no 0/O, 1/I: a code read aloud or typed from a picture is not mistaken
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomCode = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** SPEC 4 redeem status of a code. */
function statusOf(c: CodeRow, p: PromotionRow | undefined, now: Date): TPromotionCode['status'] {
  if (!c.active || !p?.active) return 'Disabled';
  if (p.endAt && now >= p.endAt) return 'Expired';
  return c.used >= c.maxUses ? 'Used up' : 'Available';
}

/** Operators' bonus / redeem codes of BONUS_CODE promotions (audited). */
export function createPromotionCodeAdmin({
  db,
  audit,
  clock,
}: {
  db: Db;
  audit: AuditService;
  clock: Clock;
}) {
  const view = (c: CodeRow, p: PromotionRow | undefined): TPromotionCode => ({
    id: c.id,
    promotionId: c.promotionId,
    code: c.code,
    maxUses: c.maxUses,
    used: c.used,
    active: c.active,
    status: statusOf(c, p, clock.now()),
    createdAt: c.createdAt.toISOString(),
  });

  async function promotionOf(merchant: MerchantContext, id: number) {
    const p = await promotionRepo.get(db, merchant.id, id);
    if (!p) throw new AppError('promotion_not_found');
    return p;
  }

  return {
    async list(actor: OperatorActor, merchant: MerchantContext, promotionId: number) {
      assertCan(actor, 'read');
      const p = await promotionOf(merchant, promotionId);
      return (await codes.list(db, merchant.id, p.id)).map((c) => view(c, p));
    },

    async create(who: AuditWho, merchant: MerchantContext, promotionId: number, input: unknown) {
      assertCan(who.actor, 'write');
      const parsed = ZPromotionCodeInput.safeParse(input);
      if (!parsed.success) {
        throw new AppError('request_param_err', {
          value: { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
        });
      }
      const v = parsed.data;
      const p = await promotionOf(merchant, promotionId);
      if (p.trigger !== 'BONUS_CODE') throw new AppError('promotion_unavailable');
      const change = await auditedWrite(db, undefined, async (tx) => {
        const made: CodeRow[] = [];
        const count = v.code ? 1 : v.count;
        for (let i = 0; i < count; i++) {
          let row: CodeRow | undefined;
          // a random code that exists already is drawn again (32^10 codes: practically never)
          for (let attempt = 0; !row && attempt < 5; attempt++) {
            row = await codes.insert(tx, {
              merchantId: merchant.id,
              promotionId: p.id,
              code: v.code ?? randomCode(),
              maxUses: v.maxUses,
            });
            if (!row && v.code) throw new AppError('promotion_code_exists');
          }
          if (!row) throw new AppError('promotion_code_exists');
          made.push(row);
        }
        const after = made.map((c) => view(c, p));
        await audit.record(tx, who, {
          action: 'promotion.codes.create',
          entityType: 'promotion',
          entityId: String(p.id),
          before: null,
          after: { codes: after.map((c) => c.code), maxUses: v.maxUses },
        });
        return { before: null, after };
      });
      return change.after!;
    },

    async update(who: AuditWho, merchant: MerchantContext, codeId: number, body: { active: boolean }) {
      assertCan(who.actor, 'write');
      const change = await auditedWrite(db, undefined, async (tx) => {
        const current = await codes.byId(tx, merchant.id, codeId);
        if (!current) throw new AppError('promotion_code_invalid');
        const row = (await codes.setActive(tx, merchant.id, codeId, body.active))!;
        const p = await promotionRepo.get(tx, merchant.id, row.promotionId);
        const before = view(current, p);
        const after = view(row, p);
        await audit.record(tx, who, {
          action: 'promotion.codes.update',
          entityType: 'promotion_code',
          entityId: String(codeId),
          before,
          after,
        });
        return { before, after };
      });
      return change.after!;
    },
  };
}
