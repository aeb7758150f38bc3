import {
  CONTRACT_MODULE,
  fromMinor,
  isAgentType,
  isTrialType,
  type TAdminContractOfferBody,
  type TAdminContractFilter,
  type TContract,
  type TContractAction,
  type TContractActionResult,
  type TContractKind,
  type TContractList,
  type TContractListFilter,
  type TContractTerms,
} from '@bp/contract';
import type { Db, Tx } from '../../db/client.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import type { MessageService } from '../message/index.js';
import { assertCan } from '../operator/index.js';
import { agentContractRepo as repo, type ContractRow } from './agent-contract.repo.js';
import { capViolation, termsOf, type Terms, type Tier } from './agent-contract.rules.js';

const HISTORY = 20;

/** The consolidated flags of SPEC §3 ("*req*": an offer waits for the member; "*info*": one is active). */
export interface ContractFlags {
  dailysalreqtype: number;
  divtypereq: number;
  contracthoursalreq: number;
  realtimesalreqtype: number;
  contractmrdailysalinfotype: number;
  contracthoursalinfo: number;
  dailysalinfotype: number;
  divtypeinfo: number;
  realtimesalinfotype: number;
}
const NO_FLAGS: ContractFlags = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  contractmrdailysalinfotype: 0,
  contracthoursalinfo: 0,
  dailysalinfotype: 0,
  divtypeinfo: 0,
  realtimesalinfotype: 0,
};

type Party = { kind: 'member'; memberId: number } | { kind: 'operator'; who: AuditWho };

/** A row with its terms (tiers loaded). */
interface Loaded {
  row: ContractRow;
  terms: Terms;
}

function termsOfRow(row: ContractRow, tiers: Tier[]): Terms {
  return {
    kind: row.kind,
    period: row.period,
    tiers,
    profitRateBp: row.profitRateBp,
    lossRateBp: row.lossRateBp,
    minBet: row.minBet,
  };
}

export function createAgentContractService({
  db,
  members,
  messages,
  audit,
  clock,
}: {
  db: Db;
  members: MemberService;
  /** platform messages: the downline hears of an offer, the upline of its answer (none without it) */
  messages?: MessageService;
  audit: AuditService;
  clock: Clock;
}) {
  async function load(ex: Db | Tx, list: ContractRow[]): Promise<Loaded[]> {
    const tiers = await repo.tiersOf(
      ex,
      list.map((r) => r.id),
    );
    return list.map((row) => ({ row, terms: termsOfRow(row, tiers.get(row.id) ?? []) }));
  }
  const loadOne = async (ex: Db | Tx, row: ContractRow) => (await load(ex, [row]))[0]!;

  function view(merchant: MerchantContext, { row, terms }: Loaded): TContract {
    const money = (v: bigint) => fromMinor(v, merchant.currencyDecimals);
    const rate = (bp: number) => fromMinor(bp, 2);
    const time = (d: Date | null) => (d ? formatMerchantTime(d, merchant.timeZone) : null);
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      period: row.period,
      upline: row.uplineId === null ? null : { id: row.uplineId, username: row.uplineUsername! },
      downline: { id: row.downlineId, username: row.downlineUsername },
      tiers: terms.tiers.map((t) => ({
        validBet: money(t.validBet),
        netLoss: money(t.netLoss),
        activeMembers: t.activeMembers,
        rate: rate(t.rateBp),
      })),
      profitRate: terms.profitRateBp === null ? null : rate(terms.profitRateBp),
      lossRate: terms.lossRateBp === null ? null : rate(terms.lossRateBp),
      minBet: terms.minBet === null ? null : money(terms.minBet),
      version: row.version,
      endReason: row.endReason,
      createdAt: time(row.createdAt)!,
      acceptedAt: time(row.acceptedAt),
      rejectedAt: time(row.rejectedAt),
      terminatedAt: time(row.terminatedAt),
    };
  }

  /**
   * Every change of one kind in one merchant runs here, after the row lock of (merchant, kind): the
   * rate invariant links a contract to its upline's and to every contract below it, so two changes of
   * the same kind never interleave (READ COMMITTED: each statement after the lock sees what the
   * previous holder committed). Different kinds and merchants do not wait on each other.
   */
  async function locked<T>(
    merchantId: number,
    kind: TContractKind,
    fn: (tx: Tx, notices: (() => void)[]) => Promise<T>,
  ): Promise<T> {
    // messages are stored with the change; open pages hear of them once it is committed
    let notices: (() => void)[] = [];
    const out = await db.transaction(async (tx) => {
      notices = [];
      await repo.lockKind(tx, merchantId, kind);
      return fn(tx, notices);
    });
    for (const announce of notices) announce();
    return out;
  }

  /** A platform message about a contract to one of its parties, stored in the change's transaction. */
  async function notice(
    tx: Tx,
    notices: (() => void)[],
    merchant: MerchantContext,
    to: number,
    kind: 'contract_offered' | 'contract_accepted' | 'contract_rejected',
    c: { id: number; kind: TContractKind },
    from: string,
  ) {
    if (!messages) return;
    notices.push(
      await messages.notify(tx, {
        merchantId: merchant.id,
        memberId: to,
        kind,
        data: { from, contractKind: c.kind, contractId: c.id },
      }),
    );
  }

  /**
   * The open contracts `agentId` gave that end when its own contract of the kind becomes `own`
   * (null: it has none any more): those whose terms no longer fit under `own`, and below every
   * active one that ends, everything its downline gave in turn (it no longer holds a contract).
   */
  async function cascade(tx: Tx, agentId: number, kind: TContractKind, own: Terms | null): Promise<Loaded[]> {
    const ended: Loaded[] = [];
    const given = await load(tx, await repo.openGivenBy(tx, agentId, kind));
    for (const g of given) {
      if (own !== null && capViolation(g.terms, own) === null) continue;
      ended.push(g);
      if (g.row.status === 'active') ended.push(...(await cascade(tx, g.row.downlineId, kind, null)));
    }
    return ended;
  }

  async function endCascade(tx: Tx, ended: Loaded[], at: Date) {
    for (const e of ended) {
      await repo.setStatus(tx, e.row.id, {
        status: e.row.status === 'active' ? 'terminated' : 'withdrawn',
        endReason: 'cascade',
        terminatedAt: at,
      });
    }
  }

  /** Fresh views of the rows after the change (their statuses moved). */
  async function views(tx: Tx, merchant: MerchantContext, ids: number[]): Promise<TContract[]> {
    const byId = new Map((await load(tx, await repo.findByIds(tx, ids))).map((l) => [l.row.id, l]));
    return ids.map((id) => view(merchant, byId.get(id)!));
  }

  async function result(
    tx: Tx,
    merchant: MerchantContext,
    action: TContractActionResult['action'],
    id: number,
    superseded: number | null,
    ended: number[],
  ): Promise<TContractActionResult> {
    const [contract, ...rest] = await views(tx, merchant, [
      id,
      ...(superseded === null ? [] : [superseded]),
      ...ended,
    ]);
    return {
      action,
      contract: contract!,
      superseded: superseded === null ? null : rest.shift()!,
      ended: rest,
    };
  }

  function confirmRequired(merchant: MerchantContext, ended: Loaded[]): AppError {
    return new AppError('contract_confirm_required', {
      value: { affected: ended.map((e) => view(merchant, e)) },
    });
  }

  /** Offer by an agent (to a direct downline agent) or by an operator (to a top-level agent). */
  async function offer(
    merchant: MerchantContext,
    by: Party,
    input: TContractTerms & { downlineId?: number; downlineUsername?: string },
  ): Promise<TContractActionResult> {
    const terms = termsOf(input, merchant.currencyDecimals);
    const kind = input.kind;
    return locked(merchant.id, kind, async (tx, notices) => {
      const target =
        input.downlineId !== undefined
          ? await members.findById(merchant.id, input.downlineId, tx)
          : await members.findByUsername(merchant.id, input.downlineUsername!, tx);
      if (by.kind === 'member') {
        if (!target || target.parentId !== by.memberId) throw new AppError('contract_not_downline');
        if (!isAgentType(target.type)) throw new AppError('contract_downline_not_agent');
        const own = await repo.activeOf(tx, by.memberId, kind);
        if (!own) throw new AppError('contract_no_own_contract');
        const violation = capViolation(terms, (await loadOne(tx, own)).terms);
        if (violation) throw new AppError(violation);
      } else {
        if (!target) throw new AppError('not_found');
        if (!isAgentType(target.type)) throw new AppError('contract_downline_not_agent');
        const parent =
          target.parentId === null ? undefined : await members.findById(merchant.id, target.parentId, tx);
        if (parent && isAgentType(parent.type)) throw new AppError('contract_not_top_level');
      }
      const at = clock.now();
      // a newer offer replaces the one still waiting for an answer
      const waiting = await repo.offeredTo(tx, target.id, kind);
      if (waiting)
        await repo.setStatus(tx, waiting.id, {
          status: 'withdrawn',
          endReason: 'withdrawn',
          terminatedAt: at,
        });
      const id = await repo.insert(
        tx,
        {
          merchantId: merchant.id,
          kind,
          uplineId: by.kind === 'member' ? by.memberId : null,
          downlineId: target.id,
          offeredByOperatorId: by.kind === 'operator' ? by.who.actor.operatorId : null,
          period: terms.period,
          profitRateBp: terms.profitRateBp,
          lossRateBp: terms.lossRateBp,
          minBet: terms.minBet,
          createdAt: at,
        },
        terms.tiers,
      );
      const out = await result(tx, merchant, 'offer', id, null, waiting ? [waiting.id] : []);
      const from = out.contract.upline?.username ?? merchant.name;
      await notice(tx, notices, merchant, target.id, 'contract_offered', { id, kind }, from);
      if (by.kind === 'operator') {
        await audit.record(tx, by.who, {
          action: 'agent_contract.offer',
          entityType: 'agent_contract',
          entityId: id,
          before: waiting ? view(merchant, await loadOne(tx, waiting)) : null,
          after: out.contract,
        });
      }
      return out;
    });
  }

  /** The contract as its party sees it: another team's or merchant's is not found. */
  async function partyContract(
    tx: Tx,
    merchant: MerchantContext,
    kind: TContractKind,
    id: number,
    memberId: number,
  ) {
    const c = await repo.findById(tx, merchant.id, id);
    if (!c || c.kind !== kind || (c.downlineId !== memberId && c.uplineId !== memberId)) {
      throw new AppError('contract_not_found');
    }
    return c;
  }

  async function accept(
    actor: MemberActor,
    merchant: MerchantContext,
    kind: TContractKind,
    id: number,
    confirm: boolean,
  ): Promise<TContractActionResult> {
    return locked(merchant.id, kind, async (tx, notices) => {
      const c = await partyContract(tx, merchant, kind, id, actor.memberId);
      if (c.downlineId !== actor.memberId) throw new AppError('contract_wrong_party');
      if (c.status !== 'offered') throw new AppError('contract_not_pending');
      const offered = await loadOne(tx, c);
      if (c.uplineId !== null) {
        // the upline's own contract may have changed since it offered: the offer must still fit
        const me = await members.getById(merchant.id, actor.memberId, tx);
        if (me.parentId !== c.uplineId) throw new AppError('contract_not_pending');
        const own = await repo.activeOf(tx, c.uplineId, kind);
        const violation = own
          ? capViolation(offered.terms, (await loadOne(tx, own)).terms)
          : 'contract_rate_above_upline';
        if (violation) throw new AppError(violation);
      }
      const ended = await cascade(tx, actor.memberId, kind, offered.terms);
      if (ended.length > 0 && !confirm) throw confirmRequired(merchant, ended);
      const at = clock.now();
      const old = await repo.activeOf(tx, actor.memberId, kind);
      if (old)
        await repo.setStatus(tx, old.id, { status: 'superseded', endReason: 'superseded', terminatedAt: at });
      await repo.setStatus(tx, c.id, { status: 'active', acceptedAt: at });
      await endCascade(tx, ended, at);
      if (c.uplineId !== null) {
        await notice(tx, notices, merchant, c.uplineId, 'contract_accepted', c, actor.username);
      }
      return result(
        tx,
        merchant,
        'accept',
        c.id,
        old?.id ?? null,
        ended.map((e) => e.row.id),
      );
    });
  }

  async function reject(actor: MemberActor, merchant: MerchantContext, kind: TContractKind, id: number) {
    return locked(merchant.id, kind, async (tx, notices) => {
      const c = await partyContract(tx, merchant, kind, id, actor.memberId);
      if (c.downlineId !== actor.memberId) throw new AppError('contract_wrong_party');
      if (c.status !== 'offered') throw new AppError('contract_not_pending');
      await repo.setStatus(tx, c.id, { status: 'rejected', endReason: 'rejected', rejectedAt: clock.now() });
      if (c.uplineId !== null) {
        await notice(tx, notices, merchant, c.uplineId, 'contract_rejected', c, actor.username);
      }
      return result(tx, merchant, 'reject', c.id, null, []);
    });
  }

  /**
   * Ends a contract: an active one is terminated (its downline's own given contracts end with it,
   * after a confirmation), an offer still waiting is withdrawn by its upline. The downline of an
   * offer answers it with reject instead.
   */
  async function terminate(
    merchant: MerchantContext,
    by: Party,
    kind: TContractKind | undefined,
    id: number,
    confirm: boolean,
  ): Promise<TContractActionResult> {
    const found = kind ?? (await repo.findById(db, merchant.id, id))?.kind;
    if (!found) throw new AppError('contract_not_found');
    return locked(merchant.id, found, async (tx) => {
      const c =
        by.kind === 'member'
          ? await partyContract(tx, merchant, found, id, by.memberId)
          : await repo.findById(tx, merchant.id, id);
      if (!c) throw new AppError('contract_not_found');
      const asUpline = by.kind === 'operator' || c.uplineId === by.memberId;
      const reason = by.kind === 'operator' ? 'operator' : asUpline ? 'upline' : 'downline';
      const at = clock.now();
      let ended: Loaded[] = [];
      if (c.status === 'offered' && asUpline) {
        await repo.setStatus(tx, c.id, { status: 'withdrawn', endReason: 'withdrawn', terminatedAt: at });
      } else if (c.status === 'active') {
        ended = await cascade(tx, c.downlineId, found, null);
        if (ended.length > 0 && !confirm) throw confirmRequired(merchant, ended);
        await repo.setStatus(tx, c.id, { status: 'terminated', endReason: reason, terminatedAt: at });
        await endCascade(tx, ended, at);
      } else {
        throw new AppError('contract_not_active');
      }
      const out = await result(
        tx,
        merchant,
        'terminate',
        c.id,
        null,
        ended.map((e) => e.row.id),
      );
      if (by.kind === 'operator') {
        await audit.record(tx, by.who, {
          action: 'agent_contract.terminate',
          entityType: 'agent_contract',
          entityId: c.id,
          before: { status: c.status },
          after: { contract: out.contract, ended: out.ended.map((e) => e.id) },
        });
      }
      return out;
    });
  }

  async function list(
    actor: MemberActor,
    merchant: MerchantContext,
    kind: TContractKind,
    query: TContractListFilter,
  ): Promise<TContractList> {
    const { pageNo, pageSize } = query;
    const [active, pending, history, given] = await Promise.all([
      repo.activeOf(db, actor.memberId, kind),
      repo.offeredTo(db, actor.memberId, kind),
      repo.historyOf(db, actor.memberId, kind, HISTORY),
      repo.pageGivenBy(db, actor.memberId, kind, {
        status: query.status,
        downlineUsername: query.downlineUsername,
        offset: (pageNo - 1) * pageSize,
        limit: pageSize,
      }),
    ]);
    const all = [active, pending, ...history, ...given.list].filter((r): r is ContractRow => r !== undefined);
    const loaded = new Map((await load(db, all)).map((l) => [l.row.id, l]));
    const v = (r: ContractRow | undefined) => (r ? view(merchant, loaded.get(r.id)!) : null);
    return {
      kind,
      active: v(active),
      pending: v(pending),
      history: history.map((r) => v(r)!),
      canOffer: active !== undefined,
      given: {
        list: given.list.map((r) => v(r)!),
        pageNo,
        pageSize,
        totalCount: given.total,
        totalPages: Math.ceil(given.total / pageSize),
      },
    };
  }

  return {
    list,

    /** One POST of a contract relay. */
    act(actor: MemberActor, merchant: MerchantContext, kind: TContractKind, body: TContractAction) {
      const me: Party = { kind: 'member', memberId: actor.memberId };
      switch (body.action) {
        case 'offer': {
          const { action: _, ...rest } = body;
          return offer(merchant, me, { ...rest, kind } as TContractTerms & typeof rest);
        }
        case 'accept':
          return accept(actor, merchant, kind, body.contractId, body.confirm === true);
        case 'reject':
          return reject(actor, merchant, kind, body.contractId);
        case 'terminate':
          return terminate(merchant, me, kind, body.contractId, body.confirm === true);
        default:
          throw new AppError('request_param_err');
      }
    },

    async adminList(actor: OperatorActor, merchant: MerchantContext, query: TAdminContractFilter) {
      assertCan(actor, 'read');
      const { pageNo, pageSize } = query;
      const page = await repo.pageOfMerchant(db, merchant.id, {
        kind: query.kind,
        status: query.status,
        username: query.username,
        topLevel: query.topLevel,
        offset: (pageNo - 1) * pageSize,
        limit: pageSize,
      });
      return {
        list: (await load(db, page.list)).map((l) => view(merchant, l)),
        pageNo,
        pageSize,
        totalCount: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      };
    },

    adminOffer(who: AuditWho, merchant: MerchantContext, body: TAdminContractOfferBody) {
      assertCan(who.actor, 'write');
      return offer(merchant, { kind: 'operator', who }, body);
    },

    adminTerminate(who: AuditWho, merchant: MerchantContext, id: number, confirm: boolean) {
      assertCan(who.actor, 'write');
      return terminate(merchant, { kind: 'operator', who }, undefined, id, confirm);
    },

    /** The consolidated contract flags of a member: 0 for players, trial accounts and switched-off kinds. */
    async flags(actor: MemberActor, merchant: MerchantContext): Promise<ContractFlags> {
      if (!isAgentType(actor.type) || isTrialType(actor.type)) return NO_FLAGS;
      const open = await repo.openOf(db, actor.memberId);
      const has = (kind: TContractKind, status: 'offered' | 'active') =>
        merchant.modules[CONTRACT_MODULE[kind]] !== false &&
        open.some((o) => o.kind === kind && o.status === status)
          ? 1
          : 0;
      return {
        dailysalreqtype: has('dailySalary', 'offered'),
        divtypereq: has('dividend', 'offered'),
        contracthoursalreq: has('hourlySalary', 'offered'),
        realtimesalreqtype: has('realtimeSalary', 'offered'),
        contractmrdailysalinfotype: has('dailySalary', 'active'),
        contracthoursalinfo: has('hourlySalary', 'active'),
        dailysalinfotype: has('dailySalary', 'active'),
        divtypeinfo: has('dividend', 'active'),
        realtimesalinfotype: has('realtimeSalary', 'active'),
      };
    },
  };
}
export type AgentContractService = ReturnType<typeof createAgentContractService>;

/**
 * The demo seed's contracts, written as they would stand after an offer (and an accept when
 * `status` is active) in a fresh team: no cap or cascade check, the seed gives consistent terms.
 */
export async function seedContract(
  tx: Tx,
  merchant: { id: number; currencyDecimals: number },
  c: { uplineId: number | null; downlineId: number; status: 'offered' | 'active'; at: Date },
  input: TContractTerms,
): Promise<number> {
  const terms = termsOf(input, merchant.currencyDecimals);
  const id = await repo.insert(
    tx,
    {
      merchantId: merchant.id,
      kind: input.kind,
      uplineId: c.uplineId,
      downlineId: c.downlineId,
      offeredByOperatorId: null,
      period: terms.period,
      profitRateBp: terms.profitRateBp,
      lossRateBp: terms.lossRateBp,
      minBet: terms.minBet,
      createdAt: c.at,
    },
    terms.tiers,
  );
  if (c.status === 'active') await repo.setStatus(tx, id, { status: 'active', acceptedAt: c.at });
  return id;
}

/**
 * The rate invariant over every active contract (of one merchant, or all): each contract with an
 * upline agent sits under that agent's own active contract of the kind, and that agent is its
 * downline's direct upline. Answers the violations (empty when it holds).
 */
export async function checkContractInvariants(db: Db, merchantId?: number): Promise<string[]> {
  const active = await repo.allActive(db, merchantId);
  const tiers = await repo.tiersOf(
    db,
    active.map((r) => r.id),
  );
  const byHolder = new Map(active.map((r) => [`${r.downlineId}:${r.kind}`, r]));
  const problems: string[] = [];
  for (const r of active) {
    if (r.uplineId === null) continue;
    const up = byHolder.get(`${r.uplineId}:${r.kind}`);
    if (!up) {
      problems.push(`contract ${r.id} (${r.kind}): upline ${r.uplineId} holds no active contract`);
      continue;
    }
    const v = capViolation(termsOfRow(r, tiers.get(r.id) ?? []), termsOfRow(up, tiers.get(up.id) ?? []));
    if (v) problems.push(`contract ${r.id} (${r.kind}) under ${up.id}: ${v}`);
  }
  return problems;
}
