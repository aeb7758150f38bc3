import { randomBytes } from 'node:crypto';
import {
  ZCatalogueFeed,
  type TCatalogueFeed,
  type TCatalogueFeedParsed,
  type TCatalogueImportResult,
} from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { catalogueRepo, type FeedGameValues, type FeedVendorValues } from './catalogue.repo.js';

/**
 * Vendor feed import. The feed shape is `ZCatalogueFeed` (packages/contract/src/games.ts):
 *
 * ```json
 * { "vendors": [{ "code": "JL", "names": { "EN": "JILI", "BN": "জিলি" }, "gameTypes": ["RNG", "FISH"],
 *                 "color": "#27ae60", "sortOrder": 70 }],
 *   "games":   [{ "vendor": "JL", "gameCode": "JL0001", "gameType": "RNG", "gameClassify": "Crash",
 *                 "names": { "EN": "Golden Dragon Crash", "BN": "সোনালী ড্রাগন ক্র্যাশ" },
 *                 "isHot": true, "isNew": false, "rtpBps": 9650, "minBet": "0.20", "lines": 25,
 *                 "status": "active", "sortOrder": 0 }],
 *   "disableMissing": false, "enableForMerchant": false }
 * ```
 *
 * Games are keyed by (vendor, gameCode): a re-import updates what changed, leaves identical rows
 * untouched and keeps every nodeId, so importing the same feed twice changes nothing.
 */

/** Rows per statement: big enough to keep round trips few, small enough for one parameter. */
const CHUNK = 2500;

/** What the substring search compares with: NFC, lower case, every language, one name per line. */
export const searchTextOf = (names: Record<string, string>) =>
  Object.values(names)
    .map((n) => normaliseSearch(n))
    .join('\n');
export const normaliseSearch = (s: string) => s.normalize('NFC').toLowerCase().trim();

const centsOf = (decimal: string | undefined) => {
  if (decimal === undefined) return null;
  const [whole, frac = ''] = decimal.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};

const invalid = (path: string, message: string) =>
  new AppError('request_param_err', { value: { issues: [{ path, message, code: 'custom' }] } });

const displayNameOf = (names: Record<string, string>) => names.EN ?? Object.values(names)[0]!;

export interface ImportOptions {
  /** with feed.enableForMerchant: the merchant whose merchant_vendor rows are added */
  merchantId?: number;
}

/** Parses (if needed), checks and upserts a feed inside the caller's transaction. */
export async function importCatalogue(
  tx: Executor,
  input: TCatalogueFeed | TCatalogueFeedParsed,
  opts: ImportOptions = {},
): Promise<TCatalogueImportResult> {
  const parsed = ZCatalogueFeed.safeParse(input);
  if (!parsed.success) {
    throw new AppError('request_param_err', {
      value: {
        issues: parsed.error.issues
          .slice(0, 20)
          .map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
      },
    });
  }
  const feed = parsed.data;

  const feedVendors = new Map(feed.vendors.map((v) => [v.code, v]));
  if (feedVendors.size !== feed.vendors.length) throw invalid('vendors', 'a vendor code is listed twice');
  const known = await catalogueRepo.vendorCodes(tx);
  const seen = new Set<string>();
  feed.games.forEach((g, i) => {
    const key = `${g.vendor}\u0000${g.gameCode}`;
    if (seen.has(key)) throw invalid(`games.${i}.gameCode`, `${g.vendor} ${g.gameCode} is listed twice`);
    seen.add(key);
    const v = feedVendors.get(g.vendor);
    if (!v && !known.has(g.vendor)) throw invalid(`games.${i}.vendor`, `unknown vendor ${g.vendor}`);
    if (v && !v.gameTypes.includes(g.gameType)) {
      throw invalid(`games.${i}.gameType`, `${g.vendor} does not list ${g.gameType} in its gameTypes`);
    }
  });

  const vendorRows: FeedVendorValues[] = feed.vendors.map((v) => ({
    code: v.code,
    names: v.names,
    game_types: v.gameTypes,
    color: v.color ?? null,
    large_icon: v.largeIcon ?? null,
    small_icon: v.smallIcon ?? null,
    status: v.status,
    sort_order: v.sortOrder,
  }));
  const vendors = await catalogueRepo.upsertVendors(tx, vendorRows);

  const gameRows: FeedGameValues[] = feed.games.map((g) => ({
    vendor_code: g.vendor,
    game_code: g.gameCode,
    game_type: g.gameType,
    game_classify: g.gameClassify ?? null,
    names: g.names,
    search_text: searchTextOf(g.names),
    icon: g.icon ?? null,
    is_hot: g.isHot,
    is_new: g.isNew,
    rtp_bps: g.rtpBps ?? null,
    min_bet_cents: centsOf(g.minBet),
    lines: g.lines ?? null,
    status: g.status,
    sort_order: g.sortOrder,
  }));
  let gamesInserted = 0;
  let gamesUpdated = 0;
  for (let i = 0; i < gameRows.length; i += CHUNK) {
    const r = await catalogueRepo.upsertGames(tx, gameRows.slice(i, i + CHUNK));
    gamesInserted += r.inserted;
    gamesUpdated += r.updated;
  }

  const gamesDisabled = feed.disableMissing
    ? await catalogueRepo.disableMissing(
        tx,
        gameRows.map((g) => ({ vendor_code: g.vendor_code, game_code: g.game_code })),
        [...feedVendors.keys()],
      )
    : 0;

  if (feed.enableForMerchant && opts.merchantId !== undefined) {
    await catalogueRepo.addMerchantVendors(
      tx,
      opts.merchantId,
      feed.vendors.map((v) => ({
        code: v.code,
        displayName: displayNameOf(v.names),
        // the seamless-wallet HMAC key of this merchant and vendor; the operator hands it to the vendor
        apiSecret: randomBytes(24).toString('base64url'),
        sortOrder: v.sortOrder,
      })),
    );
  }

  // after the merchant's vendors too: the name search's plan depends on their statistics
  if (gamesInserted + gamesUpdated > 500) await catalogueRepo.analyze(tx);

  return {
    vendorsInserted: vendors.inserted,
    vendorsUpdated: vendors.updated,
    gamesInserted,
    gamesUpdated,
    gamesUnchanged: gameRows.length - gamesInserted - gamesUpdated,
    gamesDisabled,
  };
}
