import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rows } from '../platform/sql.js';
import type { RoundRow } from './game-server.repo.js';

export interface ChainRow {
  id: number;
  terminal_seed: string;
  length: number;
  commitment: string;
  played: number;
}

export interface CrashRoundRow {
  id: string;
  chain_id: number;
  merchant_id: number;
  vendor_code: string;
  game_code: string;
  link_index: number;
  hash: string;
  point_x100: number;
  starts_at: Date | string;
  status: 'betting' | 'running' | 'crashed' | 'void';
  crashed_at: Date | string | null;
}

export interface Table {
  merchantId: number;
  vendor: string;
  gameCode: string;
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** SQL of the shared crash rounds. */
export const crashRepo = {
  async activeChain(ex: Executor, t: Table) {
    const [r] = await rows<ChainRow>(
      ex,
      sql`select id, terminal_seed, length, commitment, played from gs_crash_chain
          where merchant_id = ${t.merchantId} and vendor_code = ${t.vendor} and game_code = ${t.gameCode}
            and played < length`,
    );
    return r;
  },

  async insertChain(ex: Executor, t: Table, c: { terminalSeed: string; length: number; commitment: string }) {
    await ex.execute(
      sql`insert into gs_crash_chain (merchant_id, vendor_code, game_code, terminal_seed, length, commitment)
          values (${t.merchantId}, ${t.vendor}, ${t.gameCode}, ${c.terminalSeed}, ${c.length}, ${c.commitment})
          on conflict (merchant_id, vendor_code, game_code) where played < length do nothing`,
    );
  },

  /** Takes the next link; only one instance wins a given `played` value. */
  async takeLink(ex: Executor, chainId: number, played: number) {
    const r = await rows<{ played: number }>(
      ex,
      sql`update gs_crash_chain set played = played + 1 where id = ${chainId} and played = ${played} returning played`,
    );
    return r.length > 0;
  },

  async insertRound(ex: Executor, r: Omit<CrashRoundRow, 'crashed_at' | 'starts_at'> & { starts_at: Date }) {
    await ex.execute(
      sql`insert into gs_crash_round (id, chain_id, merchant_id, vendor_code, game_code, link_index, hash, point_x100,
                                      starts_at, status)
          values (${r.id}, ${r.chain_id}, ${r.merchant_id}, ${r.vendor_code}, ${r.game_code}, ${r.link_index},
                  ${r.hash}, ${r.point_x100}, ${r.starts_at.toISOString()}, ${r.status})`,
    );
  },

  async latest(ex: Executor, t: Table) {
    const [r] = await rows<CrashRoundRow>(
      ex,
      sql`select * from gs_crash_round
          where merchant_id = ${t.merchantId} and vendor_code = ${t.vendor} and game_code = ${t.gameCode}
          order by created_at desc, link_index asc limit 1`,
    );
    return r;
  },

  async byId(ex: Executor, id: string) {
    const [r] = await rows<CrashRoundRow>(ex, sql`select * from gs_crash_round where id = ${id}`);
    return r;
  },

  async finish(ex: Executor, id: string, status: 'crashed' | 'void', at: Date) {
    const r = await rows<{ id: string }>(
      ex,
      sql`update gs_crash_round set status = ${status}, crashed_at = ${at.toISOString()}
          where id = ${id} and status in ('betting', 'running') returning id`,
    );
    return r.length > 0;
  },

  history(ex: Executor, t: Table, limit: number) {
    return rows<CrashRoundRow>(
      ex,
      sql`select * from gs_crash_round
          where merchant_id = ${t.merchantId} and vendor_code = ${t.vendor} and game_code = ${t.gameCode}
            and status = 'crashed'
          order by created_at desc limit ${limit}`,
    );
  },

  bets(ex: Executor, crashRoundId: string) {
    return rows<RoundRow & { username: string | null }>(
      ex,
      sql`select r.*, m.username from gs_round r left join member m on m.id = r.member_id
          where r.crash_round_id = ${crashRoundId} and r.status in ('pending', 'debited', 'settled')
          order by r.created_at`,
    );
  },

  /** Closes a bet once (cash-out, auto cash-out, loss or void): only the first claimant moves money. */
  async claim(ex: Executor, id: string, win: bigint, patch: Record<string, unknown>) {
    const [r] = await rows<RoundRow>(
      ex,
      sql`update gs_round set win = ${win.toString()}, outcome = outcome || ${json({ ...patch, closed: true })},
                              updated_at = now()
          where id = ${id} and status = 'debited' and outcome->>'closed' is null
          returning *`,
    );
    return r;
  },

  /** What verifies a crash round: its hash and the hash it must lead to (the previous round's, or the commitment). */
  async verification(ex: Executor, id: string) {
    const [r] = await rows<{
      hash: string;
      point_x100: number;
      status: CrashRoundRow['status'];
      previous_hash: string | null;
    }>(
      ex,
      sql`select c.hash, c.point_x100, c.status,
                 coalesce(p.hash, case when c.link_index = ch.length - 1 then ch.commitment end) as previous_hash
          from gs_crash_round c join gs_crash_chain ch on ch.id = c.chain_id
          left join gs_crash_round p on p.chain_id = c.chain_id and p.link_index = c.link_index + 1
          where c.id = ${id}`,
    );
    return r;
  },

  /** Tables with a round still open (betting or running): what the leading instance's loop drives. */
  openTables(ex: Executor) {
    return rows<{ merchant_id: number; vendor_code: string; game_code: string }>(
      ex,
      sql`select distinct merchant_id, vendor_code, game_code from gs_crash_round
          where status in ('betting', 'running')`,
    );
  },

  /** Rounds whose loop stopped (no instance finished them). */
  unfinished(ex: Executor, before: Date) {
    return rows<CrashRoundRow>(
      ex,
      sql`select * from gs_crash_round where status in ('betting', 'running') and starts_at < ${before.toISOString()}`,
    );
  },

  /** Bets still open on rounds that are over (a slow debit, or a crash between claim and credit). */
  orphans(ex: Executor) {
    return rows<RoundRow>(
      ex,
      sql`select r.* from gs_round r join gs_crash_round c on c.id = r.crash_round_id
          where r.status = 'debited' and c.status in ('crashed', 'void')`,
    );
  },
};
