import { sql } from 'drizzle-orm';
import {
  fromMinor,
  GAME_TYPES,
  ZRebateRunRequest,
  ZRebateSettingsUpdate,
  type TManualRebate,
  type TManualRebateClaim,
  type TRebateHistory,
  type TRebateHistoryQuery,
  type TRebateRun,
  type TRebateSettingByProductType,
  type TRebateSettings,
  type TRebateSettingsUpdate,
  type TGameType,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import { rows } from '../../platform/sql.js';
import { formatMerchantTime } from '../../platform/time.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { assertCan } from '../operator/index.js';
import { parseAmount } from '../wallet/index.js';
import { claim, claimState } from './rebate.claim.js';
import { rebateRepo, type RebateSettingRow, type RunRow } from './rebate.repo.js';
import { dayPeriod, runCashback, runRebateDay, weekPeriod, windowClosed } from './rebate.run.js';

type Merchant = Pick<MerchantContext, 'id' | 'currencyDecimals' | 'timeZone'>;

/** The rebate module's calls: the player's rates, manual rebate and history; the operator's settings and runs. */
export function createRebateService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditService;
}) {
  const { db, clock, ledger, audit } = deps;
  const money = (m: Merchant, v: bigint) => fromMinor(v, m.currencyDecimals);

  function settingsView(m: Merchant, s: RebateSettingRow): TRebateSettings {
    return {
      rebateMode: s.rebateMode,
      rebateMinPayout: money(m, s.rebateMinPayout),
      rebateCap: s.rebateCap === null ? null : money(m, s.rebateCap),
      cashbackPeriod: s.cashbackPeriod,
      cashbackBps: s.cashbackBps,
      cashbackNetOfBonus: s.cashbackNetOfBonus,
      cashbackMinLoss: money(m, s.cashbackMinLoss),
      cashbackCap: s.cashbackCap === null ? null : money(m, s.cashbackCap),
    };
  }

  function runView(m: Merchant, r: RunRow): TRebateRun {
    return {
      id: r.id.toString(),
      kind: r.kind,
      periodFrom: r.periodFrom,
      periodTo: r.periodTo,
      status: r.status,
      members: r.members,
      accrued: money(m, r.accrued),
      paid: money(m, r.paid),
      startedAt: formatMerchantTime(r.startedAt, m.timeZone),
      finishedAt: r.finishedAt ? formatMerchantTime(r.finishedAt, m.timeZone) : null,
    };
  }

  const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

  return {
    async settingByProductType(actor: MemberActor, m: Merchant): Promise<TRebateSettingByProductType> {
      const [r] = await rows<{
        level: number | null;
        name: string | null;
        rates: Record<string, number> | string | null;
      }>(
        db,
        sql`select lv.level, lv.name, lv.rebate_bps as rates from (select ${actor.memberId}::int as member_id) x
            left join vip_member vm on vm.member_id = x.member_id
            left join lateral (
              select l.rebate_bps, l.level, l.name from vip_level l
              where l.merchant_id = ${m.id} and l.level <= coalesce(vm.level, 0)
              order by l.level desc limit 1) lv on true`,
      );
      const rates = (typeof r?.rates === 'string' ? JSON.parse(r.rates) : (r?.rates ?? {})) as Record<
        string,
        number
      >;
      const [member] = await rows<{ vipLabel: string }>(
        db,
        sql`select vip_label as "vipLabel" from member where id = ${actor.memberId}`,
      );
      return {
        vipLevel: Number(r?.level ?? 0),
        vipName: r?.name ?? member?.vipLabel ?? 'VIP0',
        list: GAME_TYPES.map((t) => ({
          productType: t,
          rateBps: rates[t] ?? 0,
          rebateRate: (rates[t] ?? 0) / 100,
        })),
      };
    },

    async manual(actor: MemberActor, m: Merchant): Promise<TManualRebate> {
      const s = await rebateRepo.setting(db, m.id);
      const st = await claimState(
        db,
        { merchantId: m.id, memberId: actor.memberId, timeZone: m.timeZone, cap: s.rebateCap },
        clock.now(),
      );
      const total = st.today + st.unclaimed;
      return {
        day: st.day,
        list: st.items
          .filter((i) => i.base > 0n || i.unclaimed > 0n)
          .map((i) => ({
            productType: i.gameType,
            validBet: money(m, i.base),
            rateBps: i.rate,
            amount: money(m, i.today + i.unclaimed),
          })),
        todayAmount: money(m, st.today),
        unclaimedAmount: money(m, st.unclaimed),
        totalAmount: money(m, total),
        minPayout: money(m, s.rebateMinPayout),
        canClaim: total > 0n && total >= s.rebateMinPayout,
      };
    },

    async claim(actor: MemberActor, m: Merchant): Promise<TManualRebateClaim> {
      const r = await claim(
        db,
        ledger,
        { merchantId: m.id, memberId: actor.memberId, timeZone: m.timeZone },
        clock.now(),
      );
      return {
        amount: money(m, r.amount),
        list: r.items.map((i) => ({ productType: i.gameType, amount: money(m, i.amount) })),
      };
    },

    async history(actor: MemberActor, m: Merchant, q: TRebateHistoryQuery): Promise<TRebateHistory> {
      const pageNo = Number(q.pageNo ?? 1);
      const pageSize = Number(q.pageSize ?? 20);
      const h = await rebateRepo.history(db, actor.memberId, q.kind, pageSize, (pageNo - 1) * pageSize);
      return {
        list: h.list.map((r) => ({
          id: r.id,
          kind: r.kind,
          day: r.day,
          productType: (r.gameType as TGameType | null) ?? null,
          base: money(m, BigInt(r.base)),
          rateBps: Number(r.rateBps),
          amount: money(m, BigInt(r.amount)),
          status: r.status,
          createdAt: formatMerchantTime(r.createdAt, m.timeZone),
        })),
        pageNo,
        totalCount: h.total,
        totalPages: pages(h.total, pageSize),
        totalAmount: money(m, h.totalAmount),
      };
    },

    async setBirthday(actor: MemberActor, birthDate: string) {
      const [r] = await rows<{ d: string }>(
        db,
        sql`update member set birth_date = ${birthDate}::date, updated_at = now()
            where id = ${actor.memberId} and birth_date is null and ${birthDate}::date <= current_date
            returning birth_date::text as d`,
      );
      if (!r) throw new AppError('conflict', { detail: 'birthday already set or in the future' });
      return { birthDate: r.d };
    },

    // ---------------------------------------------------------------- operators

    async settings(actor: OperatorActor, m: Merchant): Promise<TRebateSettings> {
      assertCan(actor, 'read');
      return settingsView(m, await rebateRepo.setting(db, m.id));
    },

    async updateSettings(who: AuditWho, m: Merchant, body: TRebateSettingsUpdate): Promise<TRebateSettings> {
      assertCan(who.actor, 'write');
      const p = ZRebateSettingsUpdate.parse(body);
      const amount = (v: string | number) => parseAmount(v, m);
      return db.transaction(async (tx) => {
        const before = await rebateRepo.setting(tx, m.id);
        const next: RebateSettingRow = {
          rebateMode: p.rebateMode ?? before.rebateMode,
          rebateMinPayout:
            p.rebateMinPayout === undefined ? before.rebateMinPayout : amount(p.rebateMinPayout),
          rebateCap:
            p.rebateCap === undefined ? before.rebateCap : p.rebateCap === null ? null : amount(p.rebateCap),
          cashbackPeriod: p.cashbackPeriod ?? before.cashbackPeriod,
          cashbackBps: p.cashbackBps ?? before.cashbackBps,
          cashbackNetOfBonus: p.cashbackNetOfBonus ?? before.cashbackNetOfBonus,
          cashbackMinLoss:
            p.cashbackMinLoss === undefined ? before.cashbackMinLoss : amount(p.cashbackMinLoss),
          cashbackCap:
            p.cashbackCap === undefined
              ? before.cashbackCap
              : p.cashbackCap === null
                ? null
                : amount(p.cashbackCap),
        };
        await rebateRepo.saveSetting(tx, m.id, next);
        const after = settingsView(m, next);
        await audit.record(tx, who, {
          action: 'rebate.settings.update',
          entityType: 'rebate_setting',
          entityId: m.id,
          before: settingsView(m, before),
          after,
        });
        return after;
      });
    },

    async runs(
      actor: OperatorActor,
      m: Merchant,
      q: { kind?: 'rebate' | 'cashback'; pageNo?: number; pageSize?: number },
    ) {
      assertCan(actor, 'read');
      const pageNo = Number(q.pageNo ?? 1);
      const pageSize = Number(q.pageSize ?? 20);
      const r = await rebateRepo.listRuns(db, m.id, q.kind, pageSize, (pageNo - 1) * pageSize);
      return {
        list: r.list.map((x) => runView(m, x)),
        pageNo,
        pageSize,
        totalCount: r.total,
        totalPages: pages(r.total, pageSize),
      };
    },

    /** Runs a closed period now (audited); a finished run answers as it is and pays nothing again. */
    async run(
      who: AuditWho,
      m: Merchant,
      body: { kind: 'rebate' | 'cashback'; from: string },
    ): Promise<TRebateRun> {
      assertCan(who.actor, 'write');
      const b = ZRebateRunRequest.parse(body);
      const s = await rebateRepo.setting(db, m.id);
      const period =
        b.kind === 'rebate' || s.cashbackPeriod !== 'weekly'
          ? dayPeriod(m.timeZone, b.from)
          : weekPeriod(m.timeZone, b.from);
      if (!(await windowClosed(db, period.end, clock.now()))) throw new AppError('rebate_period_open');
      const r =
        b.kind === 'rebate' ? await runRebateDay(db, m.id, period.from) : await runCashback(db, m.id, period);
      const after = runView(m, r.run);
      await audit.record(db, who, {
        action: `rebate.run.${b.kind}`,
        entityType: 'rebate_run',
        entityId: r.run.id.toString(),
        after,
      });
      return after;
    },

    async results(
      actor: OperatorActor,
      m: Merchant,
      id: number,
      q: { memberId?: number; pageNo?: number; pageSize?: number },
    ) {
      assertCan(actor, 'read');
      const run = await rebateRepo.runById(db, m.id, BigInt(id));
      if (!run) throw new AppError('not_found');
      const pageNo = Number(q.pageNo ?? 1);
      const pageSize = Number(q.pageSize ?? 20);
      const r = await rebateRepo.runResults(db, run, {
        memberId: q.memberId,
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
      });
      return {
        list: r.list.map((x) => ({
          id: x.id,
          memberId: Number(x.memberId),
          username: x.username,
          productType: (x.gameType as TGameType | null) ?? null,
          base: money(m, BigInt(x.base)),
          rateBps: Number(x.rateBps),
          amount: money(m, BigInt(x.amount)),
          status: x.status,
        })),
        pageNo,
        pageSize,
        totalCount: r.total,
        totalPages: pages(r.total, pageSize),
      };
    },

    async memberBirthday(who: AuditWho, m: Merchant, memberId: number, birthDate: string | null) {
      assertCan(who.actor, 'write');
      return db.transaction(async (tx) => {
        const [r] = await rows<{ before: string | null }>(
          tx,
          sql`select birth_date::text as before from member where id = ${memberId} and merchant_id = ${m.id} for update`,
        );
        if (!r) throw new AppError('not_found');
        await tx.execute(
          sql`update member set birth_date = ${birthDate}::date, updated_at = now() where id = ${memberId}`,
        );
        await audit.record(tx, who, {
          action: 'member.birthday',
          entityType: 'member',
          entityId: memberId,
          before: { birthDate: r.before },
          after: { birthDate },
        });
        return { birthDate };
      });
    },
  };
}
export type RebateService = ReturnType<typeof createRebateService>;
