import { sql } from 'drizzle-orm';
import type { TReferralTrigger } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface PromotionRow {
  id: number;
  merchantId: number;
  category: string;
  tags: string[];
  title: Record<string, string>;
  content: Record<string, string>;
  sequence: number;
  active: boolean;
  startAt: Date | null;
  endAt: Date | null;
  audience: 'ALL' | 'NEW_MEMBERS' | 'VIP_LEVELS' | 'AGENT_TEAMS' | 'MEMBER_LIST';
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
  rewardKind: 'PERCENT' | 'FIXED' | 'TICKET' | 'RAFFLE' | 'POINTS' | 'FREE_SPINS';
  rewardAmount: bigint | null;
  rewardBp: number | null;
  rewardCap: bigint | null;
  minDeposit: bigint;
  wageringX100: number;
  wageringBase: 'BONUS' | 'BONUS_DEPOSIT';
  expiryDays: number | null;
  onePerIp: boolean;
  /** bonus abuse (0091): one claim per device; allowed countries (ISO codes) and client kinds, [] = any */
  onePerDevice: boolean;
  countries: string[];
  devices: ('WEB' | 'MOBILE' | 'APP')[];
  betOrder: 'REAL_FIRST' | 'BONUS_FIRST';
  /** the largest stake accepted while the bonus is ACTIVE */
  maxBet: bigint | null;
  /** percent of a settled stake that counts towards wagering, by game type (absent: 100) */
  contributions: Record<string, number>;
  forfeitOnWithdraw: boolean;
  /** TICKET: the prize table as stored (JSON, amounts as digit text) */
  ticketConfig: unknown;
  /** NTH_DEPOSIT: the credited deposit (1-based) that grants it */
  depositNth: number | null;
  /** DEPOSIT_OVER: once per merchant day instead of once per deposit */
  oncePerDay: boolean;
  /** POINTS: whole points the reward pays */
  rewardPoints: number | null;
  /** FREE_SPINS: the spins, their stake (minor units as digit text) and the built-in slot */
  freeSpins: FreeSpinsConfig | null;
  /** BET_VOLUME: valid bets (minor units) to reach in one period */
  betVolumeTarget: bigint | null;
  betVolumePeriod: 'DAILY' | 'WEEKLY' | 'SCHEDULE' | null;
  /** BET_VOLUME: game types whose bets count (empty: all) */
  betVolumeGameTypes: string[];
  /**
   * BET_VOLUME: since when the job pays finished periods to members who reached the target without
   * claiming (null: off); the operator's `autoGrant`
   */
  autoGrantSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
/** A FREE_SPINS reward's spins as stored (the stake in minor units as digit text). */
export interface FreeSpinsConfig {
  count: number;
  stake: string;
  vendor: string;
  gameCode: string;
}

export type PromotionValues = Omit<
  PromotionRow,
  'id' | 'merchantId' | 'createdAt' | 'updatedAt' | 'autoGrantSince'
> & {
  /** BET_VOLUME: the job pays finished periods (on from now when it was off, kept when it was on) */
  autoGrant: boolean;
};

/** A promotion's audience lists (promotion_audience rows): levels, and members named by id and username. */
export interface AudienceLists {
  vipLevels: number[];
  agents: { id: number; username: string }[];
  members: { id: number; username: string }[];
  excluded: { id: number; username: string }[];
}
export const NO_AUDIENCE: AudienceLists = { vipLevels: [], agents: [], members: [], excluded: [] };
const AUDIENCE_KEY = {
  VIP_LEVEL: 'vipLevels',
  AGENT: 'agents',
  MEMBER: 'members',
  EXCLUDED: 'excluded',
} as const;

export interface ClaimRow {
  id: bigint;
  merchantId: number;
  promotionId: number;
  memberId: number;
  status: 'JOINED' | 'ACTIVE' | 'CONVERTED' | 'FORFEITED';
  depositOrderNo: string | null;
  depositAmount: bigint | null;
  bonusAmount: bigint | null;
  requiredTurnover: bigint;
  grantedAt: Date | null;
  expiresAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  /** '' for a once-per-member promotion; the merchant day, deposit or invitee of a repeatable one */
  occurrence: string;
  /** a POINTS reward: the points it paid */
  points: number | null;
}

const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as string));
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const json = (v: unknown) =>
  typeof v === 'string' ? (JSON.parse(v) as Record<string, string>) : (v as Record<string, string>);

function promotionOf(r: Record<string, unknown>): PromotionRow {
  return {
    id: Number(r.id),
    merchantId: Number(r.merchant_id),
    category: r.category as string,
    tags: (r.tags as string[] | null) ?? [],
    title: json(r.title),
    content: json(r.content),
    sequence: Number(r.sequence),
    active: Boolean(r.active),
    startAt: date(r.start_at),
    endAt: date(r.end_at),
    audience: r.audience as PromotionRow['audience'],
    trigger: r.trigger as PromotionRow['trigger'],
    rewardKind: r.reward_kind as PromotionRow['rewardKind'],
    rewardAmount: big(r.reward_amount),
    rewardBp: r.reward_bp === null ? null : Number(r.reward_bp),
    rewardCap: big(r.reward_cap),
    minDeposit: BigInt(r.min_deposit as string),
    wageringX100: Number(r.wagering_x100),
    wageringBase: r.wagering_base as PromotionRow['wageringBase'],
    expiryDays: r.expiry_days === null ? null : Number(r.expiry_days),
    onePerIp: Boolean(r.one_per_ip),
    onePerDevice: Boolean(r.one_per_device),
    countries: (r.countries as string[] | null) ?? [],
    devices: (r.devices as PromotionRow['devices'] | null) ?? [],
    betOrder: r.bet_order as PromotionRow['betOrder'],
    maxBet: big(r.max_bet),
    contributions: (typeof r.contributions === 'string'
      ? JSON.parse(r.contributions)
      : r.contributions) as Record<string, number>,
    forfeitOnWithdraw: Boolean(r.forfeit_on_withdraw),
    ticketConfig:
      typeof r.ticket_config === 'string' ? JSON.parse(r.ticket_config) : (r.ticket_config ?? null),
    depositNth: r.deposit_nth === null || r.deposit_nth === undefined ? null : Number(r.deposit_nth),
    oncePerDay: Boolean(r.once_per_day),
    rewardPoints: r.reward_points === null || r.reward_points === undefined ? null : Number(r.reward_points),
    freeSpins: (typeof r.free_spins === 'string'
      ? JSON.parse(r.free_spins)
      : (r.free_spins ?? null)) as FreeSpinsConfig | null,
    betVolumeTarget: big(r.bet_volume_target),
    betVolumePeriod: (r.bet_volume_period as PromotionRow['betVolumePeriod']) ?? null,
    betVolumeGameTypes: (r.bet_volume_game_types as string[] | null) ?? [],
    autoGrantSince: date(r.auto_grant_since),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
}

function claimOf(r: Record<string, unknown>): ClaimRow {
  return {
    id: BigInt(r.id as string),
    merchantId: Number(r.merchant_id),
    promotionId: Number(r.promotion_id),
    memberId: Number(r.member_id),
    status: r.status as ClaimRow['status'],
    depositOrderNo: (r.deposit_order_no as string | null) ?? null,
    depositAmount: big(r.deposit_amount),
    bonusAmount: big(r.bonus_amount),
    requiredTurnover: BigInt(r.required_turnover as string),
    grantedAt: date(r.granted_at),
    expiresAt: date(r.expires_at),
    closedAt: date(r.closed_at),
    createdAt: new Date(r.created_at as string),
    occurrence: r.occurrence as string,
    points: r.points === null || r.points === undefined ? null : Number(r.points),
  };
}

// bigint columns as text: node-postgres and PGlite answer them differently otherwise
const P_COLS = sql.raw(`id, merchant_id, category, tags, title, content, sequence, active, start_at, end_at,
  audience, trigger, reward_kind, reward_amount::text, reward_bp, reward_cap::text, min_deposit::text,
  wagering_x100, wagering_base, expiry_days, one_per_ip, bet_order, max_bet::text, contributions,
  forfeit_on_withdraw, ticket_config, deposit_nth, once_per_day, reward_points, bet_volume_target::text, bet_volume_period,
  bet_volume_game_types, one_per_device, countries, devices, free_spins, auto_grant_since, created_at, updated_at`);
const C_COLS = sql.raw(`id::text, merchant_id, promotion_id, member_id, status, deposit_order_no,
  deposit_amount::text, bonus_amount::text, required_turnover::text, granted_at, expires_at, closed_at, created_at, occurrence, points`);

const tagsArray = (tags: string[]) => sql`${`{${tags.join(',')}}`}::text[]`;
const opt = (v: bigint | null) => (v === null ? null : v.toString());
const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** Every statement carries the merchant id: one merchant never reads or changes another's rows. */
export const promotionRepo = {
  async list(ex: Executor, merchantId: number, page?: { limit: number; offset: number }) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${P_COLS} from promotion where merchant_id = ${merchantId}
          order by sequence, id ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
    );
    return list.map(promotionOf);
  },
  async count(ex: Executor, merchantId: number): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from promotion where merchant_id = ${merchantId}`,
    );
    return r?.n ?? 0;
  },
  /** Active promotions not ended by `now` (coming ones included), in display order. */
  async listLive(ex: Executor, merchantId: number, now: Date) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${P_COLS} from promotion where merchant_id = ${merchantId} and active
            and (end_at is null or end_at > ${now.toISOString()}::timestamptz)
          order by sequence, id`,
    );
    return list.map(promotionOf);
  },
  /**
   * Active promotions running at some time inside [from, to) (SPEC 2.7 date presets), ended ones
   * included, in display order.
   */
  async listWindow(ex: Executor, merchantId: number, from: Date, to: Date) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${P_COLS} from promotion where merchant_id = ${merchantId} and active
            and (end_at is null or end_at > ${from.toISOString()}::timestamptz)
            and (start_at is null or start_at < ${to.toISOString()}::timestamptz)
          order by sequence, id`,
    );
    return list.map(promotionOf);
  },
  async get(ex: Executor, merchantId: number, id: number, forUpdate = false) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${P_COLS} from promotion where merchant_id = ${merchantId} and id = ${id}
          ${forUpdate ? sql`for update` : sql``}`,
    );
    return r ? promotionOf(r) : undefined;
  },
  async insert(ex: Executor, merchantId: number, v: PromotionValues, at: Date) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`insert into promotion (merchant_id, category, tags, title, content, sequence, active, start_at, end_at,
            audience, trigger, reward_kind, reward_amount, reward_bp, reward_cap, min_deposit, wagering_x100,
            wagering_base, expiry_days, one_per_ip, bet_order, max_bet, contributions, forfeit_on_withdraw,
            ticket_config, deposit_nth, once_per_day, reward_points, bet_volume_target, bet_volume_period, bet_volume_game_types,
            one_per_device, countries, devices, free_spins, auto_grant_since)
          values (${merchantId}, ${v.category}, ${tagsArray(v.tags)}, ${JSON.stringify(v.title)}::jsonb,
            ${JSON.stringify(v.content)}::jsonb, ${v.sequence}, ${v.active}, ${v.startAt?.toISOString() ?? null}::timestamptz,
            ${v.endAt?.toISOString() ?? null}::timestamptz, ${v.audience}, ${v.trigger}, ${v.rewardKind},
            ${opt(v.rewardAmount)}::bigint, ${v.rewardBp}::int, ${opt(v.rewardCap)}::bigint, ${v.minDeposit.toString()}::bigint,
            ${v.wageringX100}, ${v.wageringBase}, ${v.expiryDays}::int, ${v.onePerIp}, ${v.betOrder},
            ${opt(v.maxBet)}::bigint, ${JSON.stringify(v.contributions)}::jsonb, ${v.forfeitOnWithdraw},
            ${jsonOrNull(v.ticketConfig)}::jsonb, ${v.depositNth}::int, ${v.oncePerDay}, ${v.rewardPoints}::int,
            ${opt(v.betVolumeTarget)}::bigint, ${v.betVolumePeriod}::text, ${tagsArray(v.betVolumeGameTypes)},
            ${v.onePerDevice}, ${tagsArray(v.countries)}, ${tagsArray(v.devices)},
            ${jsonOrNull(v.freeSpins)}::jsonb, ${v.autoGrant ? at.toISOString() : null}::timestamptz)
          returning ${P_COLS}`,
    );
    return promotionOf(r!);
  },
  async update(ex: Executor, merchantId: number, id: number, v: PromotionValues, at: Date) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`update promotion set category = ${v.category}, tags = ${tagsArray(v.tags)},
            title = ${JSON.stringify(v.title)}::jsonb, content = ${JSON.stringify(v.content)}::jsonb,
            sequence = ${v.sequence}, active = ${v.active},
            start_at = ${v.startAt?.toISOString() ?? null}::timestamptz, end_at = ${v.endAt?.toISOString() ?? null}::timestamptz,
            audience = ${v.audience}, trigger = ${v.trigger}, reward_kind = ${v.rewardKind},
            reward_amount = ${opt(v.rewardAmount)}::bigint, reward_bp = ${v.rewardBp}::int,
            reward_cap = ${opt(v.rewardCap)}::bigint, min_deposit = ${v.minDeposit.toString()}::bigint,
            wagering_x100 = ${v.wageringX100}, wagering_base = ${v.wageringBase}, expiry_days = ${v.expiryDays}::int, one_per_ip = ${v.onePerIp},
            bet_order = ${v.betOrder}, max_bet = ${opt(v.maxBet)}::bigint,
            contributions = ${JSON.stringify(v.contributions)}::jsonb, forfeit_on_withdraw = ${v.forfeitOnWithdraw},
            ticket_config = ${jsonOrNull(v.ticketConfig)}::jsonb,
            deposit_nth = ${v.depositNth}::int, once_per_day = ${v.oncePerDay},
            reward_points = ${v.rewardPoints}::int, bet_volume_target = ${opt(v.betVolumeTarget)}::bigint, bet_volume_period = ${v.betVolumePeriod}::text,
            bet_volume_game_types = ${tagsArray(v.betVolumeGameTypes)},
            one_per_device = ${v.onePerDevice}, countries = ${tagsArray(v.countries)},
            devices = ${tagsArray(v.devices)}, free_spins = ${jsonOrNull(v.freeSpins)}::jsonb,
            auto_grant_since = case when ${v.autoGrant} then coalesce(auto_grant_since, ${at.toISOString()}::timestamptz) end,
            updated_at = ${at.toISOString()}::timestamptz
          where merchant_id = ${merchantId} and id = ${id}
          returning ${P_COLS}`,
    );
    return r ? promotionOf(r) : undefined;
  },

  /** The audience lists of these promotions (usernames read from the member rows). */
  async audienceOf(
    ex: Executor,
    merchantId: number,
    promotionIds: number[],
  ): Promise<Map<number, AudienceLists>> {
    const out = new Map<number, AudienceLists>();
    if (promotionIds.length === 0) return out;
    const list = await rows<{
      promotion_id: number;
      kind: keyof typeof AUDIENCE_KEY;
      ref: number;
      username: string | null;
    }>(
      ex,
      sql`select a.promotion_id, a.kind, a.ref, m.username
          from promotion_audience a join promotion p on p.id = a.promotion_id and p.merchant_id = ${merchantId}
          left join member m on a.kind <> 'VIP_LEVEL' and m.id = a.ref and m.merchant_id = ${merchantId}
          where a.promotion_id = any(${`{${promotionIds.join(',')}}`}::int[])
          order by a.promotion_id, a.kind, coalesce(m.username_key, ''), a.ref`,
    );
    for (const r of list) {
      const id = Number(r.promotion_id);
      const lists = out.get(id) ?? { vipLevels: [], agents: [], members: [], excluded: [] };
      const key = AUDIENCE_KEY[r.kind];
      if (key === 'vipLevels') lists.vipLevels.push(Number(r.ref));
      else lists[key].push({ id: Number(r.ref), username: r.username ?? '' });
      out.set(id, lists);
    }
    return out;
  },
  /** Replaces a promotion's audience lists (in the caller's transaction). */
  async setAudience(tx: Executor, promotionId: number, a: AudienceLists) {
    await rows(tx, sql`delete from promotion_audience where promotion_id = ${promotionId}`);
    const refs: [string, number][] = [
      ...a.vipLevels.map((l): [string, number] => ['VIP_LEVEL', l]),
      ...a.agents.map((m): [string, number] => ['AGENT', m.id]),
      ...a.members.map((m): [string, number] => ['MEMBER', m.id]),
      ...a.excluded.map((m): [string, number] => ['EXCLUDED', m.id]),
    ];
    if (refs.length === 0) return;
    await rows(
      tx,
      sql`insert into promotion_audience (promotion_id, kind, ref)
          select ${promotionId}, k, r from unnest(${`{${refs.map(([k]) => k).join(',')}}`}::text[],
            ${`{${refs.map(([, r]) => r).join(',')}}`}::int[]) as u(k, r)
          on conflict do nothing`,
    );
  },
  /**
   * Which of these promotions the member is in the audience of, and not excluded from: THE
   * eligibility rule, in one statement (new members: registered at or after the promotion's start;
   * VIP levels: the member's level, 0 without a rank; agents' teams: anywhere below a listed agent).
   */
  async eligibleIds(ex: Executor, memberId: number, promotionIds: number[]): Promise<Set<number>> {
    if (promotionIds.length === 0) return new Set();
    const list = await rows<{ id: number }>(
      ex,
      sql`select p.id from promotion p join member m on m.id = ${memberId} and m.merchant_id = p.merchant_id
          where p.id = any(${`{${promotionIds.join(',')}}`}::int[])
            and case p.audience
              when 'ALL' then true
              when 'NEW_MEMBERS' then m.created_at >= coalesce(p.start_at, p.created_at)
              when 'VIP_LEVELS' then exists (select 1 from promotion_audience a where a.promotion_id = p.id
                and a.kind = 'VIP_LEVEL'
                and a.ref = coalesce((select v.level from vip_member v where v.member_id = m.id), 0))
              when 'AGENT_TEAMS' then exists (select 1 from promotion_audience a
                join member_tree t on t.ancestor_id = a.ref and t.descendant_id = m.id and t.depth > 0
                where a.promotion_id = p.id and a.kind = 'AGENT')
              when 'MEMBER_LIST' then exists (select 1 from promotion_audience a where a.promotion_id = p.id
                and a.kind = 'MEMBER' and a.ref = m.id)
              else false end
            and not exists (select 1 from promotion_audience a where a.promotion_id = p.id
              and a.kind = 'EXCLUDED' and a.ref = m.id)`,
    );
    return new Set(list.map((r) => Number(r.id)));
  },

  async claimsOfMember(ex: Executor, memberId: number) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${C_COLS} from promotion_claim where member_id = ${memberId} order by id desc limit 200`,
    );
    return list.map(claimOf);
  },
  /** The member's claim of a promotion, locked when asked (the claim row serialises its own grant). */
  async findClaim(ex: Executor, promotionId: number, memberId: number, forUpdate = false, occurrence = '') {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${C_COLS} from promotion_claim where promotion_id = ${promotionId} and member_id = ${memberId}
            and occurrence = ${occurrence}
          ${forUpdate ? sql`for update` : sql``}`,
    );
    return r ? claimOf(r) : undefined;
  },
  /**
   * Creates the member's claim, or nothing when there is one (answers undefined): once per member and
   * occurrence ('' for a once-per-member promotion; a merchant day, a deposit... for repeatable
   * ones), and once per address when `ipKey` is set (a one-per-IP promotion).
   */
  async insertClaim(
    ex: Executor,
    c: {
      merchantId: number;
      promotionId: number;
      memberId: number;
      ip?: string | null;
      ipKey?: string | null;
      occurrence?: string;
    },
  ): Promise<ClaimRow | undefined> {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`insert into promotion_claim (merchant_id, promotion_id, member_id, status, ip, ip_key, occurrence)
          values (${c.merchantId}, ${c.promotionId}, ${c.memberId}, 'JOINED', ${c.ip ?? null}, ${c.ipKey ?? null},
            ${c.occurrence ?? ''})
          on conflict do nothing
          returning ${C_COLS}`,
    );
    return r ? claimOf(r) : undefined;
  },
  /** JOINED -> ACTIVE or CONVERTED with the grant's figures; granted_at is the database's now(). */
  async grant(
    ex: Executor,
    id: bigint,
    g: {
      status: 'ACTIVE' | 'CONVERTED';
      depositOrderNo: string | null;
      depositAmount: bigint | null;
      bonusAmount: bigint;
      requiredTurnover: bigint;
      expiresAt: Date | null;
      closedAt: Date | null;
    },
  ) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`update promotion_claim set status = ${g.status}, deposit_order_no = ${g.depositOrderNo},
            deposit_amount = ${opt(g.depositAmount)}::bigint, bonus_amount = ${g.bonusAmount.toString()}::bigint,
            required_turnover = ${g.requiredTurnover.toString()}::bigint, granted_at = now(),
            expires_at = ${g.expiresAt?.toISOString() ?? null}::timestamptz,
            closed_at = ${g.closedAt?.toISOString() ?? null}::timestamptz
          where id = ${id.toString()}::bigint and status = 'JOINED'
          returning ${C_COLS}`,
    );
    return r ? claimOf(r) : undefined;
  },
  /** JOINED -> CONVERTED with the points a POINTS reward paid (no money: no bonus amount). */
  async grantPoints(ex: Executor, id: bigint, points: number, at: Date) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`update promotion_claim set status = 'CONVERTED', points = ${points}, granted_at = now(),
            closed_at = ${at.toISOString()}::timestamptz
          where id = ${id.toString()}::bigint and status = 'JOINED'
          returning ${C_COLS}`,
    );
    return r ? claimOf(r) : undefined;
  },
  /** ACTIVE -> CONVERTED or FORFEITED (answers false when it was not ACTIVE any more). */
  async close(ex: Executor, id: bigint, status: 'CONVERTED' | 'FORFEITED', at: Date): Promise<boolean> {
    const r = await rows<{ id: string }>(
      ex,
      sql`update promotion_claim set status = ${status}, closed_at = ${at.toISOString()}::timestamptz
          where id = ${id.toString()}::bigint and status = 'ACTIVE' returning id::text`,
    );
    return r.length > 0;
  },
  async lockClaim(ex: Executor, id: bigint) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${C_COLS} from promotion_claim where id = ${id.toString()}::bigint for update`,
    );
    return r ? claimOf(r) : undefined;
  },
  /** Open bonuses of a member (wagering open). */
  async activeClaims(ex: Executor, memberId: number) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${C_COLS} from promotion_claim where member_id = ${memberId} and status = 'ACTIVE' order by id`,
    );
    return list.map(claimOf);
  },
  /**
   * The wallet's view of the member's open bonuses (member_bonus_state, read by vendor_wallet_apply):
   * a row while any claim is ACTIVE, with the strictest rules of them (bonus first when any says so,
   * the smallest max bet); none otherwise. Called in the transaction that grants or ends a bonus.
   */
  async syncBonusState(ex: Executor, merchantId: number, memberId: number) {
    const [s] = await rows<{ n: number; bonus_first: boolean | null; max_bet: string | null }>(
      ex,
      sql`select count(*)::int as n, bool_or(p.bet_order = 'BONUS_FIRST') as bonus_first,
            min(p.max_bet)::text as max_bet
          from promotion_claim c join promotion p on p.id = c.promotion_id
          where c.member_id = ${memberId} and c.status = 'ACTIVE'`,
    );
    if (!s || s.n === 0) {
      await ex.execute(sql`delete from member_bonus_state where member_id = ${memberId}`);
      return;
    }
    await ex.execute(
      sql`insert into member_bonus_state (member_id, merchant_id, bonus_first, max_bet)
          values (${memberId}, ${merchantId}, ${s.bonus_first ?? false}, ${s.max_bet}::bigint)
          on conflict (member_id) do update set bonus_first = excluded.bonus_first, max_bet = excluded.max_bet`,
    );
  },
  /** The member's bonus account balance (0 without one). */
  async bonusBalance(ex: Executor, memberId: number): Promise<bigint> {
    const [r] = await rows<{ b: string }>(
      ex,
      sql`select coalesce(sum(balance), 0)::text as b from ledger_account where member_id = ${memberId} and code = 'bonus'`,
    );
    return BigInt(r?.b ?? '0');
  },
  /**
   * Whether a round that drew bonus money is still open (a live debit, no credit yet): its win is
   * owed to the bonus account, so the member's last open bonus waits for it before it ends.
   */
  async openBonusRound(ex: Executor, memberId: number, since: Date): Promise<boolean> {
    const r = await rows<{ x: number }>(
      ex,
      sql`select 1 as x from vendor_txn d
          where d.member_id = ${memberId} and d.status = 'ok' and d.created_at >= ${since.toISOString()}::timestamptz
            and d.op = 'debit' and d.bonus_amount > 0 and not d.rolled_back
            and not exists (select 1 from vendor_txn c where c.merchant_id = d.merchant_id
              and c.vendor_code = d.vendor_code and c.member_id = d.member_id and c.round_id = d.round_id
              and c.op = 'credit' and c.status = 'ok')
          limit 1`,
    );
    return r.length > 0;
  },
  /** ACTIVE claims of a member other than `claimId` (the last one ends with the whole bonus balance). */
  async otherActive(ex: Executor, memberId: number, claimId: bigint): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from promotion_claim where member_id = ${memberId} and status = 'ACTIVE'
            and id <> ${claimId.toString()}::bigint`,
    );
    return r?.n ?? 0;
  },
  /** Members with an open bonus after `afterId`, in id order (the job's sweep, a batch at a time). */
  async membersWithActive(ex: Executor, afterId: number, limit: number) {
    const list = await rows<{ member_id: number }>(
      ex,
      sql`select distinct member_id from promotion_claim where status = 'ACTIVE' and member_id > ${afterId}
          order by member_id limit ${limit}`,
    );
    return list.map((r) => Number(r.member_id));
  },
  /**
   * Every merchant's active BET_VOLUME promotions the job pays (auto grant on), not ended before
   * `endedAfter` (an ended one's last period is paid once, then skipped by its run row).
   */
  async autoGrantBetVolume(ex: Executor, endedAfter: Date) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${P_COLS} from promotion where trigger = 'BET_VOLUME' and active and auto_grant_since is not null
            and (end_at is null or end_at > ${endedAfter.toISOString()}::timestamptz)
          order by merchant_id, id`,
    );
    return list.map(promotionOf);
  },
  /** Whether the job has paid this period of the promotion in full. */
  async autoGrantRunDone(ex: Executor, promotionId: number, occurrence: string): Promise<boolean> {
    const r = await rows<{ x: number }>(
      ex,
      sql`select 1 as x from promotion_auto_grant_run where promotion_id = ${promotionId} and occurrence = ${occurrence}`,
    );
    return r.length > 0;
  },
  /** Notes a period paid in full (a second instance's note of the same period changes nothing). */
  async finishAutoGrantRun(
    ex: Executor,
    r: {
      merchantId: number;
      promotionId: number;
      occurrence: string;
      start: Date;
      end: Date;
      granted: number;
    },
  ) {
    await ex.execute(
      sql`insert into promotion_auto_grant_run (merchant_id, promotion_id, occurrence, period_start, period_end, granted)
          values (${r.merchantId}, ${r.promotionId}, ${r.occurrence}, ${r.start.toISOString()}::timestamptz,
            ${r.end.toISOString()}::timestamptz, ${r.granted})
          on conflict (promotion_id, occurrence) do nothing`,
    );
  },
  /** Members of the merchant with a claim of this promotion's period (claimed by themselves or paid). */
  async claimedIn(ex: Executor, merchantId: number, promotionId: number, occurrence: string) {
    const list = await rows<{ member_id: number }>(
      ex,
      sql`select member_id from promotion_claim where merchant_id = ${merchantId} and promotion_id = ${promotionId}
            and occurrence = ${occurrence}`,
    );
    return new Set(list.map((r) => Number(r.member_id)));
  },
  /** The merchant's claims for the operator, newest first, with the member's name. */
  async adminClaims(
    ex: Executor,
    merchantId: number,
    f: { promotionId?: number; memberId?: number; state?: string; limit: number; offset: number },
  ) {
    const where = sql.join(
      [
        sql`c.merchant_id = ${merchantId}`,
        ...(f.promotionId ? [sql`c.promotion_id = ${f.promotionId}`] : []),
        ...(f.memberId ? [sql`c.member_id = ${f.memberId}`] : []),
        ...(f.state ? [sql`c.status = ${f.state}`] : []),
      ],
      sql` and `,
    );
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select c.id::text, c.merchant_id, c.promotion_id, c.member_id, c.status, c.deposit_order_no,
            c.deposit_amount::text, c.bonus_amount::text, c.required_turnover::text, c.granted_at, c.expires_at,
            c.closed_at, c.created_at, m.username, count(*) over ()::int as n
          from promotion_claim c join member m on m.id = c.member_id
          where ${where} order by c.id desc limit ${f.limit} offset ${f.offset}`,
    );
    return {
      list: list.map((r) => ({ ...claimOf(r), username: r.username as string })),
      totalCount: list[0] ? Number(list[0].n) : 0,
    };
  },
  /** JOINED claims of first-deposit promotions of a member (the deposit hook's candidates). */
  async joinedFirstDeposit(ex: Executor, memberId: number) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select c.id::text as claim_id, p.id as pid from promotion_claim c
          join promotion p on p.id = c.promotion_id
          where c.member_id = ${memberId} and c.status = 'JOINED' and p.trigger = 'FIRST_DEPOSIT'
          order by c.id`,
    );
    return list.map((r) => ({ claimId: BigInt(r.claim_id as string), promotionId: Number(r.pid) }));
  },

  /** Live promotions of a merchant with one of `triggers` (the deposit hook's candidates). */
  async liveWithTrigger(ex: Executor, merchantId: number, now: Date, triggers: string[]) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${P_COLS} from promotion where merchant_id = ${merchantId} and active
            and trigger = any(${`{${triggers.join(',')}}`}::text[])
            and (start_at is null or start_at <= ${now.toISOString()}::timestamptz)
            and (end_at is null or end_at > ${now.toISOString()}::timestamptz)
          order by sequence, id`,
    );
    return list.map(promotionOf);
  },
  async setClaimCode(ex: Executor, claimId: bigint, codeId: number) {
    await ex.execute(
      sql`update promotion_claim set code_id = ${codeId} where id = ${claimId.toString()}::bigint`,
    );
  },
};

export interface CodeRow {
  id: number;
  merchantId: number;
  promotionId: number;
  code: string;
  maxUses: number;
  used: number;
  active: boolean;
  createdAt: Date;
}
const codeOf = (r: Record<string, unknown>): CodeRow => ({
  id: Number(r.id),
  merchantId: Number(r.merchant_id),
  promotionId: Number(r.promotion_id),
  code: r.code as string,
  maxUses: Number(r.max_uses),
  used: Number(r.used),
  active: Boolean(r.active),
  createdAt: new Date(r.created_at as string),
});
const CODE_COLS = sql.raw('id, merchant_id, promotion_id, code, max_uses, used, active, created_at');

/** Bonus / redeem codes (SPEC 3), every statement scoped by merchant. */
export const promotionCodeRepo = {
  /** Answers undefined when the merchant has the code already. */
  async insert(ex: Executor, c: { merchantId: number; promotionId: number; code: string; maxUses: number }) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`insert into promotion_code (merchant_id, promotion_id, code, max_uses)
          values (${c.merchantId}, ${c.promotionId}, ${c.code}, ${c.maxUses})
          on conflict (merchant_id, code) do nothing
          returning ${CODE_COLS}`,
    );
    return r ? codeOf(r) : undefined;
  },
  async list(ex: Executor, merchantId: number, promotionId: number) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${CODE_COLS} from promotion_code where merchant_id = ${merchantId} and promotion_id = ${promotionId}
          order by id limit 1000`,
    );
    return list.map(codeOf);
  },
  async byCode(ex: Executor, merchantId: number, code: string) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${CODE_COLS} from promotion_code where merchant_id = ${merchantId} and code = ${code}`,
    );
    return r ? codeOf(r) : undefined;
  },
  async byId(ex: Executor, merchantId: number, id: number) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${CODE_COLS} from promotion_code where merchant_id = ${merchantId} and id = ${id}`,
    );
    return r ? codeOf(r) : undefined;
  },
  /**
   * Takes one use of an active code in the caller's transaction; false when none is left. The
   * conditional update is the limit: parallel redemptions queue on the row and the ones past the
   * limit find nothing to update.
   */
  async spend(ex: Executor, id: number): Promise<boolean> {
    const r = await rows<{ id: number }>(
      ex,
      sql`update promotion_code set used = used + 1 where id = ${id} and active and used < max_uses returning id`,
    );
    return r.length > 0;
  },
  async setActive(ex: Executor, merchantId: number, id: number, active: boolean) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`update promotion_code set active = ${active} where merchant_id = ${merchantId} and id = ${id}
          returning ${CODE_COLS}`,
    );
    return r ? codeOf(r) : undefined;
  },
};
