import { sql } from 'drizzle-orm';
import type { TMemberMessage, TMessageKind } from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import type { EventBus } from '../../platform/events.js';
import { formatMerchantTime } from '../../platform/time.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { rows } from '../../platform/sql.js';

interface MessageRow {
  id: bigint;
  kind: string;
  data: Record<string, unknown>;
  read_at: Date | string | null;
  created_at: Date | string;
}

/** Platform messages to members; other modules call `notify` inside their own transaction. */
export function createMessageService({ db, events }: { db: Db; events: EventBus }) {
  return {
    /**
     * Stores a message in the caller's transaction. Call `announce` after the commit so the
     * member's open pages hear of it only once it is really there.
     */
    async notify(
      tx: Executor,
      m: { merchantId: number; memberId: number; kind: TMessageKind; data: Record<string, unknown> },
    ) {
      await tx.execute(
        sql`insert into member_message (merchant_id, member_id, kind, data)
            values (${m.merchantId}, ${m.memberId}, ${m.kind}, ${JSON.stringify(m.data)}::jsonb)`,
      );
      return () =>
        events.emit('member.notice', {
          merchantId: m.merchantId,
          memberId: m.memberId,
          kind: m.kind,
          data: m.data,
        });
    },

    async unreadCount(actor: MemberActor): Promise<number> {
      const [r] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from member_message where member_id = ${actor.memberId} and read_at is null`,
      );
      return r?.n ?? 0;
    },

    async inbox(actor: MemberActor, merchant: MerchantContext, q: { pageNo: number; pageSize: number }) {
      const [c] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from member_message where member_id = ${actor.memberId}`,
      );
      const total = c?.n ?? 0;
      const list = await rows<MessageRow>(
        db,
        sql`select id, kind, data, read_at, created_at from member_message where member_id = ${actor.memberId}
            order by id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
      );
      return {
        list: list.map((r): TMemberMessage => ({
          id: r.id.toString(),
          kind: r.kind,
          data: r.data,
          read: r.read_at !== null,
          createdAt: formatMerchantTime(r.created_at, merchant.timeZone),
        })),
        pageNo: q.pageNo,
        totalPages: Math.ceil(total / q.pageSize),
        total,
      };
    },

    async markRead(actor: MemberActor, body: { ids?: string[]; all?: boolean }) {
      if (body.all) {
        await db.execute(
          sql`update member_message set read_at = now() where member_id = ${actor.memberId} and read_at is null`,
        );
      } else if (body.ids?.length) {
        await db.execute(
          sql`update member_message set read_at = now() where member_id = ${actor.memberId} and read_at is null
              and id = any(${`{${body.ids.join(',')}}`}::bigint[])`,
        );
      }
      return { unread: await this.unreadCount(actor) };
    },
  };
}
export type MessageService = ReturnType<typeof createMessageService>;
