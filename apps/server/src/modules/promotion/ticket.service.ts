import { randomUUID } from 'node:crypto';
import {
  fromMinor,
  type TAdminTicket,
  type TClaimTicket,
  type TIssuedReward,
  type TTicketGlobalConfig,
  type TTicketPrizeView,
  type TTicketResult,
  type TTicketRow,
  type TTicketStatus,
} from '@bp/contract';
import {
  drawTicketFair,
  newServerSeed,
  parseTicketConfig,
  sha256Hex,
  ticketVerifyHref,
  TICKET_GAMES,
  type TicketConfig,
  type TicketDraw,
  type TicketSpins,
} from '@bp/games';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Actor, MemberActor, OperatorActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PointsService } from '../points/index.js';
import { isTrial, type MemberService } from '../member/index.js';
import { assertCan } from '../operator/index.js';
import { pickText } from '../system/index.js';
import { promotionRepo, type ClaimRow, type PromotionRow } from './promotion.repo.js';
import { requiredTurnover } from './promotion.rules.js';
import type { PromotionService } from './promotion.service.js';
import { ticketRepo as repo, type TicketRow } from './ticket.repo.js';
import { freeSpinRepo } from './freespin.repo.js';

export interface TicketDeps {
  db: Db;
  ledger: LedgerService;
  members: Pick<MemberService, 'getById'>;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
  promotions: Pick<PromotionService, 'onReward' | 'grantClaim' | 'freeSpinCount'>;
  /** the points ledger: a points prize is paid there (not money) */
  points: Pick<PointsService, 'post'>;
}

type Money = Pick<MerchantContext, 'currencyDecimals'>;
const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How a draw is made, in words (PROMOFE_getTicketGlobalConfig; README "Tickets"). */
export const TICKET_SEED_SCHEME =
  'Each ticket has its own server seed, drawn when the ticket is issued; its SHA-256 is shown before the draw. ' +
  'The draw is HMAC-SHA256(server seed, clientSeed:0:0), the client seed being the one sent with the claim. ' +
  'The server seed is revealed with the outcome.';

function prizeView(
  p: { kind: string; amount: bigint | string; label?: string; spins?: TicketSpins },
  m: Money,
): TTicketPrizeView {
  const money = p.kind === 'cash' || p.kind === 'bonus';
  return {
    kind: p.kind as TTicketPrizeView['kind'],
    amount: money ? fromMinor(BigInt(p.amount), m.currencyDecimals) : String(p.amount),
    ...(p.label !== undefined ? { label: p.label } : {}),
    ...(p.spins
      ? {
          spins: {
            stake: fromMinor(BigInt(p.spins.stake), m.currencyDecimals),
            vendor: p.spins.vendor,
            gameCode: p.spins.gameCode,
          },
        }
      : {}),
  };
}

/**
 * Ticket rewards (issue 16): a promotion whose reward kind is TICKET issues a ticket of a prize game
 * when granted; the member's claim draws it on the server (provably fair, @bp/games drawTicketFair)
 * and pays the prize through the ledger with the ticket's own key (`ticket:pay:<ticket>`), in the
 * transaction that moves the locked ticket from AVAILABLE to CLAIMED, so a ticket pays once whatever
 * arrives at the same time. A bonus prize is the ticket's claim's bonus money, wagered like any other
 * promotion bonus (converted or forfeited by the promotion service).
 */
export function createTicketService(deps: TicketDeps) {
  const { db, ledger, members, audit, events, clock, promotions, points } = deps;

  /** Issues the claim's ticket in `tx` (the TICKET reward handler); false when the claim has one. */
  async function issue(tx: Tx, p: PromotionRow, claim: ClaimRow): Promise<boolean> {
    const config = parseTicketConfig(p.ticketConfig);
    const serverSeed = newServerSeed();
    const now = clock.now();
    const id = await repo.insert(tx, {
      merchantId: claim.merchantId,
      memberId: claim.memberId,
      promotionId: p.id,
      claimId: claim.id,
      transactionId: randomUUID().replace(/-/g, ''),
      game: config.game,
      config: p.ticketConfig,
      wageringX100: p.wageringX100,
      bonusExpiryDays: p.expiryDays,
      serverSeed,
      serverSeedHash: sha256Hex(serverSeed),
      issuedAt: now,
      expiresAt: p.expiryDays ? new Date(now.getTime() + p.expiryDays * DAY_MS) : null,
    });
    return id !== undefined;
  }
  promotions.onReward('TICKET', issue);

  function rowView(t: TicketRow, lang: string, merchant: MerchantContext): TTicketRow {
    const config = parseTicketConfig(t.config);
    const drawn = t.status === 'CLAIMED' && t.outcome !== null;
    // the seed is secret while the ticket can still be drawn
    const revealed = t.status !== 'AVAILABLE';
    const outcome = drawn ? (t.outcome as unknown as TicketDraw) : null;
    return {
      name: pickText(t.title, lang, merchant.defaultLanguage.toUpperCase()),
      transactionId: t.transactionId,
      ticketId: t.id.toString(),
      type: t.game,
      status: t.status,
      promotionId: t.promotionId,
      prizes: config.prizes.map((p) => prizeView(p, merchant)),
      issuedDate: t.issuedAt.toISOString(),
      expiryDate: iso(t.expiresAt),
      prize: outcome ? prizeView(outcome, merchant) : null,
      outcome,
      fairness: {
        serverSeedHash: t.serverSeedHash,
        serverSeed: revealed ? t.serverSeed : null,
        clientSeed: t.clientSeed,
        nonce: t.nonce,
        verifyUrl:
          outcome && t.clientSeed
            ? ticketVerifyHref({
                config,
                draw: outcome,
                serverSeedHash: t.serverSeedHash,
                serverSeed: t.serverSeed,
                clientSeed: t.clientSeed,
                nonce: t.nonce,
                lang: lang.toLowerCase(),
              })
            : null,
      },
    };
  }

  function adminView(t: TicketRow, m: Money): TAdminTicket {
    const outcome = t.status === 'CLAIMED' ? (t.outcome as unknown as TicketDraw | null) : null;
    return {
      ticketId: t.id.toString(),
      transactionId: t.transactionId,
      memberId: t.memberId,
      username: t.username ?? '',
      promotionId: t.promotionId,
      claimId: t.claimId.toString(),
      type: t.game,
      status: t.status,
      serverSeedHash: t.serverSeedHash,
      prize: outcome ? prizeView(outcome, m) : null,
      issuedDate: t.issuedAt.toISOString(),
      expiryDate: iso(t.expiresAt),
      claimedDate: iso(t.claimedAt),
      closedDate: iso(t.closedAt),
    };
  }

  /** Tickets past their time become EXPIRED (and their claims FORFEITED) before anyone reads them. */
  async function expireDue(merchantId: number, memberId: number) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await repo.forfeitClaims(tx, await repo.expireDue(tx, merchantId, memberId, now), now);
    });
  }

  /** Locks the member's ticket; another member's ticket is as unknown as a missing one. */
  async function lockOwn(tx: Tx, actor: MemberActor, merchant: MerchantContext, transactionId: string) {
    const t = await repo.lockByTransaction(tx, merchant.id, transactionId);
    if (!t || t.memberId !== actor.memberId) throw new AppError('ticket_not_found');
    return t;
  }
  const refuseClosed = (t: TicketRow) => {
    if (t.status === 'CLAIMED') throw new AppError('ticket_already_claimed');
    if (t.status !== 'AVAILABLE') throw new AppError('ticket_closed');
  };

  /** Draws a locked AVAILABLE ticket and pays its prize in `tx`. */
  async function drawAndPay(tx: Tx, t: TicketRow, clientSeed: string) {
    const config: TicketConfig = parseTicketConfig(t.config);
    const draw = drawTicketFair({ serverSeed: t.serverSeed, clientSeed, nonce: t.nonce }, config);
    const amount = BigInt(draw.amount);
    const now = clock.now();
    const money = (draw.kind === 'cash' || draw.kind === 'bonus') && amount > 0n;
    const required =
      money && draw.kind === 'bonus'
        ? requiredTurnover(
            {
              rewardKind: 'FIXED',
              rewardAmount: amount,
              rewardBp: null,
              rewardCap: null,
              wageringX100: t.wageringX100,
              wageringBase: 'BONUS',
            },
            amount,
            0n,
          )
        : 0n;
    const isPoints = draw.kind === 'points' && amount > 0n;
    const isSpins = draw.kind === 'freeSpins' && amount > 0n;
    const paidTo: TTicketResult['paidTo'] = isPoints
      ? 'points'
      : isSpins
        ? 'freeSpins'
        : !money
          ? 'none'
          : required > 0n
            ? 'bonus'
            : 'main';
    if (isSpins) {
      await grantSpins(tx, t, config.prizes[draw.index]!.spins, Number(amount), now);
      return finish(tx, t, draw, clientSeed, null, now, paidTo, 0n);
    }
    // a points prize goes to the points journal, keyed by the ticket (once), and moves no money
    if (isPoints) {
      await points.post(tx, {
        merchantId: t.merchantId,
        memberId: t.memberId,
        key: `ticket:points:${t.id}`,
        amount,
        reason: 'ticket',
        refType: 'promotion_ticket',
        refId: t.id.toString(),
        title: t.title,
      });
    }
    const ledgerKey = money ? `ticket:pay:${t.id}` : null;
    if (ledgerKey) {
      // MAIN first, as every wallet movement of the member (a bet locks it before the bonus account)
      const main = await ledger.account(tx, t.merchantId, { memberId: t.memberId, code: 'main' });
      await ledger.lock(tx, [main]);
      await ledger.post(tx, {
        merchantId: t.merchantId,
        key: ledgerKey,
        type: 'bonus',
        memberId: t.memberId,
        refType: 'promotion_ticket',
        refId: t.id.toString(),
        memo: { promotionId: t.promotionId, claimId: t.claimId.toString(), prize: draw.kind },
        lines: [
          { account: { house: 'bonus', spread: t.memberId }, amount: -amount },
          { account: { memberId: t.memberId, code: paidTo === 'bonus' ? 'bonus' : 'main' }, amount },
        ],
      });
    }
    await repo.settleClaim(tx, t.claimId, {
      status: paidTo === 'bonus' ? 'ACTIVE' : 'CONVERTED',
      bonusAmount: money ? amount : null,
      requiredTurnover: required,
      expiresAt:
        paidTo === 'bonus' && t.bonusExpiryDays ? new Date(now.getTime() + t.bonusExpiryDays * DAY_MS) : null,
      closedAt: paidTo === 'bonus' ? null : now,
    });
    // an open bonus is playable: the wallet reads the member's bonus state (migration 0060)
    if (paidTo === 'bonus') await promotionRepo.syncBonusState(tx, t.merchantId, t.memberId);
    return finish(tx, t, draw, clientSeed, ledgerKey, now, paidTo, required);
  }

  /** The locked ticket AVAILABLE -> CLAIMED with its draw, in the transaction that paid it. */
  async function finish(
    tx: Tx,
    t: TicketRow,
    draw: TicketDraw,
    clientSeed: string,
    ledgerKey: string | null,
    now: Date,
    paidTo: TTicketResult['paidTo'],
    required: bigint,
  ) {
    const ok = await repo.markClaimed(tx, t.id, {
      clientSeed,
      outcome: draw,
      prizeKind: draw.kind,
      prizeAmount: BigInt(draw.amount),
      ledgerKey,
      at: now,
    });
    // the row is locked and was AVAILABLE: anything else is a bug, and rolls the payment back
    if (!ok) throw new Error(`ticket ${t.id} changed under its lock`);
    return { paidTo, required };
  }

  /**
   * A free-spins prize: the ticket's claim opens (ACTIVE, no bonus yet) with one promotion_free_spin
   * row keyed by the claim, which is the ticket's own (one claim per ticket; the row's primary key is
   * the claim), played like a FREE_SPINS promotion's: each win is bonus money with the promotion's
   * wagering, unplayed spins are forfeited at the expiry. The ticket row is locked and moves to
   * CLAIMED in this transaction, so parallel claims of one ticket grant once.
   */
  async function grantSpins(tx: Tx, t: TicketRow, spins: TicketSpins | undefined, count: number, now: Date) {
    // the contract and the engine never let a freeSpins prize without its spins through
    if (!spins) throw new Error(`ticket ${t.id}: a free-spins prize without its spins`);
    const expiresAt = t.bonusExpiryDays ? new Date(now.getTime() + t.bonusExpiryDays * DAY_MS) : null;
    // MAIN first, as every wallet movement of the member (the bonus state is the wallet's to read)
    const main = await ledger.account(tx, t.merchantId, { memberId: t.memberId, code: 'main' });
    await ledger.lock(tx, [main]);
    await repo.settleClaim(tx, t.claimId, {
      status: 'ACTIVE',
      bonusAmount: 0n,
      requiredTurnover: 0n,
      expiresAt,
      closedAt: null,
    });
    await freeSpinRepo.insert(tx, {
      claimId: t.claimId,
      merchantId: t.merchantId,
      memberId: t.memberId,
      vendor: spins.vendor,
      gameCode: spins.gameCode,
      granted: count,
      stake: BigInt(spins.stake),
      expiresAt,
    });
    await promotionRepo.syncBonusState(tx, t.merchantId, t.memberId);
  }

  return {
    issue,

    /** PROMOFE_getClaimTicketList: AVAILABLE tickets (or the status asked, or all), newest first. */
    async list(
      actor: MemberActor,
      merchant: MerchantContext,
      lang: string,
      q: { status?: TTicketStatus; isAll: 'Y' | 'N' },
    ): Promise<TTicketRow[]> {
      await expireDue(merchant.id, actor.memberId);
      const status = q.isAll === 'Y' ? null : (q.status ?? 'AVAILABLE');
      const list = await repo.ofMember(db, merchant.id, actor.memberId, status);
      return list.map((t) => rowView(t, lang.toUpperCase(), merchant));
    },

    /** PROMOFE_claimTicket: the draw and its payment, once per ticket. */
    async claim(
      actor: MemberActor,
      merchant: MerchantContext,
      lang: string,
      body: TClaimTicket,
    ): Promise<TTicketResult> {
      const clientSeed = body.clientSeed ?? newServerSeed().slice(0, 16);
      const done = await ledger.transaction(async (tx) => {
        const t = await lockOwn(tx, actor, merchant, body.transactionId);
        refuseClosed(t);
        const now = clock.now();
        if (t.expiresAt && now >= t.expiresAt) {
          await repo.close(tx, t.id, 'EXPIRED', now);
          await repo.forfeitClaims(tx, [t.claimId], now);
          return null;
        }
        return { id: t.id, ...(await drawAndPay(tx, t, clientSeed)) };
      });
      // the expiry is written (committed) before the refusal
      if (!done) throw new AppError('ticket_expired');
      if (done.paidTo !== 'none' && done.paidTo !== 'freeSpins')
        events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      const t = (await repo.get(db, merchant.id, done.id))!;
      const row = rowView(t, lang.toUpperCase(), merchant);
      return {
        ...row,
        prize: row.prize!,
        outcome: row.outcome!,
        paidTo: done.paidTo,
        requiredTurnover: fromMinor(done.required, merchant.currencyDecimals),
      };
    },

    /** MCSFE_cancelTicket: the member declines an AVAILABLE ticket; its seed is revealed. */
    async cancel(actor: MemberActor, merchant: MerchantContext, lang: string, transactionId: string) {
      const id = await db.transaction(async (tx) => {
        const t = await lockOwn(tx, actor, merchant, transactionId);
        refuseClosed(t);
        const now = clock.now();
        await repo.close(tx, t.id, 'CANCELLED', now);
        await repo.forfeitClaims(tx, [t.claimId], now);
        return t.id;
      });
      return rowView((await repo.get(db, merchant.id, id))!, lang.toUpperCase(), merchant);
    },

    /** MCSFE_getIssuedPromotionList: rewards an operator issued that wait for the member's claim. */
    async issuedList(actor: MemberActor, merchant: MerchantContext, lang: string): Promise<TIssuedReward[]> {
      const fb = merchant.defaultLanguage.toUpperCase();
      return (await repo.issued(db, merchant.id, actor.memberId)).map((r) => ({
        claimId: r.claimId.toString(),
        promotionId: r.promotionId,
        title: pickText(r.title, lang.toUpperCase(), fb),
        rewardKind: r.rewardKind,
        rewardAmount:
          r.rewardKind === 'FIXED' && r.rewardAmount !== null
            ? fromMinor(r.rewardAmount, merchant.currencyDecimals)
            : null,
        ticketGame: r.rewardKind === 'TICKET' ? parseTicketConfig(r.ticketConfig).game : null,
        issuedDate: r.issuedAt.toISOString(),
      }));
    },

    /**
     * MCSFE_claimIssuedPromotion: the member claims a reward an operator issued: it is granted now
     * (bonus money, or a ticket to open). The claim row is locked: parallel calls grant once.
     */
    async claimIssued(actor: MemberActor, merchant: MerchantContext, claimId: string) {
      const id = BigInt(claimId);
      const result = await ledger.transaction(async (tx) => {
        const c = await promotionRepo.lockClaim(tx, id);
        const [waiting] = c ? await repo.issued(tx, merchant.id, actor.memberId, id) : [];
        if (!c || !waiting) throw new AppError('reward_not_issued');
        const p = await promotionRepo.get(tx, merchant.id, c.promotionId);
        if (!p) throw new AppError('reward_not_issued');
        await promotions.grantClaim(tx, p, c);
        const after = (await promotionRepo.lockClaim(tx, id))!;
        const [ticket] = (await repo.ofMember(tx, merchant.id, actor.memberId, null)).filter(
          (t) => t.claimId === id,
        );
        return { after, transactionId: ticket?.transactionId ?? null };
      });
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      return {
        claimId: result.after.id.toString(),
        promotionId: result.after.promotionId,
        state: result.after.status,
        transactionId: result.transactionId,
      };
    },

    /** PROMOFE_getTicketGlobalConfig: the games, and for a member what waits (the menu's badge). */
    async globalConfig(actor: Actor | undefined, merchant: MerchantContext): Promise<TTicketGlobalConfig> {
      const member = actor?.kind === 'member' ? actor : undefined;
      let availableCount = 0;
      let issuedCount = 0;
      let freeSpinCount = 0;
      if (member) {
        [availableCount, issuedCount, freeSpinCount] = await Promise.all([
          repo.countAvailable(db, merchant.id, member.memberId, clock.now()),
          repo.issued(db, merchant.id, member.memberId).then((l) => l.length),
          promotions.freeSpinCount(merchant.id, member.memberId),
        ]);
      }
      return {
        enabled: merchant.modules.REWCEN3 !== false,
        games: [...TICKET_GAMES],
        availableCount,
        issuedCount,
        freeSpinCount,
        seedScheme: TICKET_SEED_SCHEME,
      };
    },

    async adminList(
      actor: OperatorActor,
      merchant: MerchantContext,
      q: { memberId?: number; promotionId?: number; status?: string; pageNo: number; pageSize: number },
    ) {
      assertCan(actor, 'read');
      const { list, totalCount } = await repo.adminList(db, merchant.id, {
        ...q,
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      });
      return {
        list: list.map((t) => adminView(t, merchant)),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / q.pageSize),
      };
    },

    /** An operator gives a member one more ticket of a TICKET promotion (audited with it). */
    async adminGrant(
      who: AuditWho,
      merchant: MerchantContext,
      body: { promotionId: number; memberId: number; remark?: string },
    ) {
      assertCan(who.actor, 'write');
      const p = await promotionRepo.get(db, merchant.id, body.promotionId);
      if (!p) throw new AppError('promotion_not_found');
      if (p.rewardKind !== 'TICKET') throw new AppError('promotion_unavailable');
      const member = await members.getById(merchant.id, body.memberId);
      if (isTrial(member)) throw new AppError('need_real_account');
      const ticketId = await ledger.transaction(async (tx) => {
        // each operator grant is its own occurrence: one more ticket, never a repeat of another's claim
        const claim = (await promotionRepo.insertClaim(tx, {
          merchantId: merchant.id,
          promotionId: p.id,
          memberId: member.id,
          occurrence: `ticket:${randomUUID()}`,
        }))!;
        await issue(tx, p, claim);
        const [t] = (await repo.ofMember(tx, merchant.id, member.id, 'AVAILABLE')).filter(
          (x) => x.claimId === claim.id,
        );
        await audit.record(tx, who, {
          action: 'ticket.grant',
          entityType: 'promotion_ticket',
          entityId: t!.id.toString(),
          before: null,
          after: {
            promotionId: p.id,
            memberId: member.id,
            claimId: claim.id.toString(),
            game: t!.game,
            serverSeedHash: t!.serverSeedHash,
            remark: body.remark ?? null,
          },
        });
        return t!.id;
      });
      const [t] = (
        await repo.adminList(db, merchant.id, { memberId: member.id, limit: 200, offset: 0 })
      ).list.filter((x) => x.id === ticketId);
      return adminView(t!, merchant);
    },

    /**
     * An operator issues a promotion's reward to a member, to be claimed by the member
     * (MCSFE_claimIssuedPromotion); once per member like any claim (audited with it).
     */
    async adminIssue(
      who: AuditWho,
      merchant: MerchantContext,
      promotionId: number,
      body: { memberId: number; remark?: string },
    ) {
      assertCan(who.actor, 'write');
      const p = await promotionRepo.get(db, merchant.id, promotionId);
      if (!p) throw new AppError('promotion_not_found');
      if (p.rewardKind !== 'FIXED' && p.rewardKind !== 'TICKET') throw new AppError('promotion_unavailable');
      const member = await members.getById(merchant.id, body.memberId);
      if (isTrial(member)) throw new AppError('need_real_account');
      const claim = await ledger.transaction(async (tx) => {
        const c = await promotionRepo.insertClaim(tx, {
          merchantId: merchant.id,
          promotionId,
          memberId: member.id,
        });
        if (!c) throw new AppError('promotion_already_joined');
        const now = clock.now();
        await repo.markIssued(tx, c.id, now);
        await audit.record(tx, who, {
          action: 'promotion.issue',
          entityType: 'promotion_claim',
          entityId: c.id.toString(),
          before: null,
          after: { promotionId, memberId: member.id, remark: body.remark ?? null },
        });
        return c;
      });
      const fb = merchant.defaultLanguage.toUpperCase();
      return {
        claimId: claim.id.toString(),
        promotionId,
        memberId: member.id,
        title: pickText(p.title, fb, fb),
        rewardKind: p.rewardKind,
        rewardAmount:
          p.rewardKind === 'FIXED' && p.rewardAmount !== null
            ? fromMinor(p.rewardAmount, merchant.currencyDecimals)
            : null,
        ticketGame: p.rewardKind === 'TICKET' ? parseTicketConfig(p.ticketConfig).game : null,
        issuedDate: clock.now().toISOString(),
      };
    },
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
