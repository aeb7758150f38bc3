import { isReferralTrigger, type TPromotionStatus, type TReferralTrigger } from '@bp/contract';
import { addDays, dayStartInstant, merchantDay, weekStartOf } from '../../platform/merchant-day.js';

/** The reward part of a promotion, in minor units (pure rules: no database, no clock). */
export interface RewardRule {
  rewardKind: 'PERCENT' | 'FIXED' | 'TICKET' | 'RAFFLE' | 'POINTS' | 'FREE_SPINS';
  rewardAmount: bigint | null;
  /** basis points of the deposit (10000 = 100 %) */
  rewardBp: number | null;
  rewardCap: bigint | null;
  /** turnover multiple x 100 (1000 = 10 times) */
  wageringX100: number;
  wageringBase: 'BONUS' | 'BONUS_DEPOSIT';
}

/**
 * The bonus a reward pays: a fixed amount, or a share of the deposit rounded down (the house never
 * pays a fraction of a minor unit it did not promise) and capped.
 */
export function bonusFor(r: RewardRule, deposit: bigint): bigint {
  if (r.rewardKind === 'FIXED') return r.rewardAmount ?? 0n;
  const share = (deposit * BigInt(r.rewardBp ?? 0)) / 10_000n;
  const cap = r.rewardCap ?? share;
  return share < cap ? share : cap;
}

/**
 * Turnover to bet before the bonus converts: the multiple of the bonus (or of bonus + deposit),
 * rounded up so that a fractional multiple never asks a minor unit less than promised.
 */
export function requiredTurnover(r: RewardRule, bonus: bigint, deposit: bigint): bigint {
  if (r.wageringX100 === 0 || bonus <= 0n) return 0n;
  const base = r.wageringBase === 'BONUS_DEPOSIT' ? bonus + deposit : bonus;
  const scaled = base * BigInt(r.wageringX100);
  return (scaled + 99n) / 100n;
}

/** What is still to bet (never negative). */
export function remainingTurnover(required: bigint, progress: bigint): bigint {
  const left = required - progress;
  return left > 0n ? left : 0n;
}

/**
 * Wagering progress in percent, rounded down to two decimals so that it shows 100 only once the
 * requirement is met; a converted bonus is 100 whatever its requirement was (none: paid as cash).
 */
export function progressPercent(state: ClaimState, required: bigint, current: bigint): number {
  if (state === 'CONVERTED') return 100;
  if (required <= 0n) return 0;
  const capped = current < required ? current : required;
  return Number((capped * 10_000n) / required) / 100;
}

/** A percent with up to two decimals as basis points, exactly (12.34 -> 1234). */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;

export type ClaimState = 'JOINED' | 'ACTIVE' | 'CONVERTED' | 'FORFEITED';

/**
 * The SPEC 4 activity status a member sees. A claim decides once there is one; otherwise the window
 * and the trigger do (a member whose first deposit is behind them can no longer join a first-deposit
 * promotion: Close).
 */
export function statusOf(p: {
  startAt: Date | null;
  endAt: Date | null;
  trigger:
    | 'FIRST_DEPOSIT'
    | 'CLAIM'
    | 'SIGN_UP'
    | 'RAFFLE'
    | TReferralTrigger
    | 'DAILY_LOGIN'
    | 'NTH_DEPOSIT'
    | 'DEPOSIT_OVER'
    | 'BONUS_CODE'
    | 'APPLICATION'
    | 'BET_VOLUME';
  /** for a daily check-in: today's claim; for a bet volume: the current period's */
  claim: ClaimState | null;
  /** an APPLICATION promotion: the member's latest application's state */
  application?: 'APPLYING' | 'APPROVED' | 'REJECTED' | null;
  now: Date;
  /** the member has had a credited deposit already (unknown for visitors) */
  deposited?: boolean;
  /** a member is asking (not a visitor) */
  member?: boolean;
  /** BET_VOLUME: the member's valid bets of the current period have reached the target */
  reached?: boolean;
}): TPromotionStatus {
  // a bet volume is counted for every member of the audience (Joined) until the period's target is
  // reached (Claim); its period's claim then decides, and the next period starts afresh
  if (p.trigger === 'BET_VOLUME' && p.claim === null) {
    if (p.startAt && p.now < p.startAt) return 'coming soon';
    if (p.endAt && p.now >= p.endAt) return 'Close';
    if (!p.member) return 'Join';
    return p.reached ? 'Claim' : 'Joined';
  }
  // a daily check-in is signed today, or open to sign
  if (p.trigger === 'DAILY_LOGIN' && p.claim) return 'Signed';
  // a referral promotion is repeatable per invited friend: a member takes part by inviting (Joined),
  // and a reward earned that waits for its claim is Claim, even after the end (it was earned)
  if (isReferralTrigger(p.trigger) && (p.claim === null || p.claim === 'JOINED')) {
    if (p.claim === 'JOINED') return 'Claim';
    if (p.startAt && p.now < p.startAt) return 'coming soon';
    if (p.endAt && p.now >= p.endAt) return 'Close';
    return p.member ? 'Joined' : 'Join';
  }
  // deposit triggers pay members automatically: a member takes part (Joined) while it runs; a deposit
  // over an amount pays again and again, so its last claim does not end it
  if ((p.trigger === 'NTH_DEPOSIT' && p.claim === null) || p.trigger === 'DEPOSIT_OVER') {
    if (p.startAt && p.now < p.startAt) return 'coming soon';
    if (p.endAt && p.now >= p.endAt) return 'Close';
    return p.member ? 'Joined' : 'Join';
  }
  // a bonus code is claimed by entering it
  if (p.trigger === 'BONUS_CODE' && p.claim === null) {
    if (p.startAt && p.now < p.startAt) return 'coming soon';
    if (p.endAt && p.now >= p.endAt) return 'Close';
    return 'Claim';
  }
  // an application waits for an operator, or was turned down (the member sees the reason)
  if (p.trigger === 'APPLICATION' && p.claim === null) {
    if (p.application === 'APPLYING') return 'Applying';
    if (p.application === 'REJECTED') return 'Rejected';
  }
  switch (p.claim) {
    case 'JOINED':
      // a first-deposit claim whose first deposit went by without granting it (too small), or whose
      // promotion has ended, can never be granted any more
      if (p.endAt && p.now >= p.endAt) return 'Close';
      return p.trigger === 'FIRST_DEPOSIT' && p.deposited ? 'Close' : 'Joined';
    case 'ACTIVE':
      return 'Process';
    case 'CONVERTED':
      return 'Claimed';
    case 'FORFEITED':
      return 'Close';
    default:
  }
  if (p.startAt && p.now < p.startAt) return 'coming soon';
  if (p.endAt && p.now >= p.endAt) return 'Close';
  if (p.trigger === 'CLAIM' || p.trigger === 'DAILY_LOGIN') return 'Claim';
  // a sign-up bonus is paid on registration: a member without its claim was not eligible; a visitor
  // joins by registering
  if (p.trigger === 'SIGN_UP') return p.member ? 'Close' : 'Join';
  if (p.trigger === 'RAFFLE') return 'Join';
  return p.deposited ? 'Close' : 'Join';
}

/**
 * Wagering progress of valid bets by game type: each type's stakes count at the promotion's percent
 * for it (a type not listed, or a game not in the catalogue, counts 100 %), rounded down per type.
 */
export function wageringProgress(byType: Map<string, bigint>, contributions: Record<string, number>): bigint {
  let total = 0n;
  for (const [type, stake] of byType) {
    const pct = contributions[type] ?? 100;
    total += (stake * BigInt(pct)) / 100n;
  }
  return total;
}

/**
 * The share of a round's win that goes back to the bonus account: the win in the proportion its
 * stakes drew bonus money, rounded up (a fraction of a minor unit won with bonus money never leaves
 * unwagered). The wallet's database function applies the same rule (migration 0060).
 */
export function bonusShareOfWin(win: bigint, stake: bigint, bonusStake: bigint): bigint {
  if (bonusStake <= 0n || stake <= 0n) return 0n;
  const share = (win * bonusStake + stake - 1n) / stake;
  return share < win ? share : win;
}

/** A bet volume's current period: its claim occurrence, and the instants its valid bets count from and to. */
export interface BetVolumePeriod {
  /** 'day:<merchant day>', 'week:<Monday of the merchant week>', or '' (the whole schedule, once) */
  occurrence: string;
  /** bets of rounds first bet at or after it count */
  since: Date;
  /** when the period ends (null: it lasts as long as the promotion) */
  end: Date | null;
}

/**
 * The period holding `now` of a bet volume promotion, in the merchant's time zone: its calendar day,
 * its week (Monday first), or the promotion's schedule; never before the promotion starts nor after
 * it ends.
 */
export function betVolumePeriodAt(
  p: {
    betVolumePeriod: 'DAILY' | 'WEEKLY' | 'SCHEDULE' | null;
    startAt: Date | null;
    endAt: Date | null;
    createdAt: Date;
  },
  timeZone: string,
  now: Date,
): BetVolumePeriod {
  const today = merchantDay(timeZone, now);
  let occurrence = '';
  let start = p.startAt ?? p.createdAt;
  let end: Date | null = null;
  if (p.betVolumePeriod === 'DAILY' || p.betVolumePeriod === 'WEEKLY') {
    const first = p.betVolumePeriod === 'DAILY' ? today : weekStartOf(today);
    occurrence = `${p.betVolumePeriod === 'DAILY' ? 'day' : 'week'}:${first}`;
    start = dayStartInstant(timeZone, first);
    end = dayStartInstant(timeZone, addDays(first, p.betVolumePeriod === 'DAILY' ? 1 : 7));
  }
  const since = p.startAt && p.startAt > start ? p.startAt : start;
  if (p.endAt && (end === null || p.endAt < end)) end = p.endAt;
  return { occurrence, since, end };
}

/**
 * The latest period of a bet volume promotion that has ended by `now` (its claim occurrence and its
 * window [since, end)), or undefined when none has: a day or week before the current one (or the
 * one the promotion's end cut short), the whole schedule once the promotion has ended; never one
 * that ended before the promotion started.
 */
export function lastFinishedBetVolumePeriod(
  p: Parameters<typeof betVolumePeriodAt>[0],
  timeZone: string,
  now: Date,
): (BetVolumePeriod & { end: Date }) | undefined {
  let at: Date;
  if (p.endAt && p.endAt <= now) {
    at = new Date(p.endAt.getTime() - 1);
  } else if (p.betVolumePeriod === 'DAILY' || p.betVolumePeriod === 'WEEKLY') {
    // the instant before the current calendar period started
    const current = betVolumePeriodAt({ ...p, startAt: null, endAt: null }, timeZone, now);
    at = new Date(current.since.getTime() - 1);
  } else {
    return undefined;
  }
  const period = betVolumePeriodAt(p, timeZone, at);
  if (period.end === null || period.since >= period.end) return undefined;
  if (p.startAt && period.end <= p.startAt) return undefined;
  return { ...period, end: period.end };
}

/**
 * Every period of a bet volume promotion that has ended by `now` and ended after `after`, oldest
 * first (at most `limit`): the job pays each one it has not noted done, so a period whose every run
 * was missed (the instances down over a day's end) is still paid when they are back.
 */
export function finishedBetVolumePeriods(
  p: Parameters<typeof betVolumePeriodAt>[0],
  timeZone: string,
  now: Date,
  after: Date,
  limit = 64,
): (BetVolumePeriod & { end: Date })[] {
  const out: (BetVolumePeriod & { end: Date })[] = [];
  let at = now;
  while (out.length < limit) {
    const period = lastFinishedBetVolumePeriod(p, timeZone, at);
    if (!period || period.end <= after) break;
    out.push(period);
    // the period before it: the latest one finished by its start
    at = period.since;
  }
  return out.reverse();
}

/** Valid bets by game type summed over the types that count (none listed: every type). */
export function betVolumeOf(byType: Map<string, bigint>, gameTypes: string[]): bigint {
  let total = 0n;
  for (const [type, stake] of byType) if (gameTypes.length === 0 || gameTypes.includes(type)) total += stake;
  return total;
}
