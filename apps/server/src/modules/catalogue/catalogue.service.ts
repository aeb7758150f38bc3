import {
  FAVOURITES_LIMIT,
  fromMinor,
  GAME_TYPES,
  HOT_GAMES_LIMIT,
  IS_GAME,
  isTrialType,
  RECENT_GAMES_LIMIT,
  TRIAL_TYPES,
  WINNER_BOARD_DAYS,
  type TFavouriteRequest,
  type TGame,
  type TGameClassify,
  type TGameLane,
  type TGameList,
  type TGameListQuery,
  type TGameType,
  type TGameVendorCard,
} from '@bp/contract';
import type { z } from 'zod';
import type { ZFavouriteQuery, ZHotGamesQuery, ZLotteryMenus, ZRankQuery, ZWinnerBoard } from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { parseLanguage } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import { maskUsername, nameIn } from '../../platform/names.js';
import { PrewrittenJson, serializeReply } from '../../platform/json-reply.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { createQueryCache } from './catalogue.cache.js';
import { normaliseSearch } from './catalogue.import.js';
import { gameIconUrl, vendorIconUrl } from './catalogue.icons.js';
import { catalogueRepo, type GameFilter, type GameRow } from './catalogue.repo.js';
import { buildSearchIndex, type SearchIndex } from './catalogue.search-index.js';

/** Lobby answers are cached this long at most (other instances' operator changes show up by then). */
export const LOBBY_CACHE_TTL_MS = 60_000;
/** Winner boards: short, and dropped when a vendor pays one of the merchant's players a win or the catalogue changes. */
export const WINNER_CACHE_TTL_MS = 10_000;

type FavouriteQuery = z.output<typeof ZFavouriteQuery>;
type HotQuery = z.output<typeof ZHotGamesQuery>;
type RankQuery = z.output<typeof ZRankQuery>;
type WinnerBoard = z.output<typeof ZWinnerBoard>;
type LotteryMenus = z.output<typeof ZLotteryMenus>;

/** Sub-type names shown on the lobby's classify tabs; other languages fall back to English. */
const CLASSIFY_NAMES: Record<TGameClassify, { EN: string; BN: string }> = {
  SC: { EN: 'Scratch Card', BN: 'স্ক্র্যাচ কার্ড' },
  VP: { EN: 'Video Poker', BN: 'ভিডিও পোকার' },
  JP: { EN: 'Jackpot', BN: 'জ্যাকপট' },
  TG: { EN: 'Table Games', BN: 'টেবিল গেম' },
  AC: { EN: 'Arcade', BN: 'আর্কেড' },
  BG: { EN: 'Bingo', BN: 'বিঙ্গো' },
  Crash: { EN: 'Crash', BN: 'ক্র্যাশ' },
  Arcade: { EN: 'Arcade', BN: 'আর্কেড' },
  Table: { EN: 'Table', BN: 'টেবিল' },
  Jackpot: { EN: 'Jackpot', BN: 'জ্যাকপট' },
};

export function toGame(r: GameRow, lang: string): TGame {
  const name = nameIn(r.names, lang);
  const icon = gameIconUrl(r.vendor_code, r.game_code, r.icon);
  return {
    nodeId: r.node_id,
    vassalage: r.vendor_code,
    gameCode: r.game_code,
    nodeTypeManageId: r.game_code,
    gameName: name,
    nodeName: name,
    displayName: nameIn(r.vendor_names, lang),
    gameType: r.game_type,
    gameClassify: r.game_classify,
    showIcon: icon,
    iconUrl: icon,
    // clients read defaultIcon before showIcon: it is the game's own image (the generic fallback is
    // the client's onerror concern)
    defaultIcon: icon,
    isHot: r.is_hot,
    isNew: r.is_new,
    isGame: IS_GAME.GAME,
    status: r.status === 'maintenance' ? 'maintenance' : 'active',
    rtp: r.rtp_bps === null ? null : fromMinor(r.rtp_bps, 2),
    minBet: r.min_bet_cents === null ? null : fromMinor(BigInt(r.min_bet_cents), 2),
    lines: r.lines,
    defaultLanguage: lang,
  };
}

/** A tile as an object and as its JSON (serializeReply's), for one language. */
function writtenTile(r: GameRow, lang: string) {
  const game = toGame(r, lang);
  return { game, json: serializeReply(game) };
}

/** The lottery game types a prize mode shows (SPEC §4 prize mode; the brand sends `Lott`). */
function lotteryTypes(prizeMode: string | undefined): TGameType[] {
  const m = prizeMode?.toUpperCase();
  if (m === undefined) return ['LOTT', 'ELOTT'];
  if (m === 'LOTT' || m === 'ELOTT') return [m];
  return [];
}

export function createCatalogueService({ db, events, clock }: { db: Db; events: EventBus; clock: Clock }) {
  const lobby = createQueryCache<unknown>({ ttlMs: LOBBY_CACHE_TTL_MS, maxEntries: 5000 });
  const winnersCache = createQueryCache<WinnerBoard>({ ttlMs: WINNER_CACHE_TTL_MS, maxEntries: 500 });
  events.on('catalogue.changed', ({ merchantId }) => {
    lobby.invalidate(merchantId);
    searchIndexes.invalidate(merchantId);
    winnersCache.invalidate(merchantId); // the board lists only games the merchant offers
  });
  // of wallet movements only wins change the board: a bet or a deposit leaves it cached (under
  // betting load a board dropped on every wallet change would never be served from the cache)
  events.on('vendor.won', ({ merchantId }) => winnersCache.invalidate(merchantId));

  /**
   * Each merchant's name search index (its visible games in lobby order), built on the first search
   * and kept like a lobby answer: dropped by catalogue.changed, rebuilt at most LOBBY_CACHE_TTL_MS
   * later for changes made through another instance.
   */
  const searchIndexes = createQueryCache<SearchIndex>({ ttlMs: LOBBY_CACHE_TTL_MS, maxEntries: 100 });
  const searchIndex = (merchantId: number) =>
    searchIndexes.get(merchantId, 'search', async () =>
      buildSearchIndex(await catalogueRepo.searchDocs(db, merchantId)),
    );

  const cached = <V>(merchantId: number, key: string, load: () => Promise<V>) =>
    lobby.get(merchantId, key, load) as Promise<V>;
  /**
   * A lobby answer cached with its JSON: a hit sends the text written when it was loaded instead of
   * serialising the same page of games again (the cost of a cached answer was mostly that).
   */
  const written = <V>(merchantId: number, key: string, load: () => Promise<V>) =>
    cached(merchantId, key, async () => {
      const value = await load();
      return new PrewrittenJson(value, serializeReply(value));
    });
  /** `language` query parameter first, else the request's language (header or merchant default). */
  const langOf = (param: string | undefined, requestLang: string) => parseLanguage(param) ?? requestLang;

  async function page(
    merchantId: number,
    f: GameFilter,
    pageNo: number,
    pageSize: number,
    lang: string,
  ): Promise<TGameList> {
    const offset = (pageNo - 1) * pageSize;
    const [found, totalCount] = await Promise.all([
      catalogueRepo.listGames(db, merchantId, f, pageSize, offset),
      catalogueRepo.countGames(db, merchantId, f),
    ]);
    return {
      games: found.map((r) => toGame(r, lang)),
      totalCount,
      totalPages: Math.ceil(totalCount / pageSize),
      pageNo,
      pageSize,
    };
  }

  /**
   * A page of a name search, from the in-process index: each tile's object and JSON are made once per
   * language and index build and kept with the game's row, so the answer's JSON is joined from them
   * (no tile is built or serialised again per search).
   */
  async function searchPage(
    merchantId: number,
    f: GameFilter & { search: string },
    pageNo: number,
    pageSize: number,
    lang: string,
  ): Promise<PrewrittenJson<TGameList>> {
    const found = (await searchIndex(merchantId)).find(f.search, f);
    const offset = (pageNo - 1) * pageSize;
    const games: TGame[] = [];
    const parts: string[] = [];
    for (const d of found.slice(offset, offset + pageSize)) {
      const written = ((d.tiles ??= {})[lang] ??= writtenTile(d, lang));
      games.push(written.game);
      parts.push(written.json);
    }
    const totalCount = found.length;
    const totalPages = Math.ceil(totalCount / pageSize);
    // the key order of TGameList as the object below has it: JSON.stringify of it writes exactly this
    const json = `{"games":[${parts.join(',')}],"totalCount":${totalCount},"totalPages":${totalPages},"pageNo":${pageNo},"pageSize":${pageSize}}`;
    return new PrewrittenJson({ games, totalCount, totalPages, pageNo, pageSize }, json);
  }

  async function favouriteIds(memberId: number, gameType?: TGameType) {
    return catalogueRepo.favouriteIds(db, memberId, gameType);
  }

  return {
    /** Emptied by catalogue.changed; exposed for tests of invalidation and for metrics. */
    cacheSize: () => lobby.size,

    gameList(
      merchant: MerchantContext,
      q: TGameListQuery,
      requestLang: string,
    ): Promise<PrewrittenJson<TGameList>> {
      const lang = langOf(q.language, requestLang);
      const f: GameFilter = {
        gameType: q.gameType,
        vendor: q.vassalage,
        classify: q.gameClassify,
        search: q.gameName ? normaliseSearch(q.gameName) || undefined : undefined,
        isNew: q.isNew,
        isHot: q.isHot,
      };
      const key = `list:${JSON.stringify([f, q.pageNo, q.pageSize, lang])}`;
      const { search } = f;
      if (search) {
        return cached(merchant.id, key, () =>
          searchPage(merchant.id, { ...f, search }, q.pageNo, q.pageSize, lang),
        );
      }
      return written(merchant.id, key, () => page(merchant.id, f, q.pageNo, q.pageSize, lang));
    },

    vendorLanes(merchant: MerchantContext, param: string | undefined, requestLang: string) {
      const lang = langOf(param, requestLang);
      return written(merchant.id, `lanes:${lang}`, async () => {
        const lanes = new Map<
          TGameType,
          { classify: Map<TGameClassify, number>; cards: Map<string, TGameVendorCard> }
        >();
        for (const r of await catalogueRepo.laneCounts(db, merchant.id)) {
          let lane = lanes.get(r.game_type);
          if (!lane) lanes.set(r.game_type, (lane = { classify: new Map(), cards: new Map() }));
          if (r.game_classify) {
            lane.classify.set(r.game_classify, (lane.classify.get(r.game_classify) ?? 0) + r.n);
          }
          const icon = vendorIconUrl(r.vendor_code, r.large_icon);
          const small = vendorIconUrl(r.vendor_code, r.small_icon ?? r.large_icon);
          const card = lane.cards.get(r.vendor_code) ?? {
            vassalage: r.vendor_code,
            displayName: nameIn(r.vendor_names, lang),
            lagerIcon: icon,
            smallIcon: small,
            mobileSmallIcon: small,
            mobileLargeIcon: icon,
            h5Icon: icon,
            gameType: r.game_type,
            gameCount: 0,
            nodeId: r.vendor_node_id,
            isGame: IS_GAME.GAME,
            gameCode: r.one_code,
            status: r.vendor_status === 'maintenance' ? 'maintenance' : 'active',
          };
          card.gameCount += r.n;
          lane.cards.set(r.vendor_code, card);
        }
        const out: TGameLane[] = [];
        for (const type of GAME_TYPES) {
          const lane = lanes.get(type);
          if (!lane) continue;
          out.push({
            title: type,
            gameClassify: [...lane.classify].map(([key, gameCount]) => ({
              key,
              displayName: lang === 'BN' ? CLASSIFY_NAMES[key].BN : CLASSIFY_NAMES[key].EN,
              gameCount,
            })),
            // a vendor with one game of this type launches it straight from its card (SPEC §4)
            cards: [...lane.cards.values()].map((c) =>
              c.gameCount > 1 ? { ...c, isGame: IS_GAME.VASSALAGE, gameCode: null } : c,
            ),
          });
        }
        return { data: { lanes: out } };
      });
    },

    vassGameType(merchant: MerchantContext) {
      return written(merchant.id, 'vass', async () => {
        const content: Record<string, Record<string, TGameClassify[]>> = {};
        for (const r of await catalogueRepo.laneCounts(db, merchant.id)) {
          const byVendor = (content[r.game_type] ??= {});
          const list = (byVendor[r.vendor_code] ??= []);
          if (r.game_classify && !list.includes(r.game_classify)) list.push(r.game_classify);
        }
        return { content };
      });
    },

    hotGames(merchant: MerchantContext, q: HotQuery, requestLang: string) {
      const lang = langOf(q.language, requestLang);
      const f: GameFilter = { isHot: true, vendor: q.vassalage, gameType: q.gameType };
      return written(merchant.id, `hot:${JSON.stringify([f, lang])}`, async () => ({
        list: (await catalogueRepo.listGames(db, merchant.id, f, HOT_GAMES_LIMIT, 0)).map((r) =>
          toGame(r, lang),
        ),
      }));
    },

    async recentGames(
      actor: MemberActor,
      merchant: MerchantContext,
      param: string | undefined,
      lang: string,
    ) {
      const found = await catalogueRepo.recentGames(db, merchant.id, actor.memberId, RECENT_GAMES_LIMIT);
      return { list: found.map((r) => toGame(r, langOf(param, lang))) };
    },

    /** A game the merchant offers (maintenance included), by node id or vendor + game code: what a launch opens. */
    findGame(merchantId: number, by: { nodeId?: number; vendor?: string; gameCode?: string }) {
      if (by.nodeId !== undefined) return catalogueRepo.visibleGame(db, merchantId, by.nodeId);
      if (by.vendor && by.gameCode)
        return catalogueRepo.visibleGameByCode(db, merchantId, by.vendor, by.gameCode);
      return Promise.resolve(undefined);
    },

    /** The game launch calls this: the game moves to the front of the member's recent games. */
    async recordRecent(ex: Executor, r: { merchantId: number; memberId: number; nodeId: number }) {
      await catalogueRepo.touchRecent(ex, { ...r, at: clock.now(), keep: RECENT_GAMES_LIMIT });
    },

    favouriteIds: (actor: MemberActor, q: FavouriteQuery) => favouriteIds(actor.memberId, q.gameType),

    async favouriteList(
      actor: MemberActor,
      merchant: MerchantContext,
      q: FavouriteQuery,
      requestLang: string,
    ) {
      const lang = langOf(q.language, requestLang);
      const f: GameFilter = { gameType: q.gameType };
      const offset = (q.pageNo - 1) * q.pageSize;
      const found = await catalogueRepo.favouriteGames(
        db,
        merchant.id,
        actor.memberId,
        f,
        q.pageSize,
        offset,
      );
      const totalCount =
        found[0]?.total ??
        (offset > 0 ? await catalogueRepo.countFavourites(db, merchant.id, actor.memberId, f) : 0);
      return {
        content: found.map((r) => toGame(r, lang)),
        pageNum: q.pageNo,
        pageSize: q.pageSize,
        totalPages: Math.ceil(totalCount / q.pageSize),
        totalCount,
      };
    },

    /**
     * Favourites are a real account's (SPEC §6): trial accounts are refused. A duplicate is ignored;
     * vendor and gameType, when sent, must be the game's.
     */
    async addFavourite(actor: MemberActor, merchant: MerchantContext, body: TFavouriteRequest) {
      if (isTrialType(actor.type)) throw new AppError('need_real_account');
      const nodeId = Number(body.nodeId);
      const game = await catalogueRepo.visibleGame(db, merchant.id, nodeId);
      if (
        !game ||
        (body.vendor && body.vendor !== game.vendor_code) ||
        (body.gameType && body.gameType !== game.game_type)
      ) {
        throw new AppError('game_not_found');
      }
      const added = await catalogueRepo.addFavourite(db, {
        merchantId: merchant.id,
        memberId: actor.memberId,
        nodeId,
        max: FAVOURITES_LIMIT,
      });
      if (!added && !(await catalogueRepo.isFavourite(db, actor.memberId, nodeId))) {
        throw new AppError('favourite_limit');
      }
      return favouriteIds(actor.memberId);
    },

    async removeFavourite(actor: MemberActor, body: TFavouriteRequest) {
      if (isTrialType(actor.type)) throw new AppError('need_real_account');
      await catalogueRepo.removeFavourite(db, actor.memberId, Number(body.nodeId));
      return favouriteIds(actor.memberId);
    },

    /** Biggest settled wins (vendor credits) of real accounts in the last WINNER_BOARD_DAYS days. */
    winners(merchant: MerchantContext, q: RankQuery, requestLang: string): Promise<WinnerBoard> {
      const lang = langOf(q.language, requestLang);
      const key = JSON.stringify([q.gameCategory, q.limitNum, lang]);
      return winnersCache.get(merchant.id, key, async () => {
        const since = new Date(clock.now().getTime() - WINNER_BOARD_DAYS * 86_400_000);
        const found = await catalogueRepo.winners(db, {
          merchantId: merchant.id,
          since,
          limit: q.limitNum,
          gameType: q.gameCategory === 'ALL' ? undefined : q.gameCategory,
          trialTypes: TRIAL_TYPES,
        });
        return {
          list: found.map((r) => ({
            vo: {
              gameName: nameIn(r.names, lang),
              customerName: maskUsername(r.username),
              winAmount: fromMinor(BigInt(r.amount), merchant.currencyDecimals),
              currencySymbol: merchant.currencySymbol,
              iconUrl: gameIconUrl(r.vendor_code, r.game_code, r.icon),
              nodeId: r.node_id,
              gameCode: r.game_code,
              gameType: r.game_type,
              vendor: r.vendor_code,
              winTime: formatMerchantTime(r.created_at, merchant.timeZone),
            },
          })),
        };
      });
    },

    lotteryMenus(
      merchant: MerchantContext,
      q: { prizeMode?: string; language?: string },
      requestLang: string,
    ) {
      const lang = langOf(q.language, requestLang);
      const types = lotteryTypes(q.prizeMode);
      return written(merchant.id, `lott:${JSON.stringify([types, lang])}`, async () => {
        const out: LotteryMenus = {};
        if (types.length === 0) return out;
        const found = await catalogueRepo.listGames(db, merchant.id, { gameTypes: types }, 3000, 0);
        for (const r of found) {
          const group = (out[r.vendor_code] ??= {
            gameGroupCode: r.vendor_code,
            gameGroupName: nameIn(r.vendor_names, lang),
            gameType: r.game_type === 'ELOTT' ? 'ELOTT' : 'LOTT',
            gameMenus: [],
          });
          group.gameMenus.push({
            nodeId: r.node_id,
            gameCode: r.game_code,
            gameName: nameIn(r.names, lang),
            vassalage: r.vendor_code,
            iconUrl: gameIconUrl(r.vendor_code, r.game_code, r.icon),
            status: r.status === 'maintenance' ? 'maintenance' : 'active',
          });
        }
        return out;
      });
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
