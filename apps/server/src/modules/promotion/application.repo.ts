import { sql } from 'drizzle-orm';
import type { TApplicationState } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import type { DecodedImage } from '../../platform/image.js';
import { rows } from '../../platform/sql.js';

export interface ApplicationRow {
  id: number;
  merchantId: number;
  promotionId: number;
  memberId: number;
  occurrence: string;
  status: TApplicationState;
  remark: string;
  reason: string | null;
  claimId: bigint | null;
  decidedBy: number | null;
  decidedAt: Date | null;
  createdAt: Date;
  imageCount: number;
}
export type AdminApplicationRow = ApplicationRow & { username: string; decidedByName: string | null };

const COLS = sql.raw(`a.id, a.merchant_id, a.promotion_id, a.member_id, a.occurrence, a.status, a.remark,
  a.reason, a.claim_id::text, a.decided_by, a.decided_at, a.created_at,
  (select count(*)::int from promotion_application_image i where i.application_id = a.id) as image_count`);

function applicationOf(r: Record<string, unknown>): ApplicationRow {
  return {
    id: Number(r.id),
    merchantId: Number(r.merchant_id),
    promotionId: Number(r.promotion_id),
    memberId: Number(r.member_id),
    occurrence: r.occurrence as string,
    status: r.status as TApplicationState,
    remark: r.remark as string,
    reason: (r.reason as string | null) ?? null,
    claimId: r.claim_id === null || r.claim_id === undefined ? null : BigInt(r.claim_id as string),
    decidedBy: r.decided_by === null || r.decided_by === undefined ? null : Number(r.decided_by),
    decidedAt: r.decided_at ? new Date(r.decided_at as string) : null,
    createdAt: new Date(r.created_at as string),
    imageCount: Number(r.image_count ?? 0),
  };
}

/** Every statement carries the merchant or the member: nobody reads another merchant's applications. */
export const applicationRepo = {
  /**
   * A new APPLYING application with its images, or undefined when the member has one open or
   * approved for this occurrence (the partial unique index: parallel applies make one).
   */
  async insert(
    ex: Executor,
    a: {
      merchantId: number;
      promotionId: number;
      memberId: number;
      occurrence: string;
      remark: string;
      ip: string | null;
      images: DecodedImage[];
    },
  ): Promise<ApplicationRow | undefined> {
    const [r] = await rows<{ id: number }>(
      ex,
      sql`insert into promotion_application (merchant_id, promotion_id, member_id, occurrence, remark, ip)
          values (${a.merchantId}, ${a.promotionId}, ${a.memberId}, ${a.occurrence}, ${a.remark}, ${a.ip})
          on conflict do nothing
          returning id`,
    );
    if (!r) return undefined;
    for (const [idx, img] of a.images.entries()) {
      await ex.execute(
        sql`insert into promotion_application_image (application_id, idx, content_type, data)
            values (${r.id}, ${idx}, ${img.contentType}, decode(${img.data.toString('base64')}, 'base64'))`,
      );
    }
    return this.get(ex, a.merchantId, Number(r.id));
  },

  async get(ex: Executor, merchantId: number, id: number, forUpdate = false) {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS} from promotion_application a where a.merchant_id = ${merchantId} and a.id = ${id}
          ${forUpdate ? sql`for update` : sql``}`,
    );
    return r ? applicationOf(r) : undefined;
  },

  /** The member's applications to a promotion, newest first. */
  async ofMember(ex: Executor, memberId: number, promotionId: number) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS} from promotion_application a
          where a.member_id = ${memberId} and a.promotion_id = ${promotionId} order by a.id desc limit 50`,
    );
    return list.map(applicationOf);
  },

  /** The member's latest application per promotion (the promotion list's statuses). */
  async latestOfMember(ex: Executor, memberId: number): Promise<Map<number, TApplicationState>> {
    const list = await rows<{ promotion_id: number; status: TApplicationState }>(
      ex,
      sql`select distinct on (promotion_id) promotion_id, status from promotion_application
          where member_id = ${memberId} order by promotion_id, id desc`,
    );
    return new Map(list.map((r) => [Number(r.promotion_id), r.status]));
  },

  /** One image of an application, when `memberId` (if given) owns it. */
  async image(
    ex: Executor,
    who: { merchantId: number; memberId?: number },
    id: number,
    idx: number,
  ): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: string } | undefined> {
    const [r] = await rows<{ content_type: 'image/png' | 'image/jpeg'; data: string }>(
      ex,
      sql`select i.content_type, translate(encode(i.data, 'base64'), E'\n', '') as data
          from promotion_application_image i join promotion_application a on a.id = i.application_id
          where a.merchant_id = ${who.merchantId} and a.id = ${id} and i.idx = ${idx}
            ${who.memberId === undefined ? sql`` : sql`and a.member_id = ${who.memberId}`}`,
    );
    return r ? { contentType: r.content_type, data: r.data } : undefined;
  },

  async images(ex: Executor, merchantId: number, id: number) {
    const list = await rows<{ content_type: 'image/png' | 'image/jpeg'; data: string }>(
      ex,
      sql`select i.content_type, translate(encode(i.data, 'base64'), E'\n', '') as data
          from promotion_application_image i join promotion_application a on a.id = i.application_id
          where a.merchant_id = ${merchantId} and a.id = ${id} order by i.idx`,
    );
    return list.map((r) => ({ contentType: r.content_type, data: r.data }));
  },

  /** APPLYING -> APPROVED or REJECTED; false when it was decided meanwhile. */
  async decide(
    ex: Executor,
    id: number,
    d: {
      status: 'APPROVED' | 'REJECTED';
      reason: string | null;
      claimId: bigint | null;
      by: number;
      at: Date;
    },
  ): Promise<boolean> {
    const r = await rows<{ id: number }>(
      ex,
      sql`update promotion_application set status = ${d.status}, reason = ${d.reason},
            claim_id = ${d.claimId === null ? null : d.claimId.toString()}::bigint, decided_by = ${d.by},
            decided_at = ${d.at.toISOString()}::timestamptz
          where id = ${id} and status = 'APPLYING' returning id`,
    );
    return r.length === 1;
  },

  async adminList(
    ex: Executor,
    merchantId: number,
    f: { state?: string; promotionId?: number; memberId?: number; limit: number; offset: number },
  ): Promise<{ list: AdminApplicationRow[]; totalCount: number }> {
    const where = sql.join(
      [
        sql`a.merchant_id = ${merchantId}`,
        ...(f.state ? [sql`a.status = ${f.state}`] : []),
        ...(f.promotionId ? [sql`a.promotion_id = ${f.promotionId}`] : []),
        ...(f.memberId ? [sql`a.member_id = ${f.memberId}`] : []),
      ],
      sql` and `,
    );
    // waiting ones first, oldest first (a queue); decided ones after, newest first
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS}, m.username, o.username as decided_by_name, count(*) over ()::int as n
          from promotion_application a join member m on m.id = a.member_id
            left join operator o on o.id = a.decided_by
          where ${where}
          order by (a.status = 'APPLYING') desc,
            case when a.status = 'APPLYING' then a.id else -a.id end
          limit ${f.limit} offset ${f.offset}`,
    );
    return {
      list: list.map((r) => ({
        ...applicationOf(r),
        username: r.username as string,
        decidedByName: (r.decided_by_name as string | null) ?? null,
      })),
      totalCount: list[0] ? Number(list[0].n) : 0,
    };
  },

  async adminOne(ex: Executor, merchantId: number, id: number): Promise<AdminApplicationRow | undefined> {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS}, m.username, o.username as decided_by_name
          from promotion_application a join member m on m.id = a.member_id
            left join operator o on o.id = a.decided_by
          where a.merchant_id = ${merchantId} and a.id = ${id}`,
    );
    return r
      ? {
          ...applicationOf(r),
          username: r.username as string,
          decidedByName: (r.decided_by_name as string | null) ?? null,
        }
      : undefined;
  },

  async settings(ex: Executor, merchantId: number, promotionId: number) {
    const [r] = await rows<{ allow_reapply: boolean }>(
      ex,
      sql`select allow_reapply from promotion_application_setting
          where merchant_id = ${merchantId} and promotion_id = ${promotionId}`,
    );
    return { allowReapply: r ? Boolean(r.allow_reapply) : false };
  },

  async setSettings(ex: Executor, merchantId: number, promotionId: number, s: { allowReapply: boolean }) {
    await ex.execute(
      sql`insert into promotion_application_setting (promotion_id, merchant_id, allow_reapply)
          values (${promotionId}, ${merchantId}, ${s.allowReapply})
          on conflict (promotion_id) do update set allow_reapply = excluded.allow_reapply, updated_at = now()`,
    );
  },
};
