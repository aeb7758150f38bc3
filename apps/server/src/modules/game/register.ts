import { gameLaunchEndpoints } from '@bp/contract';
import type { ModuleRegister } from '../../platform/module.js';
import { gameServerFor } from '../../games/index.js';
import { catalogueServiceFor } from '../catalogue/index.js';
import { vendorWalletServiceFor } from '../vendor-wallet/index.js';
import { createBettingRecordService } from './betting-record.service.js';
import { createGameLaunchService } from './game-launch.service.js';

/** Game launch (real money and free trial) and the player's betting record. */
export const registerGame: ModuleRegister = (ctx) => {
  const gs = gameServerFor(ctx);
  const launch = createGameLaunchService({
    db: ctx.db,
    catalogue: catalogueServiceFor(ctx),
    vendorWallet: vendorWalletServiceFor(ctx),
    sessions: gs.sessions,
  });
  const record = createBettingRecordService({ db: ctx.db, clock: ctx.clock, builtInRound: gs.recordRound });

  ctx.route(gameLaunchEndpoints.launchGame, ({ actor, merchant, query, language }) =>
    launch.launchGame(actor, merchant, query, language),
  );
  ctx.route(gameLaunchEndpoints.launchTrial, ({ actor, merchant, query, language }) =>
    launch.launchTrial(actor?.kind === 'member' ? actor : undefined, merchant, query, language),
  );
  ctx.route(gameLaunchEndpoints.bettingRecord, ({ actor, merchant, query, language }) =>
    record.page(actor, merchant, query, language),
  );
  ctx.route(gameLaunchEndpoints.bettingRecordDetail, ({ actor, merchant, query, language }) =>
    record.detail(actor, merchant, query, language),
  );
};
