import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export type TicketStatus = 'AVAILABLE' | 'CLAIMED' | 'CANCELLED' | 'EXPIRED';

export interface TicketRow {
  id: bigint;
  merchantId: number;
  memberId: number;
  promotionId: number;
  claimId: bigint;
  transactionId: string;
  game: 'wheel' | 'egg' | 'envelope';
  /** the prize table as issued (JSON, amounts as digit text) */
  config: unknown;
  wageringX100: number;
  bonusExpiryDays: number | null;
  status: TicketStatus;
  /** secret until the ticket is drawn or closed: never sent before */
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string | null;
  nonce: number;
  outcome: Record<string, unknown> | null;
  prizeKind: string | null;
  prizeAmount: bigint | null;
  ledgerKey: string | null;
  issuedAt: Date;
  expiresAt: Date | null;
  claimedAt: Date | null;
  closedAt: Date | null;
  /** the promotion's title per language */
  title: Record<string, string>;
  username?: string;
}

const parsed = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function ticketOf(r: Record<string, unknown>): TicketRow {
  return {
    id: BigInt(r.id as string),
    merchantId: Number(r.merchant_id),
    memberId: Number(r.member_id),
    promotionId: Number(r.promotion_id),
    claimId: BigInt(r.claim_id as string),
    transactionId: r.transaction_id as string,
    game: r.game as TicketRow['game'],
    config: parsed(r.config),
    wageringX100: Number(r.wagering_x100),
    bonusExpiryDays: r.bonus_expiry_days === null ? null : Number(r.bonus_expiry_days),
    status: r.status as TicketStatus,
    serverSeed: r.server_seed as string,
    serverSeedHash: r.server_seed_hash as string,
    clientSeed: (r.client_seed as string | null) ?? null,
    nonce: Number(r.nonce),
    outcome: (parsed(r.outcome) as Record<string, unknown> | null) ?? null,
    prizeKind: (r.prize_kind as string | null) ?? null,
    prizeAmount:
      r.prize_amount === null || r.prize_amount === undefined ? null : BigInt(r.prize_amount as string),
    ledgerKey: (r.ledger_key as string | null) ?? null,
    issuedAt: new Date(r.issued_at as string),
    expiresAt: date(r.expires_at),
    claimedAt: date(r.claimed_at),
    closedAt: date(r.closed_at),
    title: (parsed(r.title) as Record<string, string> | null) ?? {},
    ...(r.username !== undefined ? { username: r.username as string } : {}),
  };
}

// bigint columns as text: node-postgres and PGlite answer them differently otherwise
const T_COLS =
  sql.raw(`t.id::text, t.merchant_id, t.member_id, t.promotion_id, t.claim_id::text, t.transaction_id,
  t.game, t.config, t.wagering_x100, t.bonus_expiry_days, t.status, t.server_seed, t.server_seed_hash,
  t.client_seed, t.nonce, t.outcome, t.prize_kind, t.prize_amount::text, t.ledger_key, t.issued_at, t.expires_at,
  t.claimed_at, t.closed_at, p.title`);
const FROM = sql.raw(`promotion_ticket t join promotion p on p.id = t.promotion_id`);
const iso = (d: Date | null) => d?.toISOString() ?? null;

export interface IssuedRow {
  claimId: bigint;
  promotionId: number;
  memberId: number;
  rewardKind: string;
  rewardAmount: bigint | null;
  ticketConfig: unknown;
  title: Record<string, string>;
  issuedAt: Date;
}
function issuedOf(r: Record<string, unknown>): IssuedRow {
  return {
    claimId: BigInt(r.claim_id as string),
    promotionId: Number(r.promotion_id),
    memberId: Number(r.member_id),
    rewardKind: r.reward_kind as string,
    rewardAmount: r.reward_amount === null ? null : BigInt(r.reward_amount as string),
    ticketConfig: parsed(r.ticket_config) ?? null,
    title: (parsed(r.title) as Record<string, string> | null) ?? {},
    issuedAt: new Date(r.issued_at as string),
  };
}

/** Tickets and issued rewards: every statement carries the merchant and, for a member, the member. */
export const ticketRepo = {
  /** A new ticket for a claim, or nothing when the claim has one (answers undefined). */
  async insert(
    ex: Executor,
    t: {
      merchantId: number;
      memberId: number;
      promotionId: number;
      claimId: bigint;
      transactionId: string;
      game: string;
      config: unknown;
      wageringX100: number;
      bonusExpiryDays: number | null;
      serverSeed: string;
      serverSeedHash: string;
      issuedAt: Date;
      expiresAt: Date | null;
    },
  ): Promise<bigint | undefined> {
    const [r] = await rows<{ id: string }>(
      ex,
      sql`insert into promotion_ticket (merchant_id, member_id, promotion_id, claim_id, transaction_id, game, config,
            wagering_x100, bonus_expiry_days, status, server_seed, server_seed_hash, issued_at, expires_at)
          values (${t.merchantId}, ${t.memberId}, ${t.promotionId}, ${t.claimId.toString()}::bigint, ${t.transactionId},
            ${t.game}, ${JSON.stringify(t.config)}::jsonb, ${t.wageringX100}, ${t.bonusExpiryDays}::int, 'AVAILABLE',
            ${t.serverSeed}, ${t.serverSeedHash}, ${t.issuedAt.toISOString()}::timestamptz,
            ${iso(t.expiresAt)}::timestamptz)
          on conflict (claim_id) do nothing
          returning id::text`,
    );
    return r ? BigInt(r.id) : undefined;
  },

  async get(ex: Executor, merchantId: number, id: bigint) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${T_COLS} from ${FROM} where t.merchant_id = ${merchantId} and t.id = ${id.toString()}::bigint`,
    );
    return r ? ticketOf(r) : undefined;
  },

  /** The ticket a member's call names, locked: its claim, cancel and expiry are serialised on it. */
  async lockByTransaction(ex: Executor, merchantId: number, transactionId: string) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${T_COLS} from ${FROM}
          where t.merchant_id = ${merchantId} and t.transaction_id = ${transactionId}
          for update of t`,
    );
    return r ? ticketOf(r) : undefined;
  },

  /** The member's tickets, newest first; one status, or all. */
  async ofMember(ex: Executor, merchantId: number, memberId: number, status: TicketStatus | null) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${T_COLS} from ${FROM}
          where t.merchant_id = ${merchantId} and t.member_id = ${memberId}
            ${status ? sql`and t.status = ${status}` : sql``}
          order by t.id desc limit 200`,
    );
    return list.map(ticketOf);
  },

  async countAvailable(ex: Executor, merchantId: number, memberId: number, now: Date): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from promotion_ticket
          where merchant_id = ${merchantId} and member_id = ${memberId} and status = 'AVAILABLE'
            and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)`,
    );
    return r?.n ?? 0;
  },

  /** AVAILABLE -> CLAIMED with the draw (answers false when it was no longer AVAILABLE). */
  async markClaimed(
    ex: Executor,
    id: bigint,
    d: {
      clientSeed: string;
      outcome: unknown;
      prizeKind: string;
      prizeAmount: bigint;
      ledgerKey: string | null;
      at: Date;
    },
  ): Promise<boolean> {
    const r = await rows<{ id: string }>(
      ex,
      sql`update promotion_ticket set status = 'CLAIMED', client_seed = ${d.clientSeed},
            outcome = ${JSON.stringify(d.outcome)}::jsonb, prize_kind = ${d.prizeKind},
            prize_amount = ${d.prizeAmount.toString()}::bigint, ledger_key = ${d.ledgerKey},
            claimed_at = ${d.at.toISOString()}::timestamptz, closed_at = ${d.at.toISOString()}::timestamptz
          where id = ${id.toString()}::bigint and status = 'AVAILABLE' returning id::text`,
    );
    return r.length > 0;
  },

  /** AVAILABLE -> CANCELLED or EXPIRED (answers false when it was no longer AVAILABLE). */
  async close(ex: Executor, id: bigint, status: 'CANCELLED' | 'EXPIRED', at: Date): Promise<boolean> {
    const r = await rows<{ id: string }>(
      ex,
      sql`update promotion_ticket set status = ${status}, closed_at = ${at.toISOString()}::timestamptz
          where id = ${id.toString()}::bigint and status = 'AVAILABLE' returning id::text`,
    );
    return r.length > 0;
  },

  /** Expires a member's tickets past their time; answers their claims (to close them too). */
  async expireDue(ex: Executor, merchantId: number, memberId: number, now: Date): Promise<bigint[]> {
    const list = await rows<{ claim_id: string }>(
      ex,
      sql`update promotion_ticket set status = 'EXPIRED', closed_at = ${now.toISOString()}::timestamptz
          where merchant_id = ${merchantId} and member_id = ${memberId} and status = 'AVAILABLE'
            and expires_at <= ${now.toISOString()}::timestamptz
          returning claim_id::text`,
    );
    return list.map((r) => BigInt(r.claim_id));
  },

  /**
   * A ticket's claim once its ticket is drawn: the money prize as the claim's bonus (ACTIVE while it
   * is wagered, CONVERTED when paid as cash), or CONVERTED without money (a prize of nothing).
   */
  async settleClaim(
    ex: Executor,
    claimId: bigint,
    s: {
      status: 'ACTIVE' | 'CONVERTED';
      bonusAmount: bigint | null;
      requiredTurnover: bigint;
      expiresAt: Date | null;
      closedAt: Date | null;
    },
  ) {
    await rows(
      ex,
      sql`update promotion_claim set status = ${s.status},
            bonus_amount = ${s.bonusAmount === null ? null : s.bonusAmount.toString()}::bigint,
            required_turnover = ${s.requiredTurnover.toString()}::bigint, granted_at = now(),
            expires_at = ${iso(s.expiresAt)}::timestamptz, closed_at = ${iso(s.closedAt)}::timestamptz
          where id = ${claimId.toString()}::bigint and status = 'JOINED'`,
    );
  },

  /** The claims of tickets that closed without a draw: nothing was won (FORFEITED). */
  async forfeitClaims(ex: Executor, claimIds: bigint[], at: Date) {
    if (claimIds.length === 0) return;
    await rows(
      ex,
      sql`update promotion_claim set status = 'FORFEITED', granted_at = coalesce(granted_at, now()),
            closed_at = ${at.toISOString()}::timestamptz
          where id = any(${`{${claimIds.join(',')}}`}::bigint[]) and status = 'JOINED'`,
    );
  },

  async markIssued(ex: Executor, claimId: bigint, at: Date) {
    await rows(
      ex,
      sql`update promotion_claim set issued_at = ${at.toISOString()}::timestamptz
          where id = ${claimId.toString()}::bigint`,
    );
  },

  /**
   * Rewards an operator issued to the member that wait for the member's claim: JOINED, and for a
   * ticket reward no ticket yet. `claimId`: that one claim only.
   */
  async issued(ex: Executor, merchantId: number, memberId: number, claimId?: bigint) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select c.id::text as claim_id, c.promotion_id, c.member_id, c.issued_at, p.reward_kind,
            p.reward_amount::text, p.ticket_config, p.title
          from promotion_claim c join promotion p on p.id = c.promotion_id
          where c.merchant_id = ${merchantId} and c.member_id = ${memberId} and c.issued_at is not null
            and c.status = 'JOINED'
            and not exists (select 1 from promotion_ticket t where t.claim_id = c.id)
            ${claimId !== undefined ? sql`and c.id = ${claimId.toString()}::bigint` : sql``}
          order by c.id desc limit 200`,
    );
    return list.map(issuedOf);
  },

  /** The merchant's tickets for the operator, newest first, with the member's name. */
  async adminList(
    ex: Executor,
    merchantId: number,
    f: { memberId?: number; promotionId?: number; status?: string; limit: number; offset: number },
  ) {
    const where = sql.join(
      [
        sql`t.merchant_id = ${merchantId}`,
        ...(f.memberId ? [sql`t.member_id = ${f.memberId}`] : []),
        ...(f.promotionId ? [sql`t.promotion_id = ${f.promotionId}`] : []),
        ...(f.status ? [sql`t.status = ${f.status}`] : []),
      ],
      sql` and `,
    );
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${T_COLS}, m.username, count(*) over ()::int as n
          from ${FROM} join member m on m.id = t.member_id
          where ${where} order by t.id desc limit ${f.limit} offset ${f.offset}`,
    );
    return { list: list.map(ticketOf), totalCount: list[0] ? Number(list[0].n) : 0 };
  },
};
