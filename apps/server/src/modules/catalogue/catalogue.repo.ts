import { sql, type SQL } from 'drizzle-orm';
import type { TGameClassify, TGameStatus, TGameType } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';
import type { SearchDoc } from './catalogue.search-index.js';

export interface GameRow {
  node_id: number;
  vendor_code: string;
  game_code: string;
  game_type: TGameType;
  game_classify: TGameClassify | null;
  names: Record<string, string>;
  icon: string | null;
  is_hot: boolean;
  is_new: boolean;
  rtp_bps: number | null;
  min_bet_cents: bigint | string | null;
  lines: number | null;
  status: TGameStatus;
  vendor_names: Record<string, string>;
  vendor_status: TGameStatus;
}

export interface VendorRow {
  code: string;
  node_id: number;
  names: Record<string, string>;
  game_types: TGameType[];
  color: string;
  large_icon: string | null;
  small_icon: string | null;
  status: TGameStatus;
  sort_order: number;
}

export interface GameFilter {
  gameType?: TGameType;
  gameTypes?: readonly TGameType[];
  vendor?: string;
  classify?: TGameClassify;
  /** NFC, lower case */
  search?: string;
  isNew?: boolean;
  isHot?: boolean;
}

/** Columns a lobby row needs (game g, vendor v). */
const GAME_COLUMNS = sql`g.node_id, g.vendor_code, g.game_code, g.game_type, g.game_classify, g.names, g.icon,
  coalesce(mg.is_hot, g.is_hot) as is_hot, g.is_new, g.rtp_bps, g.min_bet_cents, g.lines,
  case when v.status = 'maintenance' then 'maintenance' else g.status end as status,
  v.names as vendor_names, v.status as vendor_status`;

/**
 * The games a merchant offers: its enabled vendors (merchant_vendor), neither vendor nor game
 * disabled in the catalogue, no per-merchant override switching the game off.
 */
const visibleFrom = (merchantId: number) => sql`game g
  join game_vendor v on v.code = g.vendor_code and v.status <> 'disabled'
  join merchant_vendor mv on mv.merchant_id = ${merchantId} and mv.vendor_code = g.vendor_code and mv.enabled
  left join merchant_game mg on mg.merchant_id = ${merchantId} and mg.node_id = g.node_id`;

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** pg_trgm's word characters (letters and digits of the database's UTF-8 character type). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Whether pg_trgm finds a trigram in `like '%<search>%'`, so the index narrows the search: it takes
 * each word of the pattern, padded with two blanks where another character (a blank, a hyphen) comes
 * before it and one where one comes after it; the wildcards at both ends pad nothing. "pok" and
 * "n pa" (its " pa") have trigrams; "po" and "a" have none, and the index would read every entry.
 */
export function searchUsesIndex(search: string): boolean {
  for (const m of search.matchAll(WORD)) {
    const chars = [...m[0]].length;
    const before = m.index > 0 ? 2 : 0;
    const after = m.index + m[0].length < search.length ? 1 : 0;
    if (chars + before + after >= 3) return true;
  }
  return false;
}

/**
 * Case-insensitive substring of any of the game's names (`search` is already NFC and lower case,
 * search_text the names the same way). `like '%q%'` (wildcards escaped) is answered from the trigram
 * index (migration 0024) with an exact recheck, so it matches exactly what strpos does. A query with no
 * trigram (a word of one or two letters alone) would make the index read every entry: those scan with
 * strpos instead, as the search always did (such short queries match a large part of the catalogue
 * anyway, and there are few enough distinct ones for the lobby cache).
 */
function nameMatches(search: string): SQL {
  if (!searchUsesIndex(search)) return sql`strpos(g.search_text, ${search}) > 0`;
  return sql`g.search_text like ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

function where(f: GameFilter): SQL {
  const c: SQL[] = [sql`g.status <> 'disabled'`, sql`coalesce(mg.enabled, true)`];
  if (f.gameType) c.push(sql`g.game_type = ${f.gameType}`);
  if (f.gameTypes) c.push(sql`g.game_type in (${list(f.gameTypes)})`);
  if (f.vendor) c.push(sql`g.vendor_code = ${f.vendor}`);
  if (f.classify) c.push(sql`g.game_classify = ${f.classify}`);
  if (f.search) c.push(nameMatches(f.search));
  if (f.isNew !== undefined) c.push(sql`g.is_new = ${f.isNew}`);
  if (f.isHot !== undefined) c.push(sql`coalesce(mg.is_hot, g.is_hot) = ${f.isHot}`);
  return sql.join(c, sql` and `);
}

/** Lobby order: the merchant's or the feed's position, vendors interleaved, then the vendor order. */
const ORDER = sql`coalesce(mg.sort_order, g.sort_order), mv.sort_order, v.sort_order, g.node_id`;

export interface FeedVendorValues {
  code: string;
  names: Record<string, string>;
  game_types: string[];
  color: string | null;
  large_icon: string | null;
  small_icon: string | null;
  status: string;
  sort_order: number;
}

export interface FeedGameValues {
  vendor_code: string;
  game_code: string;
  game_type: string;
  game_classify: string | null;
  names: Record<string, string>;
  search_text: string;
  icon: string | null;
  is_hot: boolean;
  is_new: boolean;
  rtp_bps: number | null;
  min_bet_cents: number | null;
  lines: number | null;
  status: string;
  sort_order: number;
}

/** SQL only: the catalogue service owns the rules, the importer the feed's checks. */
export const catalogueRepo = {
  async listGames(db: Executor, merchantId: number, f: GameFilter, limit: number, offset: number) {
    // no count(*) over (): the window materialises every match and made a page four times slower
    return rows<GameRow>(
      db,
      sql`select ${GAME_COLUMNS} from ${visibleFrom(merchantId)} where ${where(f)}
          order by ${ORDER} limit ${limit} offset ${offset}`,
    );
  },

  /**
   * Every game the merchant offers, in lobby order, as a lobby row with its search text: the rows of
   * the in-process name search (catalogue.search-index.ts).
   */
  searchDocs(db: Executor, merchantId: number) {
    return rows<SearchDoc>(
      db,
      sql`select ${GAME_COLUMNS}, g.search_text from ${visibleFrom(merchantId)} where ${where({})}
          order by ${ORDER}`,
    );
  },

  async countGames(db: Executor, merchantId: number, f: GameFilter): Promise<number> {
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${visibleFrom(merchantId)} where ${where(f)}`,
    );
    return r?.n ?? 0;
  },

  /** One visible game, or nothing. */
  async visibleGame(db: Executor, merchantId: number, nodeId: number) {
    const [r] = await rows<GameRow>(
      db,
      sql`select ${GAME_COLUMNS} from ${visibleFrom(merchantId)}
          where ${where({})} and g.node_id = ${nodeId}`,
    );
    return r;
  },

  /** One visible game by vendor and game code (launches from a vendor card send no node id). */
  async visibleGameByCode(db: Executor, merchantId: number, vendor: string, gameCode: string) {
    const [r] = await rows<GameRow>(
      db,
      sql`select ${GAME_COLUMNS} from ${visibleFrom(merchantId)}
          where ${where({ vendor })} and g.game_code = ${gameCode}`,
    );
    return r;
  },

  /** Per type, vendor and classify: how many games the merchant offers (the lanes and cards). */
  laneCounts(db: Executor, merchantId: number) {
    return rows<{
      game_type: TGameType;
      vendor_code: string;
      game_classify: TGameClassify | null;
      n: number;
      one_code: string;
      vendor_node_id: number;
      vendor_names: Record<string, string>;
      vendor_status: TGameStatus;
      large_icon: string | null;
      small_icon: string | null;
      mv_sort: number;
      v_sort: number;
    }>(
      db,
      sql`select g.game_type, g.vendor_code, g.game_classify, count(*)::int as n, min(g.game_code) as one_code,
                 v.node_id as vendor_node_id, v.names as vendor_names, v.status as vendor_status,
                 v.large_icon, v.small_icon, mv.sort_order as mv_sort, v.sort_order as v_sort
          from ${visibleFrom(merchantId)} where ${where({})}
          group by g.game_type, g.vendor_code, g.game_classify, v.node_id, v.names, v.status, v.large_icon,
                   v.small_icon, mv.sort_order, v.sort_order
          order by mv.sort_order, v.sort_order, g.vendor_code`,
    );
  },

  recentGames(db: Executor, merchantId: number, memberId: number, limit: number) {
    return rows<GameRow>(
      db,
      sql`select ${GAME_COLUMNS} from ${visibleFrom(merchantId)}
          join member_recent_game r on r.member_id = ${memberId} and r.node_id = g.node_id
          where ${where({})} order by r.played_at desc, g.node_id desc limit ${limit}`,
    );
  },

  /** Moves the game to the front of the member's recent list and trims the list to `keep`. */
  async touchRecent(
    db: Executor,
    r: { merchantId: number; memberId: number; nodeId: number; at: Date; keep: number },
  ) {
    await db.execute(
      sql`insert into member_recent_game (member_id, node_id, merchant_id, played_at)
          values (${r.memberId}, ${r.nodeId}, ${r.merchantId}, ${r.at.toISOString()})
          on conflict (member_id, node_id) do update set played_at = excluded.played_at`,
    );
    await db.execute(
      sql`delete from member_recent_game where member_id = ${r.memberId} and node_id in (
            select node_id from member_recent_game where member_id = ${r.memberId}
            order by played_at desc, node_id desc offset ${r.keep})`,
    );
  },

  async favouriteIds(db: Executor, memberId: number, gameType?: TGameType): Promise<number[]> {
    const found = await rows<{ node_id: number }>(
      db,
      sql`select f.node_id from member_favourite_game f
          ${gameType ? sql`join game g on g.node_id = f.node_id and g.game_type = ${gameType}` : sql``}
          where f.member_id = ${memberId} order by f.created_at desc, f.node_id desc`,
    );
    return found.map((r) => r.node_id);
  },

  favouriteGames(
    db: Executor,
    merchantId: number,
    memberId: number,
    f: GameFilter,
    limit: number,
    offset: number,
  ) {
    return rows<GameRow & { total: number }>(
      db,
      sql`select ${GAME_COLUMNS}, count(*) over ()::int as total from ${visibleFrom(merchantId)}
          join member_favourite_game fav on fav.member_id = ${memberId} and fav.node_id = g.node_id
          where ${where(f)} order by fav.created_at desc, g.node_id desc limit ${limit} offset ${offset}`,
    );
  },

  async countFavourites(db: Executor, merchantId: number, memberId: number, f: GameFilter) {
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${visibleFrom(merchantId)}
          join member_favourite_game fav on fav.member_id = ${memberId} and fav.node_id = g.node_id
          where ${where(f)}`,
    );
    return r?.n ?? 0;
  },

  /** Adds unless present or the member already has `max`; answers whether a row was written. */
  async addFavourite(
    db: Executor,
    r: { merchantId: number; memberId: number; nodeId: number; max: number },
  ): Promise<boolean> {
    const res = await rows<{ node_id: number }>(
      db,
      sql`insert into member_favourite_game (member_id, node_id, merchant_id)
          select ${r.memberId}, ${r.nodeId}, ${r.merchantId}
          where (select count(*) from member_favourite_game where member_id = ${r.memberId}) < ${r.max}
          on conflict (member_id, node_id) do nothing returning node_id`,
    );
    return res.length > 0;
  },

  async isFavourite(db: Executor, memberId: number, nodeId: number) {
    const r = await rows<{ one: number }>(
      db,
      sql`select 1 as one from member_favourite_game where member_id = ${memberId} and node_id = ${nodeId}`,
    );
    return r.length > 0;
  },

  async removeFavourite(db: Executor, memberId: number, nodeId: number) {
    await db.execute(
      sql`delete from member_favourite_game where member_id = ${memberId} and node_id = ${nodeId}`,
    );
  },

  /**
   * Biggest settled wins since `since` of real accounts (trial play money excluded), on games the
   * merchant still offers, by the lobby's own rule (a row of the board launches its game when clicked).
   */
  winners(
    db: Executor,
    q: {
      merchantId: number;
      since: Date;
      limit: number;
      gameType?: TGameType;
      trialTypes: readonly number[];
    },
  ) {
    return rows<{
      amount: bigint | string;
      created_at: Date | string;
      username: string;
      node_id: number;
      game_code: string;
      game_type: TGameType;
      vendor_code: string;
      names: Record<string, string>;
      icon: string | null;
    }>(
      db,
      sql`select t.amount, t.created_at, m.username, g.node_id, g.game_code, g.game_type, g.vendor_code,
                 g.names, g.icon
          from ${visibleFrom(q.merchantId)}
          join vendor_txn t on t.vendor_code = g.vendor_code and t.game_code = g.game_code
          join member m on m.id = t.member_id
          where g.status <> 'disabled' and coalesce(mg.enabled, true)
            and t.merchant_id = ${q.merchantId} and t.op = 'credit' and t.status = 'ok' and t.amount > 0
            and t.created_at >= ${q.since.toISOString()}
            and m.type not in (${list(q.trialTypes)})
            ${q.gameType ? sql`and g.game_type = ${q.gameType}` : sql``}
          order by t.amount desc, t.id desc limit ${q.limit}`,
    );
  },

  /** Names, icon and vendor colour of one game, for its generated icon. */
  async iconData(db: Executor, vendor: string, gameCode: string) {
    const [r] = await rows<{ names: Record<string, string>; color: string }>(
      db,
      sql`select g.names, v.color from game g join game_vendor v on v.code = g.vendor_code
          where g.vendor_code = ${vendor} and g.game_code = ${gameCode}`,
    );
    return r;
  },

  async vendor(db: Executor, code: string) {
    const [r] = await rows<VendorRow>(db, sql`select * from game_vendor where code = ${code}`);
    return r;
  },

  vendors(db: Executor) {
    return rows<VendorRow & { game_count: number }>(
      db,
      sql`select v.*, (select count(*)::int from game g where g.vendor_code = v.code and g.status <> 'disabled')
                 as game_count
          from game_vendor v order by v.sort_order, v.code`,
    );
  },

  /**
   * Fresh planner statistics after a bulk import (the lobby joins are planned from them). Without
   * merchant_vendor's, the planner takes a merchant for one vendor and walks each vendor's games
   * instead of asking the name search's trigram index first.
   */
  async analyze(db: Executor) {
    await db.execute(sql`analyze game`);
    await db.execute(sql`analyze game_vendor`);
    await db.execute(sql`analyze merchant_vendor`);
  },

  async vendorCodes(db: Executor): Promise<Set<string>> {
    return new Set((await rows<{ code: string }>(db, sql`select code from game_vendor`)).map((r) => r.code));
  },

  // ---- feed import ----

  /** Upserts vendors; answers how many rows were inserted and how many changed. */
  async upsertVendors(db: Executor, items: FeedVendorValues[]) {
    if (items.length === 0) return { inserted: 0, updated: 0 };
    const res = await rows<{ inserted: boolean }>(
      db,
      sql`insert into game_vendor (code, names, game_types, color, large_icon, small_icon, status, sort_order)
          select r.code, r.names, array(select jsonb_array_elements_text(r.game_types)),
                 coalesce(r.color, '#3355aa'), r.large_icon, r.small_icon, r.status, r.sort_order
          from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as r(code text, names jsonb, game_types jsonb,
               color text, large_icon text, small_icon text, status text, sort_order integer)
          on conflict (code) do update set names = excluded.names, game_types = excluded.game_types,
               color = excluded.color, large_icon = excluded.large_icon, small_icon = excluded.small_icon,
               status = excluded.status, sort_order = excluded.sort_order, updated_at = now()
          where (game_vendor.names, game_vendor.game_types, game_vendor.color, game_vendor.large_icon,
                 game_vendor.small_icon, game_vendor.status, game_vendor.sort_order)
                is distinct from (excluded.names, excluded.game_types, excluded.color, excluded.large_icon,
                 excluded.small_icon, excluded.status, excluded.sort_order)
          returning (xmax = 0) as inserted`,
    );
    const inserted = res.filter((r) => r.inserted).length;
    return { inserted, updated: res.length - inserted };
  },

  /**
   * Upserts one chunk of games by (vendor, code) in one statement; a row whose every column already
   * matches is not touched (so a re-import writes nothing and keeps updated_at).
   */
  async upsertGames(db: Executor, items: FeedGameValues[]) {
    if (items.length === 0) return { inserted: 0, updated: 0 };
    const res = await rows<{ inserted: boolean }>(
      db,
      sql`insert into game (vendor_code, game_code, game_type, game_classify, names, search_text, icon, is_hot,
                            is_new, rtp_bps, min_bet_cents, lines, status, sort_order)
          select r.vendor_code, r.game_code, r.game_type, r.game_classify, r.names, r.search_text, r.icon,
                 r.is_hot, r.is_new, r.rtp_bps, r.min_bet_cents, r.lines, r.status, r.sort_order
          from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as r(vendor_code text, game_code text,
               game_type text, game_classify text, names jsonb, search_text text, icon text, is_hot boolean,
               is_new boolean, rtp_bps integer, min_bet_cents bigint, lines integer, status text,
               sort_order integer)
          on conflict (vendor_code, game_code) do update set game_type = excluded.game_type,
               game_classify = excluded.game_classify, names = excluded.names,
               search_text = excluded.search_text, icon = excluded.icon, is_hot = excluded.is_hot,
               is_new = excluded.is_new, rtp_bps = excluded.rtp_bps, min_bet_cents = excluded.min_bet_cents,
               lines = excluded.lines, status = excluded.status, sort_order = excluded.sort_order,
               updated_at = now()
          where (game.game_type, game.game_classify, game.names, game.search_text, game.icon, game.is_hot,
                 game.is_new, game.rtp_bps, game.min_bet_cents, game.lines, game.status, game.sort_order)
                is distinct from (excluded.game_type, excluded.game_classify, excluded.names,
                 excluded.search_text, excluded.icon, excluded.is_hot, excluded.is_new, excluded.rtp_bps,
                 excluded.min_bet_cents, excluded.lines, excluded.status, excluded.sort_order)
          returning (xmax = 0) as inserted`,
    );
    const inserted = res.filter((r) => r.inserted).length;
    return { inserted, updated: res.length - inserted };
  },

  /** Disables the games of `vendors` whose codes the feed did not list; answers how many. */
  async disableMissing(db: Executor, keep: { vendor_code: string; game_code: string }[], vendors: string[]) {
    if (vendors.length === 0) return 0;
    const res = await rows<{ node_id: number }>(
      db,
      sql`update game g set status = 'disabled', updated_at = now()
          where g.vendor_code in (select jsonb_array_elements_text(${JSON.stringify(vendors)}::jsonb))
            and g.status <> 'disabled'
            and not exists (select 1 from jsonb_to_recordset(${JSON.stringify(keep)}::jsonb)
                              as k(vendor_code text, game_code text)
                            where k.vendor_code = g.vendor_code and k.game_code = g.game_code)
          returning g.node_id`,
    );
    return res.length;
  },

  /** merchant_vendor rows for vendors the merchant does not have yet (seamless, enabled). */
  async addMerchantVendors(
    db: Executor,
    merchantId: number,
    vendors: { code: string; displayName: string; apiSecret: string; sortOrder: number }[],
  ) {
    if (vendors.length === 0) return;
    await db.execute(
      sql`insert into merchant_vendor (merchant_id, vendor_code, display_name, wallet_mode, api_secret, sort_order)
          select ${merchantId}, r.code, r.display_name, 'seamless', r.api_secret, r.sort_order
          from jsonb_to_recordset(${JSON.stringify(
            vendors.map((v) => ({
              code: v.code,
              display_name: v.displayName,
              api_secret: v.apiSecret,
              sort_order: v.sortOrder,
            })),
          )}::jsonb) as r(code text, display_name text, api_secret text, sort_order integer)
          on conflict (merchant_id, vendor_code) do nothing`,
    );
  },

  // ---- operator: per-merchant vendor and game settings ----

  merchantVendors(db: Executor, merchantId: number) {
    return rows<{
      vendor_code: string;
      enabled: boolean;
      sort_order: number;
      display_name: string;
      wallet_mode: string;
    }>(
      db,
      sql`select vendor_code, enabled, sort_order, display_name, wallet_mode
          from merchant_vendor where merchant_id = ${merchantId}`,
    );
  },

  async lockMerchantVendor(db: Executor, merchantId: number, code: string) {
    const [r] = await rows<{ enabled: boolean; sort_order: number }>(
      db,
      sql`select enabled, sort_order from merchant_vendor
          where merchant_id = ${merchantId} and vendor_code = ${code} for update`,
    );
    return r;
  },

  async updateMerchantVendor(
    db: Executor,
    merchantId: number,
    code: string,
    v: { enabled: boolean; sortOrder: number },
  ) {
    await db.execute(
      sql`update merchant_vendor set enabled = ${v.enabled}, sort_order = ${v.sortOrder}, updated_at = now()
          where merchant_id = ${merchantId} and vendor_code = ${code}`,
    );
  },

  adminGames(
    db: Executor,
    merchantId: number,
    f: { vendor?: string; gameType?: TGameType; search?: string; nodeId?: number },
    limit: number,
    offset: number,
  ) {
    const c: SQL[] = [sql`true`];
    if (f.nodeId !== undefined) c.push(sql`g.node_id = ${f.nodeId}`);
    if (f.vendor) c.push(sql`g.vendor_code = ${f.vendor}`);
    if (f.gameType) c.push(sql`g.game_type = ${f.gameType}`);
    if (f.search) c.push(nameMatches(f.search));
    return rows<{
      node_id: number;
      vendor_code: string;
      game_code: string;
      game_type: TGameType;
      game_classify: TGameClassify | null;
      names: Record<string, string>;
      status: TGameStatus;
      is_hot: boolean;
      sort_order: number;
      o_enabled: boolean | null;
      o_sort_order: number | null;
      o_is_hot: boolean | null;
      total: number;
    }>(
      db,
      sql`select g.node_id, g.vendor_code, g.game_code, g.game_type, g.game_classify, g.names, g.status,
                 g.is_hot, g.sort_order, mg.enabled as o_enabled, mg.sort_order as o_sort_order,
                 mg.is_hot as o_is_hot, count(*) over ()::int as total
          from game g left join merchant_game mg on mg.merchant_id = ${merchantId} and mg.node_id = g.node_id
          where ${sql.join(c, sql` and `)}
          order by g.vendor_code, g.sort_order, g.node_id limit ${limit} offset ${offset}`,
    );
  },

  async lockMerchantGame(db: Executor, merchantId: number, nodeId: number) {
    await db.execute(
      sql`insert into merchant_game (merchant_id, node_id) values (${merchantId}, ${nodeId})
          on conflict (merchant_id, node_id) do nothing`,
    );
    const [r] = await rows<{ enabled: boolean | null; sort_order: number | null; is_hot: boolean | null }>(
      db,
      sql`select enabled, sort_order, is_hot from merchant_game
          where merchant_id = ${merchantId} and node_id = ${nodeId} for update`,
    );
    return r!;
  },

  async updateMerchantGame(
    db: Executor,
    merchantId: number,
    nodeId: number,
    v: { enabled: boolean | null; sortOrder: number | null; isHot: boolean | null },
  ) {
    await db.execute(
      sql`update merchant_game set enabled = ${v.enabled}, sort_order = ${v.sortOrder}, is_hot = ${v.isHot},
                 updated_at = now()
          where merchant_id = ${merchantId} and node_id = ${nodeId}`,
    );
  },

  async gameExists(db: Executor, nodeId: number) {
    const r = await rows<{ one: number }>(db, sql`select 1 as one from game where node_id = ${nodeId}`);
    return r.length > 0;
  },
};
