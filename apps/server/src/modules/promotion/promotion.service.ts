import {
  fromMinor,
  PROMOTION_CATEGORIES,
  isReferralTrigger,
  ZPromotionInput,
  type TPlayerPromotion,
  type TPromotionAdmin,
  type TFreeSpinReward,
  type TPromotionClaim,
  type TPromotionInput,
} from '@bp/contract';
import type { z } from 'zod';
import { parseTicketConfig, ticketConfigJson } from '@bp/games';
import type { Db, Executor, Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { DepositCredited } from '../deposit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PointsService } from '../points/index.js';
import { isAgent, isTrial, type MemberService } from '../member/index.js';
import { assertCan } from '../operator/index.js';
import { auditedWrite, pickText, sanitizeHtml, stripTags } from '../system/index.js';
import { parseAmount } from '../wallet/index.js';
import { merchantDay } from '../../platform/merchant-day.js';
import { createCheckinService } from './checkin.service.js';
import { abuseRefusal, openMemberClaim } from './abuse.service.js';
import { membersReachingValidBet, merchantTimeZone, windowIsFinal } from '../team-figure/index.js';
import { merchantDayStart } from '../../platform/time.js';
import {
  promotionCodeRepo,
  promotionRepo as repo,
  NO_AUDIENCE,
  type AudienceLists,
  type ClaimRow,
  type PromotionRow,
  type PromotionValues,
} from './promotion.repo.js';
import {
  betVolumeOf,
  betVolumePeriodAt,
  bonusFor,
  finishedBetVolumePeriods,
  type BetVolumePeriod,
  bpToPercent,
  percentToBp,
  progressPercent,
  remainingTurnover,
  requiredTurnover,
  statusOf,
  wageringProgress,
} from './promotion.rules.js';
import { applicationRepo } from './application.repo.js';
import { freeSpinRepo, type FreeSpinRow } from './freespin.repo.js';

/**
 * Pays a reward kind the core does not know (TICKET: issues a ticket) for a JOINED claim, in `tx`;
 * answers whether something was granted.
 */
export type RewardHandler = (tx: Tx, p: PromotionRow, claim: ClaimRow) => Promise<boolean>;

export interface PromotionDeps {
  db: Db;
  ledger: LedgerService;
  members: Pick<MemberService, 'getById' | 'findByUsernames'>;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
  /**
   * THE valid-bet definition (team figures) by game type: settled stakes of rounds first bet at or
   * after `since`
   */
  validBetByType: (ex: Executor, memberId: number, since: Date) => Promise<Map<string, bigint>>;
  /** credited deposits the member has had */
  depositCount: (ex: Executor, memberId: number) => Promise<number>;
  /** the points ledger (POINTS rewards) */
  points: Pick<PointsService, 'post'>;
  /** FREE_SPINS: whether the merchant's catalogue has this game as a built-in slot */
  isSlot: (ex: Executor, merchantId: number, vendor: string, gameCode: string) => Promise<boolean>;
}

type Money = Pick<MerchantContext, 'currencyDecimals'>;
type ListQuery = { category?: string; tag?: string; from?: string; to?: string };
const DAY_MS = 86_400_000;
/** The job that pays finished bet volume periods (autoGrant): a name the audit entries carry. */
export const PROMOTION_BET_VOLUME_JOB = 'promotion.betVolume';
/** An ended promotion's last period is looked at this long after its end (then its run row says done). */
const AUTO_GRANT_LOOKBACK_MS = 8 * DAY_MS;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const mapText = (t: Record<string, string>, fn: (s: string) => string) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fn(v)]));

function adminView(p: PromotionRow, m: Money, aud: AudienceLists = NO_AUDIENCE): TPromotionAdmin {
  const names = (l: { username: string }[]) => l.map((x) => x.username);
  const money = (v: bigint | null) => (v === null ? null : fromMinor(v, m.currencyDecimals));
  return {
    id: p.id,
    category: p.category,
    tags: p.tags,
    title: p.title,
    content: p.content,
    sequence: p.sequence,
    active: p.active,
    startDate: iso(p.startAt),
    endDate: iso(p.endAt),
    audience: p.audience,
    audienceVipLevels: aud.vipLevels,
    audienceAgents: names(aud.agents),
    audienceMembers: names(aud.members),
    excludedMembers: names(aud.excluded),
    trigger: p.trigger,
    rewardKind: p.rewardKind,
    rewardAmount: money(p.rewardAmount),
    rewardPercent: p.rewardBp === null ? null : bpToPercent(p.rewardBp),
    rewardCap: money(p.rewardCap),
    minDeposit: money(p.minDeposit)!,
    wageringMultiple: p.wageringX100 / 100,
    wageringBase: p.wageringBase,
    expiryDays: p.expiryDays,
    onePerIp: p.onePerIp,
    onePerDevice: p.onePerDevice,
    countries: p.countries,
    devices: p.devices,
    betOrder: p.betOrder,
    maxBet: money(p.maxBet),
    contributions: p.contributions,
    forfeitOnWithdraw: p.forfeitOnWithdraw,
    ticketConfig: (p.ticketConfig ?? null) as TPromotionAdmin['ticketConfig'],
    depositNth: p.depositNth,
    oncePerDay: p.oncePerDay,
    rewardPoints: p.rewardPoints,
    betVolumeTarget: money(p.betVolumeTarget),
    betVolumePeriod: p.betVolumePeriod,
    betVolumeGameTypes: p.betVolumeGameTypes,
    autoGrant: p.autoGrantSince !== null,
    freeSpins: p.freeSpins
      ? { ...p.freeSpins, stake: fromMinor(BigInt(p.freeSpins.stake), m.currencyDecimals) }
      : null,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The stored form of an operator's input: amounts in minor units, titles plain, content sanitised. */
function valuesOf(v: z.output<typeof ZPromotionInput>, m: Money): PromotionValues {
  const amount = (a: string | number | null) => (a === null ? null : parseAmount(a, m));
  return {
    category: v.category,
    tags: [...new Set(v.tags)],
    title: mapText(v.title, stripTags),
    content: mapText(v.content, sanitizeHtml),
    sequence: v.sequence,
    active: v.active,
    startAt: v.startDate ? new Date(v.startDate) : null,
    endAt: v.endDate ? new Date(v.endDate) : null,
    audience: v.audience,
    trigger: v.trigger,
    rewardKind: v.rewardKind,
    rewardAmount: v.rewardKind === 'FIXED' ? amount(v.rewardAmount) : null,
    rewardBp: v.rewardKind === 'PERCENT' && v.rewardPercent !== null ? percentToBp(v.rewardPercent) : null,
    rewardCap: v.rewardKind === 'PERCENT' ? amount(v.rewardCap) : null,
    minDeposit: parseAmount(v.minDeposit, m),
    wageringX100: Math.round(v.wageringMultiple * 100),
    wageringBase: v.wageringBase,
    expiryDays: v.expiryDays,
    onePerIp: v.onePerIp,
    onePerDevice: v.onePerDevice,
    countries: [...new Set(v.countries)],
    devices: [...new Set(v.devices)],
    betOrder: v.betOrder,
    maxBet: amount(v.maxBet),
    contributions: v.contributions as Record<string, number>,
    forfeitOnWithdraw: v.forfeitOnWithdraw,
    ticketConfig:
      v.rewardKind === 'TICKET' && v.ticketConfig
        ? ticketConfigJson(parseTicketConfig(v.ticketConfig))
        : null,
    depositNth: v.trigger === 'NTH_DEPOSIT' ? v.depositNth : null,
    oncePerDay: v.trigger === 'DEPOSIT_OVER' && v.oncePerDay,
    rewardPoints: v.rewardKind === 'POINTS' ? v.rewardPoints : null,
    betVolumeTarget: v.trigger === 'BET_VOLUME' ? amount(v.betVolumeTarget) : null,
    betVolumePeriod: v.trigger === 'BET_VOLUME' ? v.betVolumePeriod : null,
    betVolumeGameTypes: v.trigger === 'BET_VOLUME' ? [...new Set(v.betVolumeGameTypes)] : [],
    autoGrant: v.trigger === 'BET_VOLUME' && v.autoGrant,
    freeSpins:
      v.rewardKind === 'FREE_SPINS' && v.freeSpins
        ? {
            count: v.freeSpins.count,
            stake: parseAmount(v.freeSpins.stake, m).toString(),
            vendor: v.freeSpins.vendor,
            gameCode: v.freeSpins.gameCode,
          }
        : null,
  };
}

function parseInput(input: unknown) {
  const r = ZPromotionInput.safeParse(input);
  if (!r.success) {
    throw new AppError('request_param_err', {
      value: { issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  }
  return r.data;
}

function positive(v: PromotionValues) {
  const bad = (path: string) => {
    throw new AppError('request_param_err', {
      value: { issues: [{ path, message: 'must be more than 0' }] },
    });
  };
  if (v.rewardAmount !== null && v.rewardAmount <= 0n) bad('rewardAmount');
  if (v.rewardCap !== null && v.rewardCap <= 0n) bad('rewardCap');
  if (v.maxBet !== null && v.maxBet <= 0n) bad('maxBet');
  if (v.betVolumeTarget !== null && v.betVolumeTarget <= 0n) bad('betVolumeTarget');
  if (v.freeSpins && BigInt(v.freeSpins.stake) <= 0n) bad('freeSpins.stake');
}

/**
 * Promotions: the operator's definitions, a member's join or claim, the grant of its bonus into the
 * member's bonus account, and the bonus's end: converted to real money once its wagering is met,
 * forfeited when it expires first. Every money movement is one ledger entry keyed by the claim
 * (`promo:grant|convert|forfeit:<claim>`), and a claim row exists once per promotion and member, so
 * no reward is paid twice whatever arrives at the same time.
 */
export function createPromotionService(deps: PromotionDeps) {
  const { db, ledger, members, audit, events, clock, validBetByType, depositCount, points, isSlot } = deps;

  /** The slots a promotion's free spins are played on (its FREE_SPINS reward, its ticket's prizes). */
  function freeSpinGames(v: Pick<PromotionValues, 'rewardKind' | 'freeSpins' | 'ticketConfig'>) {
    const games: { vendor: string; gameCode: string }[] = [];
    if (v.rewardKind === 'FREE_SPINS' && v.freeSpins) games.push(v.freeSpins);
    // a ticket's free-spins prizes are played on a slot the same way
    if (v.rewardKind === 'TICKET' && v.ticketConfig) {
      for (const p of parseTicketConfig(v.ticketConfig).prizes) if (p.spins) games.push(p.spins);
    }
    return games;
  }

  /**
   * A FREE_SPINS reward (or a ticket's free-spins prize) is played on a built-in slot the merchant's
   * members can open (`builtInGame`: active, its vendor enabled for the merchant, not switched off),
   * or refused. An update that leaves the promotion inactive on the slots it had is not checked: an
   * operator can always switch off a promotion whose slot was disabled since.
   */
  async function checkFreeSpinsGame(
    ex: Executor,
    merchantId: number,
    v: PromotionValues,
    previous?: PromotionRow,
  ) {
    const games = freeSpinGames(v);
    const key = (l: { vendor: string; gameCode: string }[]) =>
      JSON.stringify(l.map((g) => [g.vendor, g.gameCode]));
    if (previous && !v.active && key(games) === key(freeSpinGames(previous))) return;
    for (const g of games) {
      if (!(await isSlot(ex, merchantId, g.vendor, g.gameCode))) {
        throw new AppError('promotion_free_spins_game', {
          value: { vendor: g.vendor, gameCode: g.gameCode },
        });
      }
    }
  }

  /**
   * Grants a FREE_SPINS reward: the claim opens (ACTIVE, no bonus yet: each spin's win adds to it)
   * with its spins to play on the promotion's slot until its expiry. No money moves until a spin wins.
   */
  async function grantFreeSpins(tx: Tx, p: PromotionRow, claim: ClaimRow): Promise<boolean> {
    const cfg = p.freeSpins;
    if (!cfg) return false;
    const now = clock.now();
    const expiresAt = p.expiryDays ? new Date(now.getTime() + p.expiryDays * DAY_MS) : null;
    await lockMain(tx, claim.merchantId, claim.memberId);
    const granted = await repo.grant(tx, claim.id, {
      status: 'ACTIVE',
      depositOrderNo: null,
      depositAmount: null,
      bonusAmount: 0n,
      requiredTurnover: 0n,
      expiresAt,
      closedAt: null,
    });
    if (!granted) return false;
    await freeSpinRepo.insert(tx, {
      claimId: claim.id,
      merchantId: claim.merchantId,
      memberId: claim.memberId,
      vendor: cfg.vendor,
      gameCode: cfg.gameCode,
      granted: cfg.count,
      stake: BigInt(cfg.stake),
      expiresAt,
    });
    await repo.syncBonusState(tx, claim.merchantId, claim.memberId);
    return true;
  }

  /** A claim's wagering progress: its promotion's contribution per game type since its grant. */
  async function progressOf(c: ClaimRow, p: PromotionRow | undefined): Promise<bigint> {
    return wageringProgress(await validBetByType(db, c.memberId, c.grantedAt!), p?.contributions ?? {});
  }

  /**
   * A bet volume promotion's current period for the member and the member's valid bets in it (THE
   * valid-bet definition, by game type, summed over the types the promotion counts).
   */
  async function volumeOf(ex: Executor, memberId: number, p: PromotionRow, timeZone: string) {
    const period = betVolumePeriodAt(p, timeZone, clock.now());
    const progress = betVolumeOf(await validBetByType(ex, memberId, period.since), p.betVolumeGameTypes);
    return { ...period, progress };
  }

  /**
   * MAIN first: the wallet's serialisation point for the member (vendor_wallet_apply locks it before
   * the bonus account), so a grant or an end of a bonus never deadlocks with a bet.
   */
  async function lockMain(tx: Tx, merchantId: number, memberId: number) {
    const main = await ledger.account(tx, merchantId, { memberId, code: 'main' });
    await ledger.lock(tx, [main]);
  }
  const rewardHandlers = new Map<string, RewardHandler>();

  function playerView(
    p: PromotionRow,
    lang: string,
    fallback: string,
    m: Money,
    status: TPlayerPromotion['status'],
    /** BET_VOLUME: the member's valid bets in the current period, and when it ends */
    volume?: { progress: bigint; end: Date | null },
  ): TPlayerPromotion {
    const a = adminView(p, m);
    return {
      id: p.id,
      title: pickText(p.title, lang, fallback),
      category: p.category,
      tags: p.tags,
      // sanitised on write; again here for rows written by other means (raw SQL, older versions)
      content: sanitizeHtml(pickText(p.content, lang, fallback)),
      startDate: a.startDate,
      endDate: a.endDate,
      trigger: p.trigger,
      rewardKind: p.rewardKind,
      rewardAmount: a.rewardAmount,
      rewardPercent: a.rewardPercent,
      rewardCap: a.rewardCap,
      minDeposit: a.minDeposit,
      wageringMultiple: a.wageringMultiple,
      wageringBase: p.wageringBase,
      expiryDays: p.expiryDays,
      betOrder: p.betOrder,
      maxBet: a.maxBet,
      contributions: p.contributions,
      forfeitOnWithdraw: p.forfeitOnWithdraw,
      depositNth: p.depositNth,
      oncePerDay: p.oncePerDay,
      rewardPoints: p.rewardPoints,
      betVolumeTarget: a.betVolumeTarget,
      betVolumePeriod: p.betVolumePeriod,
      betVolumeGameTypes: p.betVolumeGameTypes,
      betVolumeProgress: volume ? fromMinor(volume.progress, m.currencyDecimals) : null,
      betVolumePeriodEnd: volume ? iso(volume.end) : null,
      freeSpins: a.freeSpins,
      status,
    };
  }

  /**
   * The audience lists of an operator's input, members named by username resolved in the merchant:
   * a name nobody has (or, for agents' teams, a name that is not an agent's) is refused, naming it.
   */
  async function resolveAudience(
    ex: Executor,
    merchantId: number,
    v: z.output<typeof ZPromotionInput>,
  ): Promise<AudienceLists> {
    const lists = {
      agents: v.audience === 'AGENT_TEAMS' ? v.audienceAgents : [],
      members: v.audience === 'MEMBER_LIST' ? v.audienceMembers : [],
      excluded: v.excludedMembers,
    };
    const found = await members.findByUsernames(
      merchantId,
      [...lists.agents, ...lists.members, ...lists.excluded],
      ex,
    );
    const byKey = new Map(found.map((m) => [m.usernameKey, m]));
    const resolve = (path: string, names: string[], agentsOnly = false) =>
      names.map((n) => {
        const m = byKey.get(n.trim().toLowerCase());
        if (!m || (agentsOnly && !isAgent(m))) {
          throw new AppError('request_param_err', {
            value: { issues: [{ path, message: `${agentsOnly ? 'no agent' : 'no member'} named ${n}` }] },
          });
        }
        return { id: m.id, username: m.username };
      });
    const unique = <T extends { id: number }>(l: T[]) => [...new Map(l.map((x) => [x.id, x])).values()];
    return {
      vipLevels: v.audience === 'VIP_LEVELS' ? [...new Set(v.audienceVipLevels)].sort((a, b) => a - b) : [],
      agents: unique(resolve('audienceAgents', lists.agents, true)),
      members: unique(resolve('audienceMembers', lists.members)),
      excluded: unique(resolve('excludedMembers', lists.excluded)),
    };
  }

  function claimView(
    c: ClaimRow,
    p: PromotionRow | undefined,
    lang: string,
    fb: string,
    m: Money,
    progress: bigint,
    /** the member has had a credited deposit (a joined first-deposit claim then can no longer be granted) */
    deposited = false,
    /** a FREE_SPINS claim's spins */
    fs?: FreeSpinRow,
  ) {
    const money = (v: bigint | null) => (v === null ? null : fromMinor(v, m.currencyDecimals));
    const current =
      c.status === 'CONVERTED'
        ? c.requiredTurnover
        : progress < c.requiredTurnover
          ? progress
          : c.requiredTurnover;
    return {
      id: c.id.toString(),
      promotionId: c.promotionId,
      title: p ? pickText(p.title, lang, fb) : '',
      state: c.status,
      status: statusOf({
        startAt: null,
        endAt: p?.endAt ?? null,
        trigger: p?.trigger ?? 'CLAIM',
        claim: c.status,
        now: clock.now(),
        deposited,
      }),
      depositAmount: money(c.depositAmount),
      bonusAmount: money(c.bonusAmount),
      points: c.points,
      freeSpins: fs
        ? {
            vendor: fs.vendor,
            gameCode: fs.gameCode,
            stake: money(fs.stake)!,
            granted: fs.granted,
            // spins of a claim that ended (expired, forfeited) can no longer be played
            remaining: c.status === 'ACTIVE' ? fs.remaining : 0,
            used: fs.granted - fs.forfeited - fs.remaining,
            forfeited: c.status === 'ACTIVE' ? fs.forfeited : fs.forfeited + fs.remaining,
            win: money(fs.win)!,
          }
        : null,
      requiredTurnover: money(c.requiredTurnover)!,
      currentTurnover: money(current)!,
      remainingTurnover: money(c.status === 'ACTIVE' ? remainingTurnover(c.requiredTurnover, progress) : 0n)!,
      progressPercent: progressPercent(c.status, c.requiredTurnover, current),
      maxBet: money(p?.maxBet ?? null),
      createdDate: c.createdAt.toISOString(),
      grantedDate: iso(c.grantedAt),
      expiryDate: iso(c.expiresAt),
      closedDate: iso(c.closedAt),
    } satisfies TPromotionClaim;
  }

  /**
   * Pays a JOINED claim's reward in `tx` (the claim row locked by the caller): bonus money into the
   * member's bonus account with its wagering requirement, or straight into the main wallet when the
   * promotion asks no wagering. Answers false when there is nothing to pay (a deposit too small).
   */
  async function grant(
    tx: Tx,
    p: PromotionRow,
    claim: ClaimRow,
    deposit: { orderNo: string; amount: bigint } | null,
    /** pays this instead of the promotion's own reward (a check-in's day amount, a raffle prize) */
    amount?: bigint,
  ): Promise<boolean> {
    const handler = rewardHandlers.get(p.rewardKind);
    if (handler) return handler(tx, p, claim);
    if (p.rewardKind === 'FREE_SPINS') return grantFreeSpins(tx, p, claim);
    if (p.rewardKind === 'POINTS') return grantPoints(tx, p, claim);
    const depositAmount = deposit?.amount ?? 0n;
    const bonus = amount ?? bonusFor(p, depositAmount);
    if (bonus <= 0n) return false;
    const required = requiredTurnover(p, bonus, depositAmount);
    const now = clock.now();
    const cash = required === 0n;
    await lockMain(tx, claim.merchantId, claim.memberId);
    const granted = await repo.grant(tx, claim.id, {
      status: cash ? 'CONVERTED' : 'ACTIVE',
      depositOrderNo: deposit?.orderNo ?? null,
      depositAmount: deposit ? depositAmount : null,
      bonusAmount: bonus,
      requiredTurnover: required,
      expiresAt: !cash && p.expiryDays ? new Date(now.getTime() + p.expiryDays * DAY_MS) : null,
      closedAt: cash ? now : null,
    });
    if (!granted) return false;
    await ledger.post(tx, {
      merchantId: claim.merchantId,
      key: `promo:grant:${claim.id}`,
      type: 'bonus',
      memberId: claim.memberId,
      refType: 'promotion_claim',
      refId: claim.id.toString(),
      memo: { promotionId: p.id, requiredTurnover: required.toString() },
      lines: [
        { account: { house: 'bonus', spread: claim.memberId }, amount: -bonus },
        { account: { memberId: claim.memberId, code: cash ? 'main' : 'bonus' }, amount: bonus },
      ],
    });
    if (!cash) await repo.syncBonusState(tx, claim.merchantId, claim.memberId);
    return true;
  }

  /**
   * Pays a POINTS reward: the claim converts with its points, and the points ledger takes one entry
   * keyed by the claim (`promo:points:<claim>`), in the same transaction: once whatever the
   * concurrency. No money moves.
   */
  async function grantPoints(tx: Tx, p: PromotionRow, claim: ClaimRow): Promise<boolean> {
    const amount = p.rewardPoints ?? 0;
    if (amount <= 0) return false;
    const granted = await repo.grantPoints(tx, claim.id, amount, clock.now());
    if (!granted) return false;
    await points.post(tx, {
      merchantId: claim.merchantId,
      memberId: claim.memberId,
      key: `promo:points:${claim.id}`,
      amount: BigInt(amount),
      reason: 'promotion',
      refType: 'promotion_claim',
      refId: claim.id.toString(),
      title: p.title,
    });
    return true;
  }

  /**
   * Ends an ACTIVE bonus: its money to the main wallet (converted) or back to the house (forfeited).
   * Bonus money is pooled in the member's bonus account and played (won, lost): the last open bonus
   * ends with the whole balance, one of several with at most its own amount; a bonus lost in play
   * ends with nothing to move. The last one waits while a round that drew bonus money is open (its
   * win is owed to the bonus account): answers false then, and the sweep comes back to it.
   */
  async function close(claimId: bigint, how: 'CONVERTED' | 'FORFEITED'): Promise<boolean> {
    const done = await ledger.transaction(async (tx) => {
      const peek = await repo.lockClaim(tx, claimId);
      if (!peek || peek.status !== 'ACTIVE') return undefined;
      await lockMain(tx, peek.merchantId, peek.memberId);
      const c = (await repo.lockClaim(tx, claimId))!;
      if (c.status !== 'ACTIVE') return undefined;
      const others = await repo.otherActive(tx, c.memberId, c.id);
      if (others === 0 && (await repo.openBonusRound(tx, c.memberId, c.grantedAt!))) return undefined;
      const balance = await repo.bonusBalance(tx, c.memberId);
      const own = c.bonusAmount!;
      const amount = others === 0 ? balance : own < balance ? own : balance;
      if (amount > 0n) {
        await ledger.post(tx, {
          merchantId: c.merchantId,
          key: `promo:${how === 'CONVERTED' ? 'convert' : 'forfeit'}:${c.id}`,
          type: 'bonus',
          memberId: c.memberId,
          refType: 'promotion_claim',
          refId: c.id.toString(),
          lines: [
            { account: { memberId: c.memberId, code: 'bonus' }, amount: -amount },
            how === 'CONVERTED'
              ? { account: { memberId: c.memberId, code: 'main' }, amount }
              : { account: { house: 'bonus', spread: c.memberId }, amount },
          ],
        });
      }
      await repo.close(tx, c.id, how, clock.now());
      await repo.syncBonusState(tx, c.merchantId, c.memberId);
      return c;
    });
    if (done) events.emit('wallet.changed', { merchantId: done.merchantId, memberId: done.memberId });
    return done !== undefined;
  }

  /**
   * Brings a member's open bonuses up to date: an expired one is forfeited (so is one whose promotion
   * forfeits on withdrawal, when a withdrawal asks), one whose wagering is met converts, and once the
   * bonus money is all lost in play the rest end with nothing to pay. Answers each open bonus's
   * progress and the largest turnover still to bet.
   */
  async function refresh(
    memberId: number,
    opts: { withdrawing?: boolean } = {},
  ): Promise<{ remaining: bigint; progress: Map<bigint, bigint> }> {
    const progress = new Map<bigint, bigint>();
    let remaining = 0n;
    const now = clock.now();
    const open = await repo.activeClaims(db, memberId);
    if (open.length === 0) return { remaining, progress };
    const promotions = new Map<number, PromotionRow | undefined>();
    const still: ClaimRow[] = [];
    const spins = await freeSpinRepo.byClaims(
      db,
      open.map((c) => c.id),
    );
    for (const c of open) {
      if (!promotions.has(c.promotionId))
        promotions.set(c.promotionId, await repo.get(db, c.merchantId, c.promotionId));
      const p = promotions.get(c.promotionId);
      const fs = spins.get(c.id.toString());
      if (fs) {
        const expired = c.expiresAt !== null && now >= c.expiresAt;
        // unplayed spins are forfeited at expiry; spins left (or a spin whose win is still being
        // paid) keep the claim open: its bonus and requirement are not final yet
        if (expired && fs.remaining > 0) await freeSpinRepo.forfeitRemaining(db, c.id);
        const inPlay = fs.granted - fs.forfeited - fs.remaining - fs.settled;
        if ((!expired && fs.remaining > 0) || inPlay > 0) continue;
      }
      const done = await progressOf(c, p);
      progress.set(c.id, done);
      if ((c.expiresAt && now >= c.expiresAt) || (opts.withdrawing && p?.forfeitOnWithdraw)) {
        if (!(await close(c.id, 'FORFEITED'))) still.push(c);
      } else if (done >= c.requiredTurnover) {
        await close(c.id, 'CONVERTED');
      } else {
        still.push(c);
      }
    }
    // bonus money all lost in play (no round of it open): nothing left to wager for
    if (
      still.length > 0 &&
      (await repo.bonusBalance(db, memberId)) === 0n &&
      !(await repo.openBonusRound(db, memberId, still[0]!.grantedAt!))
    ) {
      for (const c of still) await close(c.id, 'FORFEITED');
      return { remaining: 0n, progress };
    }
    for (const c of still) {
      const left = remainingTurnover(c.requiredTurnover, progress.get(c.id)!);
      if (left > remaining) remaining = left;
    }
    return { remaining, progress };
  }

  const checkin = createCheckinService({
    db,
    ledger,
    audit,
    events,
    clock,
    grant: (tx, p, claim, amount) => grant(tx, p, claim, null, amount),
  });
  /**
   * The automatic deposit triggers, in the deposit's transaction: the member's N-th credited deposit
   * (once per member), and every deposit of at least the minimum (once per deposit, or per merchant
   * day), for members of the promotion's audience. The claim row's unique key per occurrence and the
   * grant's key per claim make a replayed credit pay nothing twice.
   */
  async function depositTriggers(tx: Tx, d: DepositCredited) {
    const now = clock.now();
    const list = await repo.liveWithTrigger(tx, d.merchantId, now, ['NTH_DEPOSIT', 'DEPOSIT_OVER']);
    if (list.length === 0) return;
    const eligible = await repo.eligibleIds(
      tx,
      d.memberId,
      list.map((p) => p.id),
    );
    let count: number | undefined;
    let day: string | undefined;
    for (const p of list) {
      if (!eligible.has(p.id) || d.credited < p.minDeposit) continue;
      let occurrence: string;
      if (p.trigger === 'NTH_DEPOSIT') {
        count ??= await depositCount(tx, d.memberId);
        if (count !== p.depositNth) continue;
        occurrence = '';
      } else if (p.oncePerDay) {
        day ??= `day:${merchantDayStart(await merchantTimeZone(tx, d.merchantId), now).toISOString()}`;
        occurrence = day;
      } else {
        occurrence = `deposit:${d.orderNo}`;
      }
      // abuse rules: no request here, the member's latest session stands for it
      if (await abuseRefusal(tx, p, { merchantId: d.merchantId, memberId: d.memberId })) continue;
      const claim = await repo.insertClaim(tx, {
        merchantId: d.merchantId,
        promotionId: p.id,
        memberId: d.memberId,
        occurrence,
      });
      if (claim) await grant(tx, p, claim, { orderNo: d.orderNo, amount: d.credited });
    }
  }

  /** What runs now or is coming, or (a date preset) what ran at some time inside the window. */
  const listed = (merchantId: number, now: Date, q: ListQuery = {}) =>
    q.from && q.to
      ? repo.listWindow(db, merchantId, new Date(q.from), new Date(q.to))
      : repo.listLive(db, merchantId, now);

  async function memberStatuses(
    actor: MemberActor,
    merchant: MerchantContext,
    lang: string,
    q: ListQuery = {},
  ) {
    const now = clock.now();
    const today = merchantDay(merchant.timeZone, now);
    const [live, claims, deposits, applications] = await Promise.all([
      listed(merchant.id, now, q),
      repo.claimsOfMember(db, actor.memberId),
      depositCount(db, actor.memberId),
      applicationRepo.latestOfMember(db, actor.memberId),
    ]);
    const eligible = await repo.eligibleIds(
      db,
      actor.memberId,
      live.map((p) => p.id),
    );
    // a daily check-in's claim that matters is today's; a bet volume's, its current period's
    const checkins = new Set(live.filter((p) => p.trigger === 'DAILY_LOGIN').map((p) => p.id));
    const volumes = new Map<number, Awaited<ReturnType<typeof volumeOf>>>();
    for (const p of live) {
      if (p.trigger === 'BET_VOLUME' && eligible.has(p.id))
        volumes.set(p.id, await volumeOf(db, actor.memberId, p, merchant.timeZone));
    }
    const volumeClaimed = (c: ClaimRow) =>
      volumes.has(c.promotionId) && c.occurrence === volumes.get(c.promotionId)!.occurrence;
    const periodic = (id: number) =>
      checkins.has(id) || volumes.has(id) || live.some((p) => p.id === id && p.trigger === 'BET_VOLUME');
    const byPromotion = new Map(
      claims
        .filter(
          (c) =>
            !periodic(c.promotionId) ||
            (checkins.has(c.promotionId) && c.occurrence === today) ||
            volumeClaimed(c),
        )
        .map((c) => [c.promotionId, c]),
    );
    // a referral promotion has a claim per invited friend: it shows the ones waiting for a claim
    const waiting = new Set(claims.filter((c) => c.status === 'JOINED').map((c) => c.promotionId));
    const fb = merchant.defaultLanguage.toUpperCase();
    return live
      .filter((p) => byPromotion.has(p.id) || eligible.has(p.id))
      .map((p) =>
        playerView(
          p,
          lang,
          fb,
          merchant,
          statusOf({
            startAt: p.startAt,
            endAt: p.endAt,
            trigger: p.trigger,
            claim: isReferralTrigger(p.trigger)
              ? waiting.has(p.id)
                ? 'JOINED'
                : null
              : (byPromotion.get(p.id)?.status ?? null),
            now,
            deposited: deposits > 0,
            member: true,
            application: applications.get(p.id) ?? null,
            reached: volumes.has(p.id) && volumes.get(p.id)!.progress >= (p.betVolumeTarget ?? 0n),
          }),
          volumes.get(p.id),
        ),
      );
  }

  /**
   * Claims a bet volume's reward for the current period once the member's valid bets in it reach the
   * target. Once per member and period: the claim row is unique per promotion, member and occurrence
   * (the period), and the grant's ledger key is the claim's, so parallel claims pay once.
   */
  async function claimBetVolume(
    actor: MemberActor,
    merchant: MerchantContext,
    lang: string,
    p: PromotionRow,
    ip: string,
  ) {
    const v = await volumeOf(db, actor.memberId, p, merchant.timeZone);
    if (v.progress < p.betVolumeTarget!) {
      throw new AppError('promotion_bet_volume_not_reached', {
        value: {
          target: fromMinor(p.betVolumeTarget!, merchant.currencyDecimals),
          current: fromMinor(v.progress, merchant.currencyDecimals),
        },
      });
    }
    const claim = await ledger.transaction(async (tx) => {
      const created = await openMemberClaim(
        tx,
        p,
        { merchantId: merchant.id, memberId: actor.memberId, ip, sessionId: actor.sessionId },
        v.occurrence,
      );
      await grant(tx, p, created, null);
      return (await repo.findClaim(tx, p.id, actor.memberId, false, v.occurrence))!;
    });
    events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
    return claimView(claim, p, lang.toUpperCase(), merchant.defaultLanguage.toUpperCase(), merchant, 0n);
  }

  /**
   * Pays one member a bet volume period the member reached and did not claim (the job), in one
   * transaction: the member still in the promotion's audience and passing its abuse rules (the
   * member's latest session stands for a request), then the claim row of the period's occurrence,
   * the very row a member's own claim of that period takes (unique per promotion, member and
   * occurrence: whichever commits first pays, the other finds it), the grant keyed by the claim, and
   * the audit entry. Answers whether this call paid.
   */
  async function autoGrantOne(p: PromotionRow, memberId: number, occurrence: string, total: bigint) {
    const paid = await ledger.transaction(async (tx) => {
      if (!(await repo.eligibleIds(tx, memberId, [p.id])).has(p.id)) return undefined;
      if (await abuseRefusal(tx, p, { merchantId: p.merchantId, memberId })) return undefined;
      const claim = await repo.insertClaim(tx, {
        merchantId: p.merchantId,
        promotionId: p.id,
        memberId,
        occurrence,
      });
      if (!claim || !(await grant(tx, p, claim, null))) return undefined;
      const after = (await repo.findClaim(tx, p.id, memberId, false, occurrence))!;
      await audit.recordJob(tx, p.merchantId, PROMOTION_BET_VOLUME_JOB, {
        action: 'promotion.autoGrant',
        entityType: 'promotion_claim',
        entityId: after.id.toString(),
        before: null,
        after: {
          promotionId: p.id,
          memberId,
          occurrence,
          validBets: total,
          target: p.betVolumeTarget,
          status: after.status,
          bonusAmount: after.bonusAmount,
          requiredTurnover: after.requiredTurnover,
          points: after.points,
        },
      });
      return after;
    });
    if (paid) events.emit('wallet.changed', { merchantId: p.merchantId, memberId });
    return paid !== undefined;
  }

  /**
   * The job `promotion.betVolume`: for every BET_VOLUME promotion with `autoGrant`, each period that
   * has ended (after auto grant was turned on, within the look-back), oldest first, not noted paid
   * yet and whose journal rows are final (no transaction begun before its end still open): pays each
   * member whose valid bets in it reached the target and who has no claim of it, then notes the period
   * paid in full, and later runs skip it. Periods whose runs were all missed (instances down over a
   * period's end) are paid when a run comes. A run cut short leaves no note: the next one pays the
   * rest, nobody twice (the claim row's key).
   */
  async function payFinishedBetVolumes(now: Date): Promise<number> {
    let granted = 0;
    const zones = new Map<number, string>();
    const lookBack = new Date(now.getTime() - AUTO_GRANT_LOOKBACK_MS);
    for (const p of await repo.autoGrantBetVolume(db, lookBack)) {
      if (!zones.has(p.merchantId)) zones.set(p.merchantId, await merchantTimeZone(db, p.merchantId));
      const after = p.autoGrantSince! > lookBack ? p.autoGrantSince! : lookBack;
      for (const period of finishedBetVolumePeriods(p, zones.get(p.merchantId)!, now, after)) {
        granted += await payBetVolumePeriod(p, period);
      }
    }
    return granted;
  }

  /** One finished period of the job (above): the members paid, or 0 when done before or not final yet. */
  async function payBetVolumePeriod(p: PromotionRow, period: BetVolumePeriod & { end: Date }) {
    if (await repo.autoGrantRunDone(db, p.id, period.occurrence)) return 0;
    if (!(await windowIsFinal(db, period.end))) return 0;
    const reached = await membersReachingValidBet(db, {
      merchantId: p.merchantId,
      since: period.since,
      end: period.end,
      gameTypes: p.betVolumeGameTypes,
      atLeast: p.betVolumeTarget!,
    });
    const claimed = await repo.claimedIn(db, p.merchantId, p.id, period.occurrence);
    let n = 0;
    for (const [memberId, total] of reached) {
      if (claimed.has(memberId)) continue;
      if (await autoGrantOne(p, memberId, period.occurrence, total)) n++;
    }
    await repo.finishAutoGrantRun(db, {
      merchantId: p.merchantId,
      promotionId: p.id,
      occurrence: period.occurrence,
      start: period.since,
      end: period.end,
      granted: n,
    });
    return n;
  }

  const matches = (q: ListQuery) => (p: TPlayerPromotion) =>
    (q.category === undefined || p.category === q.category) &&
    (q.tag === undefined || p.tags.includes(q.tag));

  return {
    refresh,
    checkin,
    payFinishedBetVolumes,
    /** A claim as the member sees it, with its wagering progress as of now (applications show theirs). */
    async claimViewOf(c: ClaimRow, p: PromotionRow, lang: string, merchant: MerchantContext) {
      const progress = c.status === 'ACTIVE' ? await progressOf(c, p) : 0n;
      return claimView(c, p, lang, merchant.defaultLanguage.toUpperCase(), merchant, progress);
    },
    /** Pays a JOINED claim in `tx` (its row locked): the raffle's draw, with the prize's amount. */
    grantPrize: (tx: Tx, p: PromotionRow, claim: ClaimRow, amount: bigint) =>
      grant(tx, p, claim, null, amount),
    /** Whether the member may take part in the promotion (its audience, and not excluded). */
    eligible: async (memberId: number, promotionId: number) =>
      (await repo.eligibleIds(db, memberId, [promotionId])).has(promotionId),

    /**
     * The built-in game server takes one promotion free spin of this game for the member, in the
     * round's transaction (the spin row stays locked until it commits: parallel spins never take more
     * than granted). Answers the claim, the spin's number and its stake, or undefined.
     */
    async takeFreeSpin(
      tx: Tx,
      k: { merchantId: number; memberId: number; vendor: string; gameCode: string },
    ): Promise<{ claimId: string; n: number; stake: bigint } | undefined> {
      const t = await freeSpinRepo.take(tx, k, clock.now());
      return t && { claimId: t.row.claimId.toString(), n: t.n, stake: t.row.stake };
    },
    /** Promotion free spins of this game the member can still play. */
    freeSpinsLeft: (
      ex: Executor,
      k: { merchantId: number; memberId: number; vendor: string; gameCode: string },
    ) => freeSpinRepo.left(ex, k, clock.now()),
    /**
     * Pays a promotion free spin's win, in the transaction that settles its round (once per round):
     * bonus money into the member's bonus account (ledger key `fs:win:<claim>:<n>`, from the house's
     * bonus account: the stake was the house's), the claim's bonus and required turnover raised by
     * the promotion's wagering of it; free spins the spin awarded are added to the claim's.
     */
    async payFreeSpin(tx: Tx, claimId: string, n: number, win: bigint, awarded: number) {
      const id = BigInt(claimId);
      const peek = await repo.lockClaim(tx, id);
      if (!peek) return;
      await lockMain(tx, peek.merchantId, peek.memberId);
      const c = (await repo.lockClaim(tx, id))!;
      await freeSpinRepo.settle(tx, id, win, c.status === 'ACTIVE' ? awarded : 0);
      if (win <= 0n) return;
      const p = await repo.get(tx, c.merchantId, c.promotionId);
      const turnover = p ? requiredTurnover({ ...p, wageringBase: 'BONUS' }, win, 0n) : 0n;
      await ledger.post(tx, {
        merchantId: c.merchantId,
        key: `fs:win:${c.id}:${n}`,
        type: 'bonus',
        memberId: c.memberId,
        refType: 'promotion_claim',
        refId: c.id.toString(),
        memo: { promotionId: c.promotionId, freeSpin: n, requiredTurnover: turnover.toString() },
        lines: [
          { account: { house: 'bonus', spread: c.memberId }, amount: -win },
          { account: { memberId: c.memberId, code: 'bonus' }, amount: win },
        ],
      });
      await freeSpinRepo.addWin(tx, id, win, turnover);
      events.emit('wallet.changed', { merchantId: c.merchantId, memberId: c.memberId });
    },

    /** Another part of the module pays a reward kind of its own (tickets). */
    onReward(kind: string, handler: RewardHandler) {
      rewardHandlers.set(kind, handler);
    },
    /** Grants a JOINED claim (locked by the caller) as its promotion says: an issued reward's claim. */
    grantClaim: (tx: Tx, p: PromotionRow, claim: ClaimRow) => grant(tx, p, claim, null),

    /**
     * The sweep of the job: open bonuses that expired or met their wagering end, every member with
     * one, in batches by member id (a member past the first batch is reached in the same run).
     */
    async sweep(batch = 500) {
      for (let after = 0; ;) {
        const ids = await repo.membersWithActive(db, after, batch);
        for (const memberId of ids) await refresh(memberId);
        if (ids.length < batch) return;
        after = ids[ids.length - 1]!;
      }
    },

    async adminList(
      actor: OperatorActor,
      merchant: MerchantContext,
      q: { pageNo: number; pageSize: number },
    ) {
      assertCan(actor, 'read');
      const [list, totalCount] = await Promise.all([
        repo.list(db, merchant.id, { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize }),
        repo.count(db, merchant.id),
      ]);
      const audiences = await repo.audienceOf(
        db,
        merchant.id,
        list.map((p) => p.id),
      );
      return {
        list: list.map((p) => adminView(p, merchant, audiences.get(p.id))),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / q.pageSize),
      };
    },

    async adminCreate(who: AuditWho, merchant: MerchantContext, input: TPromotionInput) {
      assertCan(who.actor, 'write');
      const parsed = parseInput(input);
      const values = valuesOf(parsed, merchant);
      positive(values);
      await checkFreeSpinsGame(db, merchant.id, values);
      const change = await auditedWrite(db, undefined, async (tx) => {
        const aud = await resolveAudience(tx, merchant.id, parsed);
        const row = await repo.insert(tx, merchant.id, values, clock.now());
        await repo.setAudience(tx, row.id, aud);
        const after = adminView(row, merchant, aud);
        await audit.record(tx, who, {
          action: 'promotion.create',
          entityType: 'promotion',
          entityId: String(row.id),
          before: null,
          after,
        });
        return { before: null, after };
      });
      return change.after!;
    },

    async adminUpdate(who: AuditWho, merchant: MerchantContext, id: number, patch: Record<string, unknown>) {
      assertCan(who.actor, 'write');
      const change = await auditedWrite(db, undefined, async (tx) => {
        const current = await repo.get(tx, merchant.id, id, true);
        if (!current) throw new AppError('promotion_not_found');
        const before = adminView(current, merchant, (await repo.audienceOf(tx, merchant.id, [id])).get(id));
        const { id: _i, updatedAt: _u, ...rest } = before;
        const parsed = parseInput({ ...rest, ...patch });
        const values = valuesOf(parsed, merchant);
        positive(values);
        await checkFreeSpinsGame(tx, merchant.id, values, current);
        const aud = await resolveAudience(tx, merchant.id, parsed);
        const row = (await repo.update(tx, merchant.id, id, values, clock.now()))!;
        await repo.setAudience(tx, id, aud);
        const after = adminView(row, merchant, aud);
        await audit.record(tx, who, {
          action: 'promotion.update',
          entityType: 'promotion',
          entityId: String(id),
          before,
          after,
        });
        return { before, after };
      });
      return change.after!;
    },

    async adminClaims(
      actor: OperatorActor,
      merchant: MerchantContext,
      q: { promotionId?: number; memberId?: number; state?: string; pageNo: number; pageSize: number },
    ) {
      assertCan(actor, 'read');
      const [{ list, totalCount }, promotions] = await Promise.all([
        repo.adminClaims(db, merchant.id, { ...q, limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize }),
        repo.list(db, merchant.id),
      ]);
      const byId = new Map(promotions.map((p) => [p.id, p]));
      const lang = merchant.defaultLanguage.toUpperCase();
      // open bonuses show their progress as of now (without converting: a read changes nothing here)
      const progress = new Map<bigint, bigint>();
      for (const c of list) {
        if (c.status === 'ACTIVE') progress.set(c.id, await progressOf(c, byId.get(c.promotionId)));
      }
      const spins = await freeSpinRepo.byClaims(
        db,
        list.map((c) => c.id),
      );
      return {
        list: list.map((c) => ({
          ...claimView(
            c,
            byId.get(c.promotionId),
            lang,
            lang,
            merchant,
            progress.get(c.id) ?? 0n,
            false,
            spins.get(c.id.toString()),
          ),
          memberId: c.memberId,
          username: c.username,
        })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / q.pageSize),
      };
    },

    /**
     * An operator grants a promotion's fixed reward to a member by hand, whatever its trigger,
     * window or audience (a deliberate act, audited with the grant in one transaction). Once per
     * member like any claim: a member who joined and waits for the trigger gets it now.
     */
    async adminGrant(
      who: AuditWho,
      merchant: MerchantContext,
      promotionId: number,
      body: { memberId: number; remark?: string },
    ) {
      assertCan(who.actor, 'write');
      const p = await repo.get(db, merchant.id, promotionId);
      if (!p) throw new AppError('promotion_not_found');
      // a share of a deposit needs the deposit: only fixed rewards are granted by hand
      if (
        p.rewardKind !== 'FIXED' &&
        p.rewardKind !== 'POINTS' &&
        p.rewardKind !== 'FREE_SPINS' &&
        !rewardHandlers.has(p.rewardKind)
      )
        throw new AppError('promotion_unavailable');
      const member = await members.getById(merchant.id, body.memberId);
      if (isTrial(member)) throw new AppError('need_real_account');
      const claim = await ledger.transaction(async (tx) => {
        const created = await repo.insertClaim(tx, {
          merchantId: merchant.id,
          promotionId,
          memberId: member.id,
        });
        const c = created ?? (await repo.findClaim(tx, promotionId, member.id, true));
        if (!c || c.status !== 'JOINED') throw new AppError('promotion_already_joined');
        await grant(tx, p, c, null);
        const after = (await repo.findClaim(tx, promotionId, member.id))!;
        await audit.record(tx, who, {
          action: 'promotion.grant',
          entityType: 'promotion_claim',
          entityId: after.id.toString(),
          before: { status: c.status },
          after: {
            promotionId,
            memberId: member.id,
            status: after.status,
            bonusAmount: after.bonusAmount,
            requiredTurnover: after.requiredTurnover,
            remark: body.remark ?? null,
          },
        });
        return after;
      });
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: member.id });
      const lang = merchant.defaultLanguage.toUpperCase();
      return {
        ...claimView(claim, p, lang, lang, merchant, 0n),
        memberId: member.id,
        username: member.username,
      };
    },

    /** MCSFE_getAvailablePromotions: running and coming promotions open to the member, with its status. */
    async available(actor: MemberActor, merchant: MerchantContext, lang: string, q: ListQuery) {
      return (await memberStatuses(actor, merchant, lang.toUpperCase(), q)).filter(matches(q));
    },

    /** GET /wps/promotions/deposit: deposit promotions the member has joined or can join now. */
    async depositList(actor: MemberActor, merchant: MerchantContext, lang: string) {
      return (await memberStatuses(actor, merchant, lang.toUpperCase())).filter(
        (p) =>
          p.trigger.includes('DEPOSIT') &&
          !p.trigger.startsWith('REFERRAL') &&
          (p.status === 'Join' || p.status === 'Joined'),
      );
    },

    /**
     * PROMOFE_getPromotionAnnouncementCategory: every SPEC 2.7 category with how many promotions a
     * visitor sees in it now (running or coming), in the filters' order.
     */
    async categories(merchant: MerchantContext) {
      const counts = new Map<string, number>();
      for (const p of await repo.listLive(db, merchant.id, clock.now())) {
        counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
      }
      return PROMOTION_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
    },

    /** MCSFE_getMerchantAvailablePromotions: what a visitor sees (no member: no claim, no deposit). */
    async forVisitors(merchant: MerchantContext, lang: string, q: ListQuery) {
      const now = clock.now();
      const fb = merchant.defaultLanguage.toUpperCase();
      return (await listed(merchant.id, now, q))
        .map((p) =>
          playerView(
            p,
            lang.toUpperCase(),
            fb,
            merchant,
            statusOf({ startAt: p.startAt, endAt: p.endAt, trigger: p.trigger, claim: null, now }),
          ),
        )
        .filter(matches(q));
    },

    /** MCSFE_getClaimPromotion: what the member can join or claim now. */
    async claimable(actor: MemberActor, merchant: MerchantContext, lang: string) {
      return (await memberStatuses(actor, merchant, lang.toUpperCase())).filter(
        (p) => p.status === 'Join' || p.status === 'Claim',
      );
    },

    /** MCS2_getPromotionClaimList: the member's claims, open bonuses brought up to date first. */
    async claims(actor: MemberActor, merchant: MerchantContext, lang: string): Promise<TPromotionClaim[]> {
      const { progress } = await refresh(actor.memberId);
      const [claims, promotions] = await Promise.all([
        repo.claimsOfMember(db, actor.memberId),
        repo.list(db, merchant.id),
      ]);
      const byId = new Map(promotions.map((p) => [p.id, p]));
      const fb = merchant.defaultLanguage.toUpperCase();
      const deposited = claims.some((c) => c.status === 'JOINED')
        ? (await depositCount(db, actor.memberId)) > 0
        : false;
      // a FREE_SPINS promotion's claims, and a ticket's whose prize was free spins
      const spins = await freeSpinRepo.byClaims(
        db,
        claims
          .filter((c) => ['FREE_SPINS', 'TICKET'].includes(byId.get(c.promotionId)?.rewardKind ?? ''))
          .map((c) => c.id),
      );
      return claims.map((c) =>
        claimView(
          c,
          byId.get(c.promotionId),
          lang.toUpperCase(),
          fb,
          merchant,
          progress.get(c.id) ?? 0n,
          deposited,
          spins.get(c.id.toString()),
        ),
      );
    },

    /**
     * MCSFE_getFreeSpinList: the member's free spins still to play (the reward centre), whatever
     * granted them; spins of an expired claim are not listed (the next read of the claims forfeits them).
     */
    async freeSpinList(
      actor: MemberActor,
      merchant: MerchantContext,
      lang: string,
    ): Promise<TFreeSpinReward[]> {
      const l = lang.toUpperCase();
      const fb = merchant.defaultLanguage.toUpperCase();
      return (await freeSpinRepo.openOfMember(db, merchant.id, actor.memberId, clock.now())).map((f) => ({
        claimId: f.claimId.toString(),
        promotionId: f.promotionId,
        title: pickText(f.title, l, fb),
        vendor: f.vendor,
        gameCode: f.gameCode,
        gameName: pickText(f.gameNames, l, fb) || f.gameCode,
        stake: fromMinor(f.stake, merchant.currencyDecimals),
        granted: f.granted,
        remaining: f.remaining,
        expiryDate: iso(f.expiresAt),
      }));
    },
    /** Claims of the member with free spins left to play (the reward centre's badge). */
    freeSpinCount: (merchantId: number, memberId: number) =>
      freeSpinRepo.countOpen(db, merchantId, memberId, clock.now()),

    /**
     * Joins a first-deposit promotion (the deposit grants it later) or claims a reward now. Once per
     * member: the claim row's unique key decides between concurrent calls, and the grant's ledger key
     * is the claim's, so 20 parallel claims pay once.
     */
    async join(actor: MemberActor, merchant: MerchantContext, lang: string, promotionId: number, ip: string) {
      const p = await repo.get(db, merchant.id, promotionId);
      if (!p || !p.active) throw new AppError('promotion_not_found');
      const now = clock.now();
      if ((p.startAt && now < p.startAt) || (p.endAt && now >= p.endAt))
        throw new AppError('promotion_unavailable');
      if (!(await repo.eligibleIds(db, actor.memberId, [p.id])).has(p.id)) {
        throw new AppError('promotion_unavailable');
      }
      // a sign-up bonus is paid on registration, never joined afterwards; a referral reward is earned
      // by inviting friends (and claimed through the referral call)
      if (p.trigger === 'SIGN_UP' || isReferralTrigger(p.trigger))
        throw new AppError('promotion_unavailable');
      // claiming a daily check-in signs today
      if (p.trigger === 'DAILY_LOGIN') {
        const signed = await checkin.signToday(actor, merchant, p, ip);
        return claimView(signed, p, lang.toUpperCase(), merchant.defaultLanguage.toUpperCase(), merchant, 0n);
      }
      // deposit triggers pay by themselves; a bonus-code promotion is claimed with a code
      if (p.trigger === 'NTH_DEPOSIT' || p.trigger === 'DEPOSIT_OVER' || p.trigger === 'BONUS_CODE')
        throw new AppError('promotion_unavailable');
      // a raffle's entry is taken through its own call, which keeps entries away from a draw running;
      // an application is sent with its remark and images through its own call
      if (p.trigger === 'RAFFLE' || p.trigger === 'APPLICATION') throw new AppError('promotion_unavailable');
      if (p.trigger === 'BET_VOLUME') return claimBetVolume(actor, merchant, lang, p, ip);
      // a first-deposit promotion joined after the first deposit could never be triggered
      if (p.trigger === 'FIRST_DEPOSIT' && (await depositCount(db, actor.memberId)) > 0) {
        throw new AppError('promotion_unavailable');
      }
      const claim = await ledger.transaction(async (tx) => {
        const created = await openMemberClaim(tx, p, {
          merchantId: merchant.id,
          memberId: actor.memberId,
          ip,
          sessionId: actor.sessionId,
        });
        if (p.trigger === 'CLAIM') await grant(tx, p, created, null);
        return (await repo.findClaim(tx, promotionId, actor.memberId))!;
      });
      if (claim.status !== 'JOINED')
        events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      return claimView(
        claim,
        p,
        lang.toUpperCase(),
        merchant.defaultLanguage.toUpperCase(),
        merchant,
        0n,
        false,
        p.rewardKind === 'FREE_SPINS' ? await freeSpinRepo.byClaim(db, claim.id) : undefined,
      );
    },

    /**
     * MCSFE_redeemBonusCode: a member enters a bonus / redeem code; its promotion's reward is paid
     * once per member. The code's use is taken in the same transaction as the claim (a conditional
     * update: parallel redemptions never pass its limit), and a refusal takes none.
     */
    async redeemCode(actor: MemberActor, merchant: MerchantContext, lang: string, code: string, ip: string) {
      const c = await promotionCodeRepo.byCode(db, merchant.id, code);
      const p = c ? await repo.get(db, merchant.id, c.promotionId) : undefined;
      if (!c || !p || !p.active || !c.active || p.trigger !== 'BONUS_CODE')
        throw new AppError('promotion_code_invalid');
      const now = clock.now();
      if ((p.startAt && now < p.startAt) || (p.endAt && now >= p.endAt))
        throw new AppError('promotion_code_invalid');
      if (!(await repo.eligibleIds(db, actor.memberId, [p.id])).has(p.id)) {
        throw new AppError('promotion_unavailable');
      }
      if (await repo.findClaim(db, p.id, actor.memberId)) throw new AppError('promotion_already_joined');
      if (c.used >= c.maxUses) throw new AppError('promotion_code_used_up');
      const claim = await ledger.transaction(async (tx) => {
        const created = await openMemberClaim(tx, p, {
          merchantId: merchant.id,
          memberId: actor.memberId,
          ip,
          sessionId: actor.sessionId,
        });
        if (!(await promotionCodeRepo.spend(tx, c.id))) throw new AppError('promotion_code_used_up');
        await repo.setClaimCode(tx, created.id, c.id);
        await grant(tx, p, created, null);
        return (await repo.findClaim(tx, p.id, actor.memberId))!;
      });
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      return claimView(
        claim,
        p,
        lang.toUpperCase(),
        merchant.defaultLanguage.toUpperCase(),
        merchant,
        0n,
        false,
        p.rewardKind === 'FREE_SPINS' ? await freeSpinRepo.byClaim(db, claim.id) : undefined,
      );
    },

    /** MCSFE_getRegisterPromotionList: the running sign-up promotions and what the member got. */
    async registerList(actor: MemberActor, merchant: MerchantContext, lang: string) {
      return (await memberStatuses(actor, merchant, lang.toUpperCase())).filter(
        (p) => p.trigger === 'SIGN_UP',
      );
    },

    /**
     * The registration module's hook, in the transaction that creates the member: every sign-up
     * promotion running now pays its reward (once: the claim row is new with the member).
     */
    async onRegistered(
      tx: Tx,
      r: {
        merchantId: number;
        memberId: number;
        ip: string;
        deviceId?: string | null;
        userAgent?: string | null;
      },
    ) {
      const now = clock.now();
      for (const p of await repo.listLive(tx, r.merchantId, now)) {
        if (p.trigger !== 'SIGN_UP' || (p.startAt && now < p.startAt)) continue;
        // the abuse rules keep a bonus from a second account on one device or address, or from a
        // country or client kind it is not for: the registration goes on without it
        const refused = await abuseRefusal(tx, p, {
          merchantId: r.merchantId,
          memberId: r.memberId,
          ip: r.ip,
          deviceId: r.deviceId ?? null,
          userAgent: r.userAgent ?? null,
        });
        if (refused) continue;
        // one per IP: a second account registered from the same address gets no claim
        const claim = await repo.insertClaim(tx, {
          merchantId: r.merchantId,
          promotionId: p.id,
          memberId: r.memberId,
          ip: r.ip,
          ipKey: p.onePerIp ? r.ip : null,
        });
        if (claim) await grant(tx, p, claim, null);
      }
    },

    /**
     * The deposit module's hook, in the transaction that credits the deposit: a member's first
     * deposit grants the first-deposit promotions they joined (still running, deposit large enough).
     */
    async onDepositCredited(tx: Tx, d: DepositCredited) {
      await depositTriggers(tx, d);
      if (!d.first) return;
      const now = clock.now();
      for (const j of await repo.joinedFirstDeposit(tx, d.memberId)) {
        const p = await repo.get(tx, d.merchantId, j.promotionId);
        if (!p || !p.active || (p.endAt && now >= p.endAt) || d.credited < p.minDeposit) continue;
        const claim = await repo.lockClaim(tx, j.claimId);
        if (!claim || claim.status !== 'JOINED') continue;
        await grant(tx, p, claim, { orderNo: d.orderNo, amount: d.credited });
      }
    },

    /** Live promotions of a merchant (coming ones included), in display order: other modules' triggers. */
    live: (ex: Executor, merchantId: number) => repo.listLive(ex, merchantId, clock.now()),
    get: (ex: Executor, merchantId: number, id: number) => repo.get(ex, merchantId, id),

    /**
     * Another module's trigger (a referral's invitee registered, deposited...): pays promotion `p`'s
     * fixed reward to `memberId` for `occurrence`, in `tx`, once: the claim row is unique per
     * promotion, member and occurrence, and the grant's ledger key is the claim's. With `hold` the claim
     * stays JOINED, waiting for the member to claim it (`payWaiting`). Answers the new claim, or
     * undefined when this occurrence was already rewarded.
     */
    async award(
      tx: Tx,
      p: PromotionRow,
      a: { memberId: number; occurrence: string; ip?: string | null; hold?: boolean },
    ): Promise<ClaimRow | undefined> {
      const claim = await repo.insertClaim(tx, {
        merchantId: p.merchantId,
        promotionId: p.id,
        memberId: a.memberId,
        occurrence: a.occurrence,
        ip: a.ip ?? null,
      });
      if (!claim) return undefined;
      if (!a.hold) await grant(tx, p, claim, null);
      return (await repo.findClaim(tx, p.id, a.memberId, false, a.occurrence)) ?? claim;
    },

    /** Pays a claim that waited for the member (JOINED), in `tx`; false when it is not waiting any more. */
    async payWaiting(tx: Tx, claimId: bigint): Promise<ClaimRow | undefined> {
      const c = await repo.lockClaim(tx, claimId);
      if (!c || c.status !== 'JOINED') return undefined;
      const p = await repo.get(tx, c.merchantId, c.promotionId);
      if (!p || !(await grant(tx, p, c, null))) return undefined;
      return repo.lockClaim(tx, claimId);
    },
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
