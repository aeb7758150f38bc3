import type { z } from 'zod';
import {
  fromMinor,
  isAgentType,
  ZAgentSettings,
  type TAffiliateUrl,
  type TAgentDownlinePage,
  type TAgentSettings,
  type TAgentSettingsUpdate,
  type TDownlineBalanceVisibility,
  type TDownlineKind,
  type ZAffiliateUrlCreate,
  type ZAgentDownlineRequest,
  type ZAgentDownlinesQuery,
  type ZPromoteDownlineRequest,
  type ZRegisteredAffiliatesQuery,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import { reportRange } from '../account-record/index.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { MemberRow, MemberService } from '../member/index.js';
import { assertCan } from '../operator/index.js';
import type { AgentLinkRow, RegisterMeta, RegistrationService } from '../registration/index.js';
import type { TransferService } from '../transfer/index.js';
import { agentRepo, type AgentSettingRow } from './agent.repo.js';

/** What a merchant without a row of its own allows. */
export const DEFAULT_AGENT_SETTINGS: AgentSettingRow = { downline_balance: 'none', max_affiliate_links: 20 };

/** The member type each kind of downline account gets: a member (0) or an agent (1). */
const TYPE_OF: Record<TDownlineKind, number> = { member: 0, agent: 1 };
const kindOf = (type: number): TDownlineKind => (isAgentType(type) ? 'agent' : 'member');

/** May the caller see the balance of a downline `level` levels below it? */
export function balanceVisible(visibility: TDownlineBalanceVisibility, level: number): boolean {
  return visibility === 'team' || (visibility === 'direct' && level === 1);
}

export interface AgentRequestMeta {
  ip: string;
  userAgent: string | null;
  language: string;
  host: string;
  /** scheme and host the agent's page was served from: the base of its affiliate links */
  origin: string;
}

/**
 * The agent's team: the downline list, the register centre, promotion to agent, affiliate links, the
 * accounts registered through them and whether transfers to the downline are open. Every read starts
 * from the caller's own closure rows; every change names a direct downline or a link of the caller's
 * own, so nothing outside its team is ever read or changed. Registration and the links' codes belong
 * to the registration module, transfers to the transfer module; this service calls theirs.
 */
export function createAgentService(deps: {
  db: Db;
  clock: Clock;
  members: MemberService;
  registration: RegistrationService;
  transfers: TransferService;
  audit: AuditService;
}) {
  const { db, clock, members, registration, transfers, audit } = deps;
  const money = (m: MerchantContext, v: bigint) => fromMinor(v, m.currencyDecimals);

  async function settingsOf(merchantId: number): Promise<AgentSettingRow> {
    return (await agentRepo.findSettings(db, merchantId)) ?? DEFAULT_AGENT_SETTINGS;
  }
  const settingsView = (s: AgentSettingRow): TAgentSettings => ({
    downlineBalance: s.downline_balance,
    maxAffiliateLinks: s.max_affiliate_links,
  });

  /** The calling agent's own row; a session outlives nothing: the account must still be an active agent. */
  async function caller(actor: MemberActor, merchant: MerchantContext): Promise<MemberRow> {
    const me = await members.getById(merchant.id, actor.memberId);
    if (!isAgentType(me.type)) throw new AppError('error_not_agent');
    if (me.status !== 'active') throw new AppError('forbidden');
    return me;
  }

  /**
   * Merchant days (yyyy-MM-dd, inclusive) as the UTC instants bounding them. A registration filter
   * may span years (unlike a report period): each end is read as a day of its own.
   */
  function dayBounds(merchant: MerchantContext, fromDay?: string, toDay?: string) {
    const day = (d: string) => reportRange({ from: d, to: d }, merchant.timeZone, clock.now());
    const from = fromDay === undefined ? undefined : day(fromDay).from;
    const to = toDay === undefined ? undefined : day(toDay).to;
    if (from && to && from >= to) throw new AppError('report_range_invalid');
    return { from, to };
  }

  function linkView(origin: string, r: AgentLinkRow): TAffiliateUrl {
    return {
      affiUrlId: r.id,
      code: r.code,
      url: `${origin}/register?referralCode=${encodeURIComponent(r.code)}`,
      memberType: kindOf(r.member_type),
      remark: r.remark,
      clicks: Number(r.click_count),
      registrations: Number(r.registrations),
      createdAt: new Date(r.created_at).toISOString(),
    };
  }

  return {
    settingsOf,

    async downlines(
      actor: MemberActor,
      merchant: MerchantContext,
      q: z.output<typeof ZAgentDownlinesQuery>,
    ): Promise<TAgentDownlinePage> {
      const me = await caller(actor, merchant);
      const period = reportRange(q, merchant.timeZone, clock.now());
      const reg = dayBounds(merchant, q.regFrom, q.regTo);
      const [settings, page] = await Promise.all([
        settingsOf(merchant.id),
        agentRepo.downlines(
          db,
          {
            merchantId: merchant.id,
            agentId: me.id,
            directOnly: q.scope === 'direct',
            usernamePart: q.username,
            kind: q.kind,
            status: q.status,
            registeredFrom: reg.from,
            registeredTo: reg.to,
          },
          q.pageSize,
          (q.pageNo - 1) * q.pageSize,
        ),
      ]);
      const figures = await agentRepo.periodFigures(
        db,
        merchant.id,
        page.list.map((r) => r.id),
        period.from,
        period.to,
      );
      const visibility = settings.downline_balance;
      return {
        list: page.list.map((r) => {
          const f = figures.get(r.id);
          return {
            id: r.id,
            username: r.username,
            nickname: r.nickname,
            type: r.type,
            kind: kindOf(r.type),
            status: r.status,
            level: r.depth,
            parentUsername: r.parent_username,
            registeredAt: formatMerchantTime(r.created_at, merchant.timeZone),
            lastLoginAt: r.last_login_at ? formatMerchantTime(r.last_login_at, merchant.timeZone) : null,
            balance: balanceVisible(visibility, r.depth) ? money(merchant, BigInt(r.balance ?? 0)) : null,
            teamSize: Number(r.team_size),
            depositAmount: money(merchant, f?.depositAmount ?? 0n),
            depositCount: f?.depositCount ?? 0,
            betAmount: money(merchant, f?.betAmount ?? 0n),
          };
        }),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: page.total,
        totalPages: Math.ceil(page.total / q.pageSize),
        period: { from: period.fromDay, to: period.toDay },
        balanceVisibility: visibility,
      };
    },

    /** The register centre: an account directly under the caller, through the registration module. */
    async createDownline(
      actor: MemberActor,
      merchant: MerchantContext,
      body: z.output<typeof ZAgentDownlineRequest>,
      meta: AgentRequestMeta,
    ) {
      const me = await caller(actor, merchant);
      const { memberType, ...fields } = body;
      const registerMeta: RegisterMeta = {
        ip: meta.ip,
        userAgent: meta.userAgent,
        language: meta.language,
        host: meta.host,
      };
      const m = await registration.registerDownline(
        merchant,
        me,
        { ...fields, type: TYPE_OF[memberType] },
        registerMeta,
      );
      return {
        id: m.id,
        username: m.username,
        type: m.type,
        kind: kindOf(m.type),
        parentUsername: me.username,
        mustChangePassword: m.mustChangePassword,
      };
    },

    /**
     * A direct downline member becomes an agent (type 1). The row is locked, so two promotions (or a
     * promotion and an operator's change) are applied one after the other; the change is recorded in
     * the member's login record (`promoted_to_agent`, with the agent who did it), which operators read.
     */
    async promote(
      actor: MemberActor,
      merchant: MerchantContext,
      body: z.output<typeof ZPromoteDownlineRequest>,
      meta: AgentRequestMeta,
    ) {
      const me = await caller(actor, merchant);
      const target =
        body.downlineId !== undefined
          ? await members.findById(merchant.id, body.downlineId)
          : await members.findByUsername(merchant.id, body.username!);
      // anyone who is not a direct downline (grandchild, upline, stranger, another merchant's) is
      // answered alike
      if (!target || target.parentId !== me.id)
        throw new AppError('not_found', { detail: 'not a direct downline' });
      return db.transaction(async (tx) => {
        const row = await members.lockById(tx, merchant.id, target.id);
        if (!row || row.parentId !== me.id || members.isTrial(row) || members.isNonMember(row)) {
          throw new AppError('not_found', { detail: 'not a direct downline' });
        }
        if (isAgentType(row.type))
          throw new AppError('conflict', { detail: 'already an agent', value: { reason: 'already_agent' } });
        if (row.status !== 'active')
          throw new AppError('forbidden', {
            detail: 'downline blocked',
            value: { reason: 'downline_blocked' },
          });
        await members.update(tx, row, { type: TYPE_OF.agent });
        await members.recordMemberEvent(
          row,
          'promoted_to_agent',
          'ok',
          { ip: meta.ip, userAgent: meta.userAgent },
          { by: me.id, byUsername: me.username, fromType: row.type, toType: TYPE_OF.agent },
          tx,
        );
        return { id: row.id, username: row.username, type: TYPE_OF.agent, kind: 'agent' as const };
      });
    },

    async affiliateUrls(
      actor: MemberActor,
      merchant: MerchantContext,
      meta: Pick<AgentRequestMeta, 'origin'>,
    ) {
      const me = await caller(actor, merchant);
      const [links, settings] = await Promise.all([
        registration.agentLinks(merchant.id, me.id),
        settingsOf(merchant.id),
      ]);
      return { list: links.map((l) => linkView(meta.origin, l)), maxLinks: settings.max_affiliate_links };
    },

    async createAffiliateUrl(
      actor: MemberActor,
      merchant: MerchantContext,
      body: z.output<typeof ZAffiliateUrlCreate>,
      meta: Pick<AgentRequestMeta, 'origin'>,
    ): Promise<TAffiliateUrl> {
      const me = await caller(actor, merchant);
      const settings = await settingsOf(merchant.id);
      const row = await registration.createAgentLink(
        merchant.id,
        me.id,
        { memberType: TYPE_OF[body.memberType], code: body.code, remark: body.remark ?? null },
        settings.max_affiliate_links,
      );
      return linkView(meta.origin, {
        id: row.id,
        code: row.code,
        member_type: row.memberType,
        remark: row.remark,
        click_count: row.clickCount,
        created_at: row.createdAt,
        registrations: 0,
      });
    },

    async deleteAffiliateUrl(actor: MemberActor, merchant: MerchantContext, linkId: number) {
      const me = await caller(actor, merchant);
      return registration.deleteAgentLink(merchant.id, me.id, linkId);
    },

    async registeredAffiliates(
      actor: MemberActor,
      merchant: MerchantContext,
      q: z.output<typeof ZRegisteredAffiliatesQuery>,
    ) {
      const me = await caller(actor, merchant);
      const reg = dayBounds(merchant, q.from, q.to);
      const { list, total } = await registration.registeredThroughLinks(
        {
          merchantId: merchant.id,
          agentId: me.id,
          linkId: q.affiUrlId,
          usernamePart: q.username,
          from: reg.from,
          to: reg.to,
        },
        q.pageSize,
        (q.pageNo - 1) * q.pageSize,
      );
      return {
        list: list.map((r) => ({
          id: r.id,
          username: r.username,
          type: r.type,
          kind: kindOf(r.type),
          status: r.status,
          affiUrlId: r.link_id,
          code: r.code,
          registeredAt: formatMerchantTime(r.created_at, merchant.timeZone),
          lastLoginAt: r.last_login_at ? formatMerchantTime(r.last_login_at, merchant.timeZone) : null,
        })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async transferEnabled(actor: MemberActor, merchant: MerchantContext) {
      await caller(actor, merchant);
      const info = await transfers.info(actor, merchant);
      return {
        transferEnabled: info.canTransferDownline,
        minAmount: info.limits.minAmount,
        maxAmount: info.limits.maxAmount,
        dailyMaxAmount: info.limits.dailyMaxAmount,
        remainingToday: info.remainingToday,
      };
    },

    // ---- operator
    async getSettings(actor: OperatorActor): Promise<TAgentSettings> {
      assertCan(actor, 'read');
      return settingsView(await settingsOf(actor.merchantId));
    },
    async updateSettings(who: AuditWho, patch: TAgentSettingsUpdate): Promise<TAgentSettings> {
      assertCan(who.actor, 'write');
      const merchantId = who.actor.merchantId;
      return db.transaction(async (tx) => {
        const before = (await agentRepo.findSettings(tx, merchantId)) ?? DEFAULT_AGENT_SETTINGS;
        const after: AgentSettingRow = {
          downline_balance: patch.downlineBalance ?? before.downline_balance,
          max_affiliate_links: patch.maxAffiliateLinks ?? before.max_affiliate_links,
        };
        await agentRepo.upsertSettings(tx, merchantId, after);
        const view = ZAgentSettings.parse(settingsView(after));
        await audit.record(tx, who, {
          action: 'agent.settings.update',
          entityType: 'agent_setting',
          entityId: merchantId,
          before: settingsView(before),
          after: view,
        });
        return view;
      });
    },
  };
}
export type AgentService = ReturnType<typeof createAgentService>;
