import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface ReferralRow {
  inviteeId: number;
  merchantId: number;
  referrerId: number;
  ip: string | null;
  sameIp: boolean;
  sameDevice: boolean;
  createdAt: Date;
}

export interface ReferralSettingsRow {
  turnoverTarget: bigint;
  firstDepositOnly: boolean;
  blockSameIp: boolean;
  blockSameDevice: boolean;
  claimRequired: boolean;
}

/** A promotion without a settings row: the defaults of migration 0055. */
export const DEFAULT_SETTINGS: ReferralSettingsRow = {
  turnoverTarget: 0n,
  firstDepositOnly: true,
  blockSameIp: true,
  blockSameDevice: true,
  claimRequired: false,
};

/** An invitee with what the referrer earned for them (rewards paid, rewards waiting for a claim). */
export interface InviteeRow extends ReferralRow {
  username: string;
  reward: bigint;
  pending: bigint;
  rewarded: boolean;
}

const referralOf = (r: Record<string, unknown>): ReferralRow => ({
  inviteeId: Number(r.invitee_id),
  merchantId: Number(r.merchant_id),
  referrerId: Number(r.referrer_id),
  ip: (r.ip as string | null) ?? null,
  sameIp: Boolean(r.same_ip),
  sameDevice: Boolean(r.same_device),
  createdAt: new Date(r.created_at as string),
});
const settingsOf = (r: Record<string, unknown>): ReferralSettingsRow => ({
  turnoverTarget: BigInt(r.turnover_target as string),
  firstDepositOnly: Boolean(r.first_deposit_only),
  blockSameIp: Boolean(r.block_same_ip),
  blockSameDevice: Boolean(r.block_same_device),
  claimRequired: Boolean(r.claim_required),
});

const R_COLS = sql.raw(
  `r.invitee_id, r.merchant_id, r.referrer_id, r.ip, r.same_ip, r.same_device, r.created_at`,
);

/**
 * What the referrer earned per invitee: its claims of referral promotions whose occurrence is the
 * invitee's id; a claim waiting (JOINED) has no bonus yet and counts its promotion's fixed reward.
 */
const EARNED = sql.raw(`
  left join lateral (
    select coalesce(sum(c.bonus_amount) filter (where c.status <> 'JOINED'), 0) as reward,
           coalesce(sum(p.reward_amount) filter (where c.status = 'JOINED'), 0) as pending,
           count(c.id) > 0 as rewarded
    from promotion_claim c
    join promotion p on p.id = c.promotion_id and p.trigger like 'REFERRAL\\_%'
    where c.member_id = r.referrer_id and c.occurrence = r.invitee_id::text
  ) e on true`);

const inviteeOf = (r: Record<string, unknown>): InviteeRow => ({
  ...referralOf(r),
  username: r.username as string,
  reward: BigInt(r.reward as string),
  pending: BigInt(r.pending as string),
  rewarded: Boolean(r.rewarded),
});

/** Every statement names the merchant or a member id the caller resolved within its merchant. */
export const referralRepo = {
  /** The member, when it is one of the merchant's (a referrer named by another module). */
  async memberOfMerchant(ex: Executor, merchantId: number, memberId: number) {
    const [r] = await rows<{ id: number; referral_code: string; username: string }>(
      ex,
      sql`select id, referral_code, username from member where id = ${memberId} and merchant_id = ${merchantId}`,
    );
    return r ? { id: Number(r.id), referralCode: r.referral_code, username: r.username } : undefined;
  },

  /**
   * Whether a new invitee's address or device is one the referrer has used: its registration
   * address, an address it logged in from, or a device of one of its sessions.
   */
  async sharedWithReferrer(ex: Executor, referrerId: number, ip: string, deviceId: string | null) {
    const [r] = await rows<{ same_ip: boolean; same_device: boolean }>(
      ex,
      sql`select
            (exists (select 1 from member where id = ${referrerId} and registered_ip = ${ip})
              or exists (select 1 from member_known_ip where member_id = ${referrerId} and ip = ${ip})
              or exists (select 1 from member_session where member_id = ${referrerId} and ip = ${ip})) as same_ip,
            (${deviceId}::text is not null
              and exists (select 1 from member_session where member_id = ${referrerId} and device_id = ${deviceId}::text)) as same_device`,
    );
    return { sameIp: Boolean(r?.same_ip), sameDevice: Boolean(r?.same_device) };
  },

  /** Records the invitee's referrer once (the invitee is the key: one referrer per invitee). */
  async insert(
    ex: Executor,
    v: Omit<ReferralRow, 'createdAt'> & { deviceId: string | null; at: Date },
  ): Promise<ReferralRow | undefined> {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`insert into member_referral as r (invitee_id, merchant_id, referrer_id, ip, device_id, same_ip, same_device, created_at)
          values (${v.inviteeId}, ${v.merchantId}, ${v.referrerId}, ${v.ip}, ${v.deviceId}, ${v.sameIp}, ${v.sameDevice},
            ${v.at.toISOString()}::timestamptz)
          on conflict do nothing
          returning ${R_COLS}`,
    );
    return r ? referralOf(r) : undefined;
  },

  async ofInvitee(ex: Executor, merchantId: number, inviteeId: number) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${R_COLS} from member_referral r where r.invitee_id = ${inviteeId} and r.merchant_id = ${merchantId}`,
    );
    return r ? referralOf(r) : undefined;
  },

  /** Settings of the given promotions (missing ones take the defaults). */
  async settings(ex: Executor, merchantId: number, promotionIds: number[]) {
    const map = new Map<number, ReferralSettingsRow>();
    if (promotionIds.length === 0) return map;
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select promotion_id, turnover_target::text, first_deposit_only, block_same_ip, block_same_device, claim_required
          from promotion_referral where merchant_id = ${merchantId}
            and promotion_id in (${sql.join(
              promotionIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    for (const r of list) map.set(Number(r.promotion_id), settingsOf(r));
    for (const id of promotionIds) if (!map.has(id)) map.set(id, DEFAULT_SETTINGS);
    return map;
  },

  async upsertSettings(
    ex: Executor,
    merchantId: number,
    promotionId: number,
    s: ReferralSettingsRow,
    at: Date,
  ) {
    await ex.execute(
      sql`insert into promotion_referral (promotion_id, merchant_id, turnover_target, first_deposit_only, block_same_ip,
            block_same_device, claim_required, updated_at)
          values (${promotionId}, ${merchantId}, ${s.turnoverTarget.toString()}::bigint, ${s.firstDepositOnly},
            ${s.blockSameIp}, ${s.blockSameDevice}, ${s.claimRequired}, ${at.toISOString()}::timestamptz)
          on conflict (promotion_id) do update set turnover_target = excluded.turnover_target,
            first_deposit_only = excluded.first_deposit_only, block_same_ip = excluded.block_same_ip,
            block_same_device = excluded.block_same_device, claim_required = excluded.claim_required,
            updated_at = excluded.updated_at`,
    );
  },

  /** The referrer's invitees, newest first, with what each earned it. */
  async invitees(
    ex: Executor,
    merchantId: number,
    referrerId: number,
    page: { limit: number; offset: number },
  ) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${R_COLS}, m.username, e.reward::text, e.pending::text, e.rewarded, count(*) over ()::int as n
          from member_referral r
          join member m on m.id = r.invitee_id
          ${EARNED}
          where r.merchant_id = ${merchantId} and r.referrer_id = ${referrerId}
          order by r.created_at desc, r.invitee_id desc
          limit ${page.limit} offset ${page.offset}`,
    );
    return { list: list.map(inviteeOf), totalCount: list[0] ? Number(list[0].n) : 0 };
  },

  /** The referrer's totals over all its invitees. */
  async totals(ex: Executor, merchantId: number, referrerId: number) {
    const [r] = await rows<{ invited: number; qualified: number; reward: string; pending: string }>(
      ex,
      sql`select count(*)::int as invited, count(*) filter (where e.rewarded)::int as qualified,
            coalesce(sum(e.reward), 0)::text as reward, coalesce(sum(e.pending), 0)::text as pending
          from member_referral r
          ${EARNED}
          where r.merchant_id = ${merchantId} and r.referrer_id = ${referrerId}`,
    );
    return {
      invited: r?.invited ?? 0,
      qualified: r?.qualified ?? 0,
      reward: BigInt(r?.reward ?? '0'),
      pending: BigInt(r?.pending ?? '0'),
    };
  },

  /** The member's referral claims waiting for a claim (of one promotion when named), oldest first. */
  async waitingClaims(ex: Executor, merchantId: number, memberId: number, promotionId?: number) {
    const list = await rows<{ id: string }>(
      ex,
      sql`select c.id::text from promotion_claim c join promotion p on p.id = c.promotion_id
          where c.merchant_id = ${merchantId} and c.member_id = ${memberId} and c.status = 'JOINED'
            and p.trigger like 'REFERRAL\\_%'
            ${promotionId ? sql`and c.promotion_id = ${promotionId}` : sql``}
          order by c.id`,
    );
    return list.map((r) => BigInt(r.id));
  },

  /**
   * Invitees of the merchant registered since `since` whose referrer has no claim of the promotion for
   * them yet (the turnover check's candidates), by invitee id after `afterId`.
   */
  async unrewarded(
    ex: Executor,
    merchantId: number,
    promotionId: number,
    since: Date,
    afterId: number,
    limit: number,
  ) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${R_COLS} from member_referral r
          where r.merchant_id = ${merchantId} and r.created_at >= ${since.toISOString()}::timestamptz
            and r.invitee_id > ${afterId}
            and not exists (select 1 from promotion_claim c where c.promotion_id = ${promotionId}
              and c.member_id = r.referrer_id and c.occurrence = r.invitee_id::text)
          order by r.invitee_id limit ${limit}`,
    );
    return list.map(referralOf);
  },

  /** Live REFERRAL_TURNOVER promotions of every merchant (the scheduled check's work list). */
  async turnoverPromotions(ex: Executor, now: Date) {
    const list = await rows<{ id: number; merchant_id: number }>(
      ex,
      sql`select id, merchant_id from promotion where trigger = 'REFERRAL_TURNOVER' and active
            and (start_at is null or start_at <= ${now.toISOString()}::timestamptz)
            and (end_at is null or end_at > ${now.toISOString()}::timestamptz)
          order by id`,
    );
    return list.map((r) => ({ id: Number(r.id), merchantId: Number(r.merchant_id) }));
  },

  async domains(ex: Executor, merchantId: number) {
    const list = await rows<{ domain: string }>(
      ex,
      sql`select domain from merchant_domain where merchant_id = ${merchantId} order by domain`,
    );
    return list.map((r) => r.domain);
  },
};
