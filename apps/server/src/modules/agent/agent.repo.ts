import { AGENT_TYPES, type TDownlineBalanceVisibility, type TDownlineKind } from '@bp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface AgentSettingRow {
  downline_balance: TDownlineBalanceVisibility;
  max_affiliate_links: number;
}

export interface DownlineFilter {
  merchantId: number;
  agentId: number;
  directOnly: boolean;
  usernamePart?: string;
  kind?: TDownlineKind;
  status?: 'active' | 'blocked';
  registeredFrom?: Date;
  /** exclusive */
  registeredTo?: Date;
}

export interface DownlineRow {
  id: number;
  username: string;
  nickname: string | null;
  type: number;
  status: string;
  depth: number;
  parent_username: string | null;
  created_at: Date | string;
  last_login_at: Date | string | null;
  team_size: number;
  balance: bigint | string | null;
}

/** What one member did in a period: completed deposits and the stakes of settled bets. */
export interface PeriodFigures {
  depositAmount: bigint;
  depositCount: number;
  betAmount: bigint;
}

export interface AgentAnnouncementRow {
  id: number;
  title: Record<string, string>;
  content: Record<string, string>;
  sequence: number;
  active: boolean;
  start_date: Date | string | null;
  end_date: Date | string | null;
  updated_at: Date | string;
}
export interface AgentAnnouncementValues {
  title: Record<string, string>;
  content: Record<string, string>;
  sequence: number;
  active: boolean;
  startDate: Date | null;
  endDate: Date | null;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
const agentTypes = idList(AGENT_TYPES);

/**
 * The caller's team rows: every statement starts from the closure rows whose ancestor is the caller
 * (depth > 0), so nothing outside its own team can be read, whatever the filters say. `member` is
 * undefined when no filter reads the member row (the count then reads the closure rows alone).
 */
function downlineWhere(f: DownlineFilter): { tree: SQL; member: SQL | undefined } {
  const tree = sql.join(
    [
      sql`t.merchant_id = ${f.merchantId}`,
      sql`t.ancestor_id = ${f.agentId}`,
      f.directOnly ? sql`t.depth = 1` : sql`t.depth > 0`,
    ],
    sql` and `,
  );
  const parts: SQL[] = [];
  if (f.usernamePart) {
    const like = `%${f.usernamePart.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`m.username_key like ${like}`);
  }
  if (f.kind === 'agent') parts.push(sql`m.type in (${agentTypes})`);
  if (f.kind === 'member') parts.push(sql`m.type = 0`);
  if (f.status) parts.push(sql`m.status = ${f.status}`);
  if (f.registeredFrom) parts.push(sql`m.created_at >= ${ts(f.registeredFrom)}`);
  if (f.registeredTo) parts.push(sql`m.created_at < ${ts(f.registeredTo)}`);
  return { tree, member: parts.length ? sql.join(parts, sql` and `) : undefined };
}

const annCols = sql`id, title, content, sequence, active, start_date, end_date, updated_at`;

/** SQL only; every statement carries the merchant id. */
export const agentRepo = {
  async findSettings(db: Executor, merchantId: number): Promise<AgentSettingRow | undefined> {
    const [r] = await rows<AgentSettingRow>(
      db,
      sql`select downline_balance, max_affiliate_links from agent_setting where merchant_id = ${merchantId}`,
    );
    return r;
  },
  async upsertSettings(db: Executor, merchantId: number, s: AgentSettingRow): Promise<void> {
    await db.execute(
      sql`insert into agent_setting (merchant_id, downline_balance, max_affiliate_links, updated_at)
          values (${merchantId}, ${s.downline_balance}, ${s.max_affiliate_links}, now())
          on conflict (merchant_id) do update set downline_balance = excluded.downline_balance,
            max_affiliate_links = excluded.max_affiliate_links, updated_at = now()`,
    );
  },

  /**
   * One page of the caller's team, nearest levels first, newest registrations (highest ids) first
   * within a level: the order of the closure index (ancestor, depth, descendant desc), so a page is
   * read from it in order and stops at the page's end, whatever the team's size.
   */
  async downlines(
    db: Executor,
    f: DownlineFilter,
    limit: number,
    offset: number,
  ): Promise<{ list: DownlineRow[]; total: number }> {
    const where = downlineWhere(f);
    const all = where.member
      ? sql`${where.tree} and m.merchant_id = ${f.merchantId} and ${where.member}`
      : where.tree;
    const [list, [count]] = await Promise.all([
      rows<DownlineRow>(
        db,
        sql`select m.id, m.username, m.nickname, m.type, m.status, t.depth, p.username as parent_username,
                   m.created_at, m.last_login_at,
                   (select count(*) from member_tree s where s.ancestor_id = m.id and s.depth > 0)::int as team_size,
                   (select a.balance - a.held from ledger_account a
                     where a.member_id = m.id and a.code = 'main') as balance
            from member_tree t
            join member m on m.id = t.descendant_id and m.merchant_id = ${f.merchantId}
            left join member p on p.id = m.parent_id
            where ${all}
            order by t.depth, t.descendant_id desc
            limit ${limit} offset ${offset}`,
      ),
      rows<{ n: number }>(
        db,
        where.member
          ? sql`select count(*)::int as n from member_tree t join member m on m.id = t.descendant_id where ${all}`
          : sql`select count(*)::int as n from member_tree t where ${all}`,
      ),
    ]);
    return { list, total: Number(count?.n ?? 0) };
  },

  /**
   * Each member's completed deposits (orders that reached SUCCESS in the period) and the stakes of
   * its settled bets (seamless-wallet debits applied, not rolled back, whose round has a credit,
   * placed in the period), read straight from the deposit orders and the wallet journal. One query
   * per source for the whole page of members.
   */
  async periodFigures(
    db: Executor,
    merchantId: number,
    memberIds: readonly number[],
    from: Date,
    to: Date,
  ): Promise<Map<number, PeriodFigures>> {
    const out = new Map<number, PeriodFigures>();
    if (memberIds.length === 0) return out;
    const ids = idList(memberIds);
    const [deposits, bets] = await Promise.all([
      rows<{ member_id: number; amount: bigint | string; n: number }>(
        db,
        sql`select member_id, sum(amount)::bigint as amount, count(*)::int as n
            from deposit_order
            where member_id in (${ids}) and merchant_id = ${merchantId} and status = 'SUCCESS'
              and finished_at >= ${ts(from)} and finished_at < ${ts(to)}
            group by member_id`,
      ),
      rows<{ member_id: number; amount: bigint | string }>(
        db,
        sql`select d.member_id, sum(d.amount)::bigint as amount
            from vendor_txn d
            where d.member_id in (${ids}) and d.merchant_id = ${merchantId}
              and d.status = 'ok' and d.op = 'debit' and not d.rolled_back
              and d.created_at >= ${ts(from)} and d.created_at < ${ts(to)}
              and exists (select 1 from vendor_txn c
                          where c.merchant_id = d.merchant_id and c.vendor_code = d.vendor_code
                            and c.member_id = d.member_id and c.round_id = d.round_id
                            and c.op = 'credit' and c.status = 'ok')
            group by d.member_id`,
      ),
    ]);
    const of = (id: number) => {
      let f = out.get(id);
      if (!f) out.set(id, (f = { depositAmount: 0n, depositCount: 0, betAmount: 0n }));
      return f;
    };
    for (const r of deposits) {
      const f = of(Number(r.member_id));
      f.depositAmount = BigInt(r.amount);
      f.depositCount = Number(r.n);
    }
    for (const r of bets) of(Number(r.member_id)).betAmount = BigInt(r.amount);
    return out;
  },

  // ---- agent announcements
  listAnnouncements(db: Executor, merchantId: number): Promise<AgentAnnouncementRow[]> {
    return rows<AgentAnnouncementRow>(
      db,
      sql`select ${annCols} from agent_announcement where merchant_id = ${merchantId} order by sequence, id`,
    );
  },
  /** Live rows (active, inside their window at `now`), by sequence then newest. */
  async liveAnnouncements(
    db: Executor,
    merchantId: number,
    now: Date,
    limit: number,
    offset: number,
  ): Promise<{ list: AgentAnnouncementRow[]; total: number }> {
    const where = sql`merchant_id = ${merchantId} and active
      and (start_date is null or start_date <= ${ts(now)}) and (end_date is null or end_date > ${ts(now)})`;
    const [list, [count]] = await Promise.all([
      rows<AgentAnnouncementRow>(
        db,
        sql`select ${annCols} from agent_announcement where ${where}
            order by sequence, id desc limit ${limit} offset ${offset}`,
      ),
      rows<{ n: number }>(db, sql`select count(*)::int as n from agent_announcement where ${where}`),
    ]);
    return { list, total: Number(count?.n ?? 0) };
  },
  async getAnnouncement(db: Executor, merchantId: number, id: number, forUpdate = false) {
    const [r] = await rows<AgentAnnouncementRow>(
      db,
      sql`select ${annCols} from agent_announcement where merchant_id = ${merchantId} and id = ${id}
          ${forUpdate ? sql`for update` : sql``}`,
    );
    return r;
  },
  async insertAnnouncement(db: Executor, merchantId: number, v: AgentAnnouncementValues) {
    const [r] = await rows<AgentAnnouncementRow>(
      db,
      sql`insert into agent_announcement (merchant_id, title, content, sequence, active, start_date, end_date)
          values (${merchantId}, ${JSON.stringify(v.title)}::jsonb, ${JSON.stringify(v.content)}::jsonb,
                  ${v.sequence}, ${v.active}, ${v.startDate?.toISOString() ?? null}::timestamptz,
                  ${v.endDate?.toISOString() ?? null}::timestamptz)
          returning ${annCols}`,
    );
    return r!;
  },
  async updateAnnouncement(db: Executor, merchantId: number, id: number, v: AgentAnnouncementValues) {
    const [r] = await rows<AgentAnnouncementRow>(
      db,
      sql`update agent_announcement set title = ${JSON.stringify(v.title)}::jsonb,
            content = ${JSON.stringify(v.content)}::jsonb, sequence = ${v.sequence}, active = ${v.active},
            start_date = ${v.startDate?.toISOString() ?? null}::timestamptz,
            end_date = ${v.endDate?.toISOString() ?? null}::timestamptz, updated_at = now()
          where merchant_id = ${merchantId} and id = ${id}
          returning ${annCols}`,
    );
    return r;
  },
  async deleteAnnouncement(db: Executor, merchantId: number, id: number) {
    const [r] = await rows<AgentAnnouncementRow>(
      db,
      sql`delete from agent_announcement where merchant_id = ${merchantId} and id = ${id} returning ${annCols}`,
    );
    return r;
  },
};
