import {
  fromMinor,
  MONEY_MISSION_KINDS,
  ZMissionInput,
  type TLeaderboard,
  type TMissionAdmin,
  type TMissionInput,
  type TPlayerMission,
} from '@bp/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import { dayStartInstant, merchantDay } from '../../platform/merchant-day.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { assertCan } from '../operator/index.js';
import { auditedWrite, pickText, stripTags } from '../system/index.js';
import { parseAmount } from '../wallet/index.js';
import {
  missionRepo as repo,
  type MissionKind,
  type MissionPeriod,
  type MissionRow,
  type MissionValues,
  type PeriodBounds,
} from './mission.repo.js';
import { maskName, percentOf, periodDays } from './mission.rules.js';

export interface MissionDeps {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
}

type Money = Pick<MerchantContext, 'currencyDecimals'>;
const isMoney = (kind: MissionKind) => MONEY_MISSION_KINDS.includes(kind);

function parseInput(input: unknown) {
  const r = ZMissionInput.safeParse(input);
  if (!r.success) {
    throw new AppError('request_param_err', {
      value: { issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  }
  return r.data;
}

function valuesOf(v: z.output<typeof ZMissionInput>, m: Money): MissionValues {
  const target = isMoney(v.kind) ? parseAmount(v.target, m) : BigInt(String(v.target));
  const rewardAmount = parseAmount(v.rewardAmount, m);
  for (const [path, x] of [
    ['target', target],
    ['rewardAmount', rewardAmount],
  ] as const) {
    if (x <= 0n)
      throw new AppError('request_param_err', {
        value: { issues: [{ path, message: 'must be more than 0' }] },
      });
  }
  return {
    title: Object.fromEntries(Object.entries(v.title).map(([k, s]) => [k, stripTags(s)])),
    kind: v.kind,
    period: v.period,
    target,
    rewardAmount,
    sequence: v.sequence,
    active: v.active,
  };
}

function adminView(r: MissionRow, m: Money): TMissionAdmin {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    period: r.period,
    target: isMoney(r.kind) ? fromMinor(r.target, m.currencyDecimals) : r.target.toString(),
    rewardAmount: fromMinor(r.rewardAmount, m.currencyDecimals),
    sequence: r.sequence,
    active: r.active,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Missions and the leaderboard (issue 16): operator-defined daily and weekly goals whose progress is
 * read from the real records of the current merchant period (settled rounds of the wallet journal,
 * credited deposits, active days), a reward paid once per member, mission and period (the claim
 * row's unique key decides between parallel claims; the ledger key `mission:reward:<claim>` is the
 * claim's), and a ranking by valid bets.
 */
export function createMissionService(deps: MissionDeps) {
  const { db, ledger, audit, events, clock } = deps;

  function bounds(merchant: MerchantContext, period: MissionPeriod): PeriodBounds {
    const { fromDay, toDay } = periodDays(period, merchantDay(merchant.timeZone, clock.now()));
    const tz = merchant.timeZone;
    return {
      fromDay,
      toDay,
      from: dayStartInstant(tz, fromDay),
      to: dayStartInstant(tz, toDay),
      timeZone: tz,
    };
  }

  /** The member's figures of each kind for a period, read once per period and source. */
  function progressReader(merchant: MerchantContext, memberId: number) {
    const cache = new Map<string, Promise<bigint>>();
    const once = (key: string, f: () => Promise<bigint>) => {
      let v = cache.get(key);
      if (!v) cache.set(key, (v = f()));
      return v;
    };
    return (kind: MissionKind, period: MissionPeriod): Promise<bigint> => {
      const b = bounds(merchant, period);
      switch (kind) {
        case 'SLOT_BET':
        case 'ROUNDS': {
          const play = once(`play:${period}`, async () => {
            const p = await repo.play(db, merchant.id, memberId, b);
            cache.set(`ROUNDS:${period}`, Promise.resolve(p.rounds));
            return p.slotBet;
          });
          return kind === 'SLOT_BET' ? play : play.then(() => cache.get(`ROUNDS:${period}`)!);
        }
        case 'DEPOSIT':
          return once(`DEPOSIT:${period}`, () => repo.deposits(db, merchant.id, memberId, b));
        case 'LOGIN_DAYS':
          return once(`LOGIN_DAYS:${period}`, () => repo.loginDays(db, memberId, b));
      }
    };
  }

  function playerView(
    r: MissionRow,
    merchant: MerchantContext,
    lang: string,
    progress: bigint,
    claimed: boolean,
  ): TPlayerMission {
    const b = bounds(merchant, r.period);
    const show = (v: bigint) => (isMoney(r.kind) ? fromMinor(v, merchant.currencyDecimals) : v.toString());
    return {
      id: r.id,
      title: pickText(r.title, lang.toUpperCase(), merchant.defaultLanguage.toUpperCase()),
      kind: r.kind,
      period: r.period,
      target: show(r.target),
      progress: show(progress),
      percent: percentOf(progress, r.target),
      rewardAmount: fromMinor(r.rewardAmount, merchant.currencyDecimals),
      status: claimed ? 'Claimed' : progress >= r.target ? 'Claim' : 'Process',
      periodStart: b.fromDay,
      periodEnd: b.toDay,
    };
  }

  async function summary(actor: MemberActor, merchant: MerchantContext, lang: string) {
    const missions = await repo.list(db, merchant.id, true);
    const read = progressReader(merchant, actor.memberId);
    const starts = [...new Set(missions.map((m) => bounds(merchant, m.period).fromDay))];
    const claimed = new Set(
      (await repo.claimsOf(db, actor.memberId, starts)).map((c) => `${c.missionId}:${c.periodStart}`),
    );
    const list: TPlayerMission[] = [];
    for (const m of missions) {
      const done = claimed.has(`${m.id}:${bounds(merchant, m.period).fromDay}`);
      list.push(playerView(m, merchant, lang, await read(m.kind, m.period), done));
    }
    return { claimableCount: list.filter((m) => m.status === 'Claim').length, missions: list };
  }

  async function leaderboard(
    actor: MemberActor,
    merchant: MerchantContext,
    q: { period: MissionPeriod; size: number },
  ): Promise<TLeaderboard> {
    const b = bounds(merchant, q.period);
    const r = await repo.leaderboard(db, merchant.id, actor.memberId, b, q.size);
    const money = (v: bigint) => fromMinor(v, merchant.currencyDecimals);
    return {
      period: q.period,
      periodStart: b.fromDay,
      periodEnd: b.toDay,
      list: r.list.map((x) => ({
        rank: x.rank,
        username: x.memberId === actor.memberId ? x.username : maskName(x.username),
        validBet: money(x.validBet),
        me: x.memberId === actor.memberId,
      })),
      mine: { rank: r.mine.rank, validBet: money(r.mine.validBet) },
    };
  }

  return {
    summary,
    leaderboard,

    /** PROMOFE_getParticipableQuestList: what the member can still complete or claim this period. */
    async quests(actor: MemberActor, merchant: MerchantContext, lang: string) {
      return (await summary(actor, merchant, lang)).missions.filter((m) => m.status !== 'Claimed');
    },

    /**
     * MCSFE_claimMissionReward: a completed mission's reward, once per member and period. Progress is
     * read first (it only grows within a period); the claim row and the reward's ledger entry are one
     * transaction keyed by the claim.
     */
    async claim(actor: MemberActor, merchant: MerchantContext, lang: string, missionId: number) {
      const m = await repo.get(db, merchant.id, missionId);
      if (!m || !m.active) throw new AppError('mission_not_found');
      const progress = await progressReader(merchant, actor.memberId)(m.kind, m.period);
      if (progress < m.target) throw new AppError('mission_not_completed');
      const periodStart = bounds(merchant, m.period).fromDay;
      await ledger.transaction(async (tx) => {
        const claimId = await repo.insertClaim(tx, {
          merchantId: merchant.id,
          missionId: m.id,
          memberId: actor.memberId,
          periodStart,
          amount: m.rewardAmount,
          progress,
        });
        if (claimId === undefined) throw new AppError('mission_already_claimed');
        await ledger.post(tx, {
          merchantId: merchant.id,
          key: `mission:reward:${claimId}`,
          type: 'bonus',
          memberId: actor.memberId,
          refType: 'mission_claim',
          refId: claimId.toString(),
          memo: { missionId: m.id, periodStart },
          lines: [
            { account: { house: 'bonus', spread: actor.memberId }, amount: -m.rewardAmount },
            { account: { memberId: actor.memberId, code: 'main' }, amount: m.rewardAmount },
          ],
        });
      });
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      return playerView(m, merchant, lang, progress, true);
    },

    async adminList(actor: OperatorActor, merchant: MerchantContext) {
      assertCan(actor, 'read');
      return (await repo.list(db, merchant.id)).map((m) => adminView(m, merchant));
    },

    async adminCreate(who: AuditWho, merchant: MerchantContext, input: TMissionInput) {
      assertCan(who.actor, 'write');
      const values = valuesOf(parseInput(input), merchant);
      const change = await auditedWrite(db, undefined, async (tx) => {
        const after = adminView(await repo.insert(tx, merchant.id, values), merchant);
        await audit.record(tx, who, {
          action: 'mission.create',
          entityType: 'mission',
          entityId: String(after.id),
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
        if (!current) throw new AppError('mission_not_found');
        const before = adminView(current, merchant);
        const { id: _i, updatedAt: _u, ...rest } = before;
        const values = valuesOf(parseInput({ ...rest, ...patch }), merchant);
        const after = adminView((await repo.update(tx, merchant.id, id, values))!, merchant);
        await audit.record(tx, who, {
          action: 'mission.update',
          entityType: 'mission',
          entityId: String(id),
          before,
          after,
        });
        return { before, after };
      });
      return change.after!;
    },
  };
}
export type MissionService = ReturnType<typeof createMissionService>;
