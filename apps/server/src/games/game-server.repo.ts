import { sql } from 'drizzle-orm';
import type { TGameKind } from '@bp/contract';
import type { Executor } from '../db/client.js';
import { rows } from '../platform/sql.js';

export type Mode = 'real' | 'trial';
export type RoundStatus = 'pending' | 'debited' | 'settled' | 'failed' | 'rolled_back';

export interface LaunchTokenRow {
  merchant_id: number;
  member_id: number | null;
  node_id: number;
  vendor_code: string;
  game_code: string;
  kind: TGameKind;
  mode: Mode;
  language: string;
  vendor_token: string | null;
}

export interface SessionRow extends LaunchTokenRow {
  id: number;
  play_balance: bigint | string | null;
  expires_at: Date | string;
}

export interface SeedRow {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  revealed_at: Date | string | null;
}

export interface RoundRow {
  id: string;
  merchant_id: number;
  session_id: number;
  member_id: number | null;
  vendor_code: string;
  game_code: string;
  kind: TGameKind;
  mode: Mode;
  seed_id: number | null;
  nonce: number | null;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  stake: bigint | string;
  win: bigint | string;
  wallet_round_id: string;
  free_spin: boolean;
  request_id: string | null;
  crash_round_id: string | null;
  status: RoundStatus;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface FreeSpinsRow {
  remaining: number;
  bet: bigint | string;
  wallet_round_id: string;
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** SQL of the built-in game server (its own tables; money is in vendor_txn and the ledger). */
export const gameServerRepo = {
  /** The game server's copy of its callback secret for a merchant (it is that vendor). */
  async vendorSecret(ex: Executor, merchantId: number, vendorCode: string) {
    const [r] = await rows<{ api_secret: string; enabled: boolean }>(
      ex,
      sql`select api_secret, enabled from merchant_vendor
          where merchant_id = ${merchantId} and vendor_code = ${vendorCode}`,
    );
    return r;
  },

  async insertLaunchToken(ex: Executor, hash: Buffer, t: LaunchTokenRow, expiresAt: Date) {
    await ex.execute(
      sql`insert into gs_launch_token (token_hash, merchant_id, member_id, node_id, vendor_code, game_code, kind,
                                       mode, language, vendor_token, expires_at)
          values (${hash}, ${t.merchant_id}, ${t.member_id}, ${t.node_id}, ${t.vendor_code}, ${t.game_code},
                  ${t.kind}, ${t.mode}, ${t.language}, ${t.vendor_token}, ${expiresAt.toISOString()})`,
    );
  },

  /** Burns a live, unused launch token in one statement: a second exchange finds nothing. */
  async burnLaunchToken(ex: Executor, hash: Buffer, merchantId: number, now: Date) {
    const [r] = await rows<LaunchTokenRow>(
      ex,
      sql`update gs_launch_token set used_at = ${now.toISOString()}
          where token_hash = ${hash} and merchant_id = ${merchantId} and used_at is null
            and expires_at > ${now.toISOString()}
          returning merchant_id, member_id, node_id, vendor_code, game_code, kind, mode, language, vendor_token`,
    );
    return r;
  },

  async deleteOldLaunchTokens(ex: Executor, before: Date) {
    await ex.execute(sql`delete from gs_launch_token where expires_at < ${before.toISOString()}`);
  },

  async insertSession(
    ex: Executor,
    hash: Buffer,
    t: LaunchTokenRow,
    playBalance: bigint | null,
    expiresAt: Date,
  ): Promise<number> {
    const [r] = await rows<{ id: number }>(
      ex,
      sql`insert into gs_session (token_hash, merchant_id, member_id, node_id, vendor_code, game_code, kind, mode,
                                  language, vendor_token, play_balance, expires_at)
          values (${hash}, ${t.merchant_id}, ${t.member_id}, ${t.node_id}, ${t.vendor_code}, ${t.game_code},
                  ${t.kind}, ${t.mode}, ${t.language}, ${t.vendor_token},
                  ${playBalance === null ? null : playBalance.toString()}, ${expiresAt.toISOString()})
          returning id`,
    );
    return Number(r!.id);
  },

  async findSession(ex: Executor, hash: Buffer) {
    const [r] = await rows<SessionRow>(ex, sql`select * from gs_session where token_hash = ${hash}`);
    return r;
  },

  async sessionById(ex: Executor, id: number) {
    const [r] = await rows<SessionRow>(ex, sql`select * from gs_session where id = ${id}`);
    return r;
  },

  /** Trial play money: stake out, win in, in one guarded statement (never below zero). */
  async movePlayMoney(ex: Executor, sessionId: number, stake: bigint, win: bigint) {
    const [r] = await rows<{ play_balance: bigint | string }>(
      ex,
      sql`update gs_session set play_balance = play_balance - ${stake.toString()}::bigint + ${win.toString()}::bigint
          where id = ${sessionId} and play_balance >= ${stake.toString()}::bigint
          returning play_balance`,
    );
    return r ? BigInt(r.play_balance) : undefined;
  },

  async lockActiveSeed(ex: Executor, merchantId: number, owner: string, vendor: string) {
    const [r] = await rows<SeedRow>(
      ex,
      sql`select id, server_seed, server_seed_hash, client_seed, nonce, revealed_at from gs_seed
          where merchant_id = ${merchantId} and owner = ${owner} and vendor_code = ${vendor}
            and revealed_at is null
          for update`,
    );
    return r;
  },

  /** A new active pair; answers nothing when another request created one first. */
  async insertSeed(
    ex: Executor,
    s: {
      merchantId: number;
      owner: string;
      vendor: string;
      serverSeed: string;
      hash: string;
      clientSeed: string;
    },
  ) {
    const [r] = await rows<SeedRow>(
      ex,
      sql`insert into gs_seed (merchant_id, owner, vendor_code, server_seed, server_seed_hash, client_seed)
          values (${s.merchantId}, ${s.owner}, ${s.vendor}, ${s.serverSeed}, ${s.hash}, ${s.clientSeed})
          on conflict (merchant_id, owner, vendor_code) where revealed_at is null do nothing
          returning id, server_seed, server_seed_hash, client_seed, nonce, revealed_at`,
    );
    return r;
  },

  async bumpNonce(ex: Executor, seedId: number) {
    await ex.execute(sql`update gs_seed set nonce = nonce + 1 where id = ${seedId}`);
  },

  async revealSeed(ex: Executor, seedId: number, now: Date) {
    await ex.execute(sql`update gs_seed set revealed_at = ${now.toISOString()} where id = ${seedId}`);
  },

  async seedById(ex: Executor, id: number) {
    const [r] = await rows<SeedRow>(
      ex,
      sql`select id, server_seed, server_seed_hash, client_seed, nonce, revealed_at from gs_seed where id = ${id}`,
    );
    return r;
  },

  async insertRound(
    ex: Executor,
    r: Omit<RoundRow, 'created_at' | 'updated_at' | 'stake' | 'win'> & { stake: bigint; win: bigint },
    now: Date,
  ) {
    await ex.execute(
      sql`insert into gs_round (id, merchant_id, session_id, member_id, vendor_code, game_code, kind, mode, seed_id,
                                nonce, params, outcome, stake, win, wallet_round_id, free_spin, request_id,
                                crash_round_id, status, created_at, updated_at)
          values (${r.id}, ${r.merchant_id}, ${r.session_id}, ${r.member_id}, ${r.vendor_code}, ${r.game_code},
                  ${r.kind}, ${r.mode}, ${r.seed_id}, ${r.nonce}, ${json(r.params)}, ${json(r.outcome)},
                  ${r.stake.toString()}, ${r.win.toString()}, ${r.wallet_round_id}, ${r.free_spin},
                  ${r.request_id}, ${r.crash_round_id}, ${r.status}, ${now.toISOString()}, ${now.toISOString()})`,
    );
  },

  async roundById(ex: Executor, id: string) {
    const [r] = await rows<RoundRow>(ex, sql`select * from gs_round where id = ${id}`);
    return r;
  },

  async roundByRequest(ex: Executor, sessionId: number, requestId: string) {
    const [r] = await rows<RoundRow>(
      ex,
      sql`select * from gs_round where session_id = ${sessionId} and request_id = ${requestId}`,
    );
    return r;
  },

  /** Moves a round on only from the states given (a concurrent recovery cannot move it twice). */
  async setStatus(
    ex: Executor,
    id: string,
    from: RoundStatus[],
    to: RoundStatus,
    now: Date,
    patch: { win?: bigint; outcome?: Record<string, unknown> } = {},
  ): Promise<boolean> {
    const r = await rows<{ id: string }>(
      ex,
      sql`update gs_round set status = ${to}, updated_at = ${now.toISOString()}
            ${patch.win !== undefined ? sql`, win = ${patch.win.toString()}` : sql``}
            ${patch.outcome !== undefined ? sql`, outcome = ${json(patch.outcome)}` : sql``}
          where id = ${id} and status in (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )})
          returning id`,
    );
    return r.length > 0;
  },

  /** Rounds a crash (or a lost answer) left open, older than `before`. */
  openRounds(ex: Executor, before: Date, limit: number) {
    return rows<RoundRow>(
      ex,
      sql`select * from gs_round where status in ('pending', 'debited') and updated_at < ${before.toISOString()}
            and mode = 'real'
          order by updated_at limit ${limit}`,
    );
  },

  history(
    ex: Executor,
    sessionOwner: { merchantId: number; memberId: number | null; sessionId: number },
    gameCode: string,
    vendor: string,
    limit: number,
  ) {
    return rows<RoundRow>(
      ex,
      sessionOwner.memberId === null
        ? sql`select * from gs_round where session_id = ${sessionOwner.sessionId} and status <> 'failed'
              order by created_at desc limit ${limit}`
        : sql`select * from gs_round where merchant_id = ${sessionOwner.merchantId}
                and member_id = ${sessionOwner.memberId} and vendor_code = ${vendor} and game_code = ${gameCode}
                and status <> 'failed'
              order by created_at desc limit ${limit}`,
    );
  },

  async freeSpins(
    ex: Executor,
    k: { merchantId: number; owner: string; mode: Mode; vendor: string; gameCode: string },
    lock = false,
  ) {
    const [r] = await rows<FreeSpinsRow>(
      ex,
      sql`select remaining, bet, wallet_round_id from gs_free_spins
          where merchant_id = ${k.merchantId} and owner = ${k.owner} and mode = ${k.mode}
            and vendor_code = ${k.vendor} and game_code = ${k.gameCode}
          ${lock ? sql`for update` : sql``}`,
    );
    return r;
  },

  async setFreeSpins(
    ex: Executor,
    k: { merchantId: number; owner: string; mode: Mode; vendor: string; gameCode: string },
    v: { remaining: number; bet: bigint; walletRoundId: string },
  ) {
    await ex.execute(
      sql`insert into gs_free_spins (merchant_id, owner, mode, vendor_code, game_code, remaining, bet, wallet_round_id)
          values (${k.merchantId}, ${k.owner}, ${k.mode}, ${k.vendor}, ${k.gameCode}, ${v.remaining},
                  ${v.bet.toString()}, ${v.walletRoundId})
          on conflict (merchant_id, owner, mode, vendor_code, game_code) do update
            set remaining = excluded.remaining, bet = excluded.bet, wallet_round_id = excluded.wallet_round_id`,
    );
  },
};

/** Reads the game server needs from the catalogue and its own tables for views. */
export const gameServerViews = {
  async game(ex: Executor, nodeId: number) {
    const [r] = await rows<{
      names: Record<string, string>;
      game_type: string;
      game_classify: string | null;
      game_code: string;
    }>(ex, sql`select names, game_type, game_classify, game_code from game where node_id = ${nodeId}`);
    return r;
  },

  /** A round with its seed pair (the server seed only matters once revealed). */
  async roundWithSeed(ex: Executor, id: string) {
    const [r] = await rows<
      RoundRow & {
        server_seed: string | null;
        server_seed_hash: string | null;
        client_seed: string | null;
        revealed_at: Date | string | null;
      }
    >(
      ex,
      sql`select r.*, s.server_seed, s.server_seed_hash, s.client_seed, s.revealed_at
          from gs_round r left join gs_seed s on s.id = r.seed_id where r.id = ${id}`,
    );
    return r;
  },
};
