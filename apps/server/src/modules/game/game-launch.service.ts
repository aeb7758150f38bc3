import { isTrialType, type TLaunchGame } from '@bp/contract';
import type { z } from 'zod';
import type { ZLaunchGameQuery, ZLaunchTrialQuery } from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { gameKindOf } from '../../games/index.js';
import type { GameSessionService } from '../../games/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { VendorWalletService } from '../vendor-wallet/index.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { GAME_SESSION_TTL_MS } from '../../games/index.js';
import { LAUNCH_TOKEN_TTL_MS } from '@bp/contract';

type LaunchQuery = z.output<typeof ZLaunchGameQuery>;
type TrialQuery = z.output<typeof ZLaunchTrialQuery>;

/** The iframe's language: what the site shows (bn or en), else the merchant's default. */
export function iframeLanguage(param: string | undefined, requestLang: string, merchantDefault: string) {
  for (const v of [param, requestLang, merchantDefault]) {
    const l = v?.trim().toLowerCase().slice(0, 2);
    if (l === 'bn' || l === 'en') return l;
  }
  return 'en';
}

/**
 * launchGame / launchTrial (API-REFERENCE §3.5, SPEC §4). Every catalogue game plays on the built-in
 * game server, which settles as the game's vendor: a real launch opens that vendor's wallet session and
 * hands the game server a single-use launch token; the iframe URL carries only that token.
 */
export function createGameLaunchService({
  db,
  catalogue,
  vendorWallet,
  sessions,
}: {
  db: Db;
  catalogue: CatalogueService;
  vendorWallet: VendorWalletService;
  sessions: GameSessionService;
}) {
  async function launch(
    actor: MemberActor | undefined,
    merchant: MerchantContext,
    q: TrialQuery,
    mode: 'real' | 'trial',
    requestLang: string,
  ): Promise<TLaunchGame> {
    const gameCode = q.gameCode ?? q.gameId;
    const game = await catalogue.findGame(merchant.id, { nodeId: q.nodeId, vendor: q.vassalage, gameCode });
    if (!game) throw new AppError('game_not_found');
    if (game.status === 'maintenance') throw new AppError('game_maintenance');
    const { kind } = gameKindOf({
      gameType: game.game_type,
      gameClassify: game.game_classify,
      gameCode: game.game_code,
      names: game.names,
    });
    const language = iframeLanguage(q.language, requestLang, merchant.defaultLanguage);
    const token = await db.transaction(async (tx) => {
      let vendorToken: string | null = null;
      if (mode === 'real') {
        const s = await vendorWallet.openSession(tx, {
          merchantId: merchant.id,
          memberId: actor!.memberId,
          vendorCode: game.vendor_code,
          gameCode: game.game_code,
          mode: 'real',
          // outlives the game session it serves
          ttlMs: GAME_SESSION_TTL_MS + LAUNCH_TOKEN_TTL_MS + 60_000,
        });
        vendorToken = s.token;
      }
      if (actor)
        await catalogue.recordRecent(tx, {
          merchantId: merchant.id,
          memberId: actor.memberId,
          nodeId: game.node_id,
        });
      return sessions.issueLaunch(tx, {
        merchant_id: merchant.id,
        member_id: actor?.memberId ?? null,
        node_id: game.node_id,
        vendor_code: game.vendor_code,
        game_code: game.game_code,
        kind,
        mode,
        language,
        vendor_token: vendorToken,
      });
    });
    const url = `/gs/play/?t=${encodeURIComponent(token)}&lang=${language}`;
    return {
      content: { game_url: url },
      gameUrl: url,
      mode,
      nodeId: game.node_id,
      vendor: game.vendor_code,
      gameCode: game.game_code,
    };
  }

  return {
    /** Members only; launchMode is required; a trial account may only play free trial. */
    launchGame(actor: MemberActor, merchant: MerchantContext, q: LaunchQuery, requestLang: string) {
      if (!q.launchMode) throw new AppError('game_launch_mode_required');
      const mode = q.accountType === 0 ? 'trial' : 'real';
      if (mode === 'real' && isTrialType(actor.type)) throw new AppError('need_real_account');
      return launch(actor, merchant, q, mode, requestLang);
    },

    /** Free trial for anyone, logged in or not: play money, the wallet is never touched. */
    launchTrial(
      actor: MemberActor | undefined,
      merchant: MerchantContext,
      q: TrialQuery,
      requestLang: string,
    ) {
      return launch(actor, merchant, q, 'trial', requestLang);
    },
  };
}
export type GameLaunchService = ReturnType<typeof createGameLaunchService>;
