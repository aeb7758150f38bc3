import { randomBytes } from 'node:crypto';
import { fromMinor, type TRaffle, type TRaffleInput, type TRaffleStatus } from '@bp/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import { maskUsername } from '../../platform/names.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { assertCan } from '../operator/index.js';
import { auditedWrite } from '../system/index.js';
import { parseAmount } from '../wallet/index.js';
import type { PromotionService } from './promotion.service.js';
import { promotionRepo } from './promotion.repo.js';
import { raffleRepo as repo, type RaffleRow, type RaffleWinnerRow } from './raffle.repo.js';
import { drawRaffle, seedHashOf } from './raffle.rules.js';
import { openMemberClaim } from './abuse.service.js';

export interface RaffleDeps {
  db: Db;
  ledger: Pick<LedgerService, 'transaction'>;
  promotions: Pick<PromotionService, 'grantPrize' | 'eligible'>;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
}

type Money = Pick<MerchantContext, 'currencyDecimals'>;

/**
 * Raffles (raffle.rules.ts has the draw): an operator sets a RAFFLE promotion's draw time and prizes;
 * eligible members take one entry each while it runs; the promotion sweep draws what is due, paying
 * each prize through the promotion's grant (keyed by the entry's claim: never twice) in the draw's
 * one transaction, and reveals the seed.
 */
export function createRaffleService(deps: RaffleDeps) {
  const { db, ledger, promotions, audit, events, clock } = deps;

  function view(r: RaffleRow, m: Money, entries: number, winners: RaffleWinnerRow[]): TRaffle {
    const money = (v: bigint) => fromMinor(v, m.currencyDecimals);
    return {
      promotionId: r.promotionId,
      drawDate: r.drawAt.toISOString(),
      prizes: r.prizes.map((p) => ({ amount: money(p.amount), count: p.count })),
      seedHash: r.seedHash,
      serverSeed: r.drawnAt ? r.serverSeed : null,
      drawnDate: r.drawnAt?.toISOString() ?? null,
      entries,
      drawnEntries: r.drawnAt ? r.drawnEntries : [],
      winners: winners.map((w) => ({
        rank: w.rank,
        entryId: w.claimId.toString(),
        username: maskUsername(w.username),
        amount: money(w.amount),
      })),
    };
  }

  async function load(merchant: MerchantContext, promotionId: number) {
    const r = await repo.get(db, merchant.id, promotionId);
    if (!r) throw new AppError('promotion_not_found');
    const [entries, winners] = await Promise.all([
      repo.entryCount(db, promotionId),
      r.drawnAt ? repo.winners(db, promotionId) : Promise.resolve([]),
    ]);
    return { r, entries, winners };
  }

  async function status(
    memberId: number,
    merchant: MerchantContext,
    promotionId: number,
  ): Promise<TRaffleStatus> {
    const { r, entries, winners } = await load(merchant, promotionId);
    const mine = await promotionRepo.findClaim(db, promotionId, memberId);
    const won = mine ? winners.find((w) => w.claimId === mine.id) : undefined;
    return {
      ...view(r, merchant, entries, winners),
      entered: mine !== undefined,
      entryId: mine?.id.toString() ?? null,
      result: won ? { rank: won.rank, amount: fromMinor(won.amount, merchant.currencyDecimals) } : null,
    };
  }

  /** Draws one raffle if it is due and not drawn (another instance drawing it: skipped). */
  async function draw(merchantId: number, promotionId: number): Promise<number[]> {
    return ledger
      .transaction(async (tx: Tx) => {
        const r = await repo.get(tx, merchantId, promotionId, 'update');
        const now = clock.now();
        if (!r || r.drawnAt || r.drawAt > now) return [];
        const p = await promotionRepo.get(tx, merchantId, promotionId);
        const ids = (await repo.entryIds(tx, promotionId)).map((id) => id.toString());
        const paid: number[] = [];
        for (const w of drawRaffle(r.serverSeed, ids, r.prizes)) {
          const claim = await promotionRepo.lockClaim(tx, BigInt(w.entryId));
          if (!p || !claim || claim.status !== 'JOINED') continue;
          await promotions.grantPrize(tx, p, claim, w.amount);
          await repo.insertWinner(tx, promotionId, { claimId: claim.id, rank: w.rank, amount: w.amount });
          paid.push(claim.memberId);
        }
        await repo.markDrawn(tx, promotionId, now, ids);
        return paid;
      })
      .then((paid) => {
        for (const memberId of paid) events.emit('wallet.changed', { merchantId, memberId });
        return paid;
      });
  }

  return {
    async adminSet(who: AuditWho, merchant: MerchantContext, promotionId: number, input: TRaffleInput) {
      assertCan(who.actor, 'write');
      const change = await auditedWrite(db, undefined, async (tx) => {
        const p = await promotionRepo.get(tx, merchant.id, promotionId, true);
        if (!p || p.trigger !== 'RAFFLE') throw new AppError('promotion_not_found');
        const drawAt = new Date(input.drawDate);
        if (drawAt <= clock.now()) {
          throw new AppError('request_param_err', {
            value: { issues: [{ path: 'drawDate', message: 'the draw must be in the future' }] },
          });
        }
        const prizes = input.prizes.map((prize, i) => {
          const amount = parseAmount(prize.amount, merchant);
          if (amount <= 0n) {
            throw new AppError('request_param_err', {
              value: { issues: [{ path: `prizes.${i}.amount`, message: 'must be more than 0' }] },
            });
          }
          return { amount, count: prize.count };
        });
        const before = await repo.get(tx, merchant.id, promotionId, 'update');
        if (before?.drawnAt) throw new AppError('raffle_already_drawn');
        const serverSeed = before?.serverSeed ?? randomBytes(32).toString('hex');
        const row = (await repo.upsert(tx, {
          promotionId,
          merchantId: merchant.id,
          drawAt,
          prizes,
          serverSeed,
          seedHash: before?.seedHash ?? seedHashOf(serverSeed),
        }))!;
        const after = view(row, merchant, await repo.entryCount(tx, promotionId), []);
        await audit.record(tx, who, {
          action: 'raffle.set',
          entityType: 'promotion',
          entityId: String(promotionId),
          before: before ? view(before, merchant, after.entries, []) : null,
          after,
        });
        return { before: null, after };
      });
      return change.after!;
    },

    async adminGet(actor: OperatorActor, merchant: MerchantContext, promotionId: number) {
      assertCan(actor, 'read');
      const { r, entries, winners } = await load(merchant, promotionId);
      return view(r, merchant, entries, winners);
    },

    status: (actor: MemberActor, merchant: MerchantContext, promotionId: number) =>
      status(actor.memberId, merchant, promotionId),

    /**
     * MCS2_claimRafflePromotion: the member's entry, once, while the raffle takes entries. The raffle
     * row is shared-locked, so an entry is either in before the draw reads the entries or refused.
     */
    async claim(actor: MemberActor, merchant: MerchantContext, promotionId: number, ip: string) {
      const p = await promotionRepo.get(db, merchant.id, promotionId);
      if (!p || !p.active || p.trigger !== 'RAFFLE') throw new AppError('promotion_not_found');
      if (!(await promotions.eligible(actor.memberId, promotionId)))
        throw new AppError('promotion_unavailable');
      await db.transaction(async (tx) => {
        const r = await repo.get(tx, merchant.id, promotionId, 'share');
        const now = clock.now();
        if (!r || r.drawnAt || now >= r.drawAt) throw new AppError('raffle_closed');
        if ((p.startAt && now < p.startAt) || (p.endAt && now >= p.endAt))
          throw new AppError('raffle_closed');
        await openMemberClaim(tx, p, {
          merchantId: merchant.id,
          memberId: actor.memberId,
          ip,
          sessionId: actor.sessionId,
        });
      });
      return status(actor.memberId, merchant, promotionId);
    },

    /** The sweep's part: every raffle whose time has come is drawn (answers how many were). */
    async drawDue(): Promise<number> {
      let n = 0;
      for (const d of await repo.due(db, clock.now())) {
        await draw(d.merchantId, d.promotionId);
        n++;
      }
      return n;
    },
  };
}
export type RaffleService = ReturnType<typeof createRaffleService>;
