import type { z } from 'zod';
import {
  ZAgentAnnouncementInput,
  type TAgentAnnouncementAdmin,
  type TAgentAnnouncementInput,
  type ZAgentAnnouncementsQuery,
} from '@bp/contract';
import type { Db, Tx } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import { assertCan } from '../operator/index.js';
import { auditedWrite, pickText, sanitizeHtml, stripTags, type Change } from '../system/index.js';
import { agentRepo, type AgentAnnouncementRow } from './agent.repo.js';

const ENTITY = 'agent_announcement';
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const mapText = (t: Record<string, string>, fn: (s: string) => string) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fn(v)]));

const view = (r: AgentAnnouncementRow): TAgentAnnouncementAdmin => ({
  id: r.id,
  title: r.title,
  content: r.content,
  sequence: r.sequence,
  active: r.active,
  startDate: iso(r.start_date),
  endDate: iso(r.end_date),
  updatedAt: new Date(r.updated_at).toISOString(),
});
const toInput = (v: TAgentAnnouncementAdmin): TAgentAnnouncementInput => {
  const { id: _i, updatedAt: _u, ...rest } = v;
  return rest;
};

/** A write validated as a whole (a patch merged over the row first) and sanitised. */
function values(input: TAgentAnnouncementInput) {
  const r = ZAgentAnnouncementInput.safeParse(input);
  if (!r.success) {
    throw new AppError('request_param_err', {
      value: { issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  }
  const v = r.data;
  return {
    title: mapText(v.title, stripTags),
    content: mapText(v.content, sanitizeHtml),
    sequence: v.sequence,
    active: v.active,
    startDate: v.startDate ? new Date(v.startDate) : null,
    endDate: v.endDate ? new Date(v.endDate) : null,
  };
}

/**
 * Announcements for agents (AGEANNOUNCE3): written by operators like the other site content (each
 * write and its audit row in one transaction), read by agents in their language, live rows only.
 */
export function createAgentAnnouncementService({
  db,
  clock,
  audit,
}: {
  db: Db;
  clock: Clock;
  audit: AuditService;
}) {
  async function write(
    who: AuditWho,
    verb: 'create' | 'update' | 'delete',
    fn: (tx: Tx, merchantId: number) => Promise<Change<TAgentAnnouncementAdmin>>,
  ) {
    assertCan(who.actor, 'write');
    const merchantId = who.actor.merchantId;
    return auditedWrite<TAgentAnnouncementAdmin>(
      db,
      {
        audit: (tx, c) =>
          audit
            .record(tx, who, {
              action: `${ENTITY}.${verb}`,
              entityType: ENTITY,
              entityId: (c.after ?? c.before)?.id ?? null,
              before: c.before,
              after: c.after,
            })
            .then(() => undefined),
      },
      (tx) => fn(tx, merchantId),
    );
  }
  const notFound = (id: number): never => {
    throw new AppError('not_found', { detail: `agent announcement ${id}` });
  };

  return {
    /** One page of live announcements in `language` (else the merchant's default, else any). */
    async listLive(merchant: MerchantContext, q: z.output<typeof ZAgentAnnouncementsQuery>) {
      const { list, total } = await agentRepo.liveAnnouncements(
        db,
        merchant.id,
        clock.now(),
        q.pageSize,
        (q.pageNo - 1) * q.pageSize,
      );
      const lang = (q.language ?? merchant.defaultLanguage).toUpperCase();
      const fb = merchant.defaultLanguage.toUpperCase();
      return {
        list: list.map((r) => ({
          id: r.id,
          title: stripTags(pickText(r.title, lang, fb)),
          content: sanitizeHtml(pickText(r.content, lang, fb)),
          sequence: r.sequence,
          startDate: iso(r.start_date),
          endDate: iso(r.end_date),
          time: formatMerchantTime(r.updated_at, merchant.timeZone),
        })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async list(actor: OperatorActor): Promise<TAgentAnnouncementAdmin[]> {
      assertCan(actor, 'read');
      return (await agentRepo.listAnnouncements(db, actor.merchantId)).map(view);
    },
    async create(who: AuditWho, input: TAgentAnnouncementInput) {
      const c = await write(who, 'create', async (tx, m) => ({
        before: null,
        after: view(await agentRepo.insertAnnouncement(tx, m, values(input))),
      }));
      return c.after!;
    },
    /** Partial update: the patch is merged over the current row and validated as a whole. */
    async update(who: AuditWho, id: number, patch: Partial<TAgentAnnouncementInput>) {
      const c = await write(who, 'update', async (tx, m) => {
        const row = await agentRepo.getAnnouncement(tx, m, id, true);
        if (!row) notFound(id);
        const before = view(row!);
        const after = await agentRepo.updateAnnouncement(tx, m, id, values({ ...toInput(before), ...patch }));
        return { before, after: view(after!) };
      });
      return c.after!;
    },
    async remove(who: AuditWho, id: number) {
      await write(who, 'delete', async (tx, m) => {
        const row = await agentRepo.deleteAnnouncement(tx, m, id);
        if (!row) notFound(id);
        return { before: view(row!), after: null };
      });
      return { id, deleted: true as const };
    },
  };
}
export type AgentAnnouncementService = ReturnType<typeof createAgentAnnouncementService>;
