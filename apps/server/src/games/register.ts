import type { AddressInfo } from 'node:net';
import { gameServerEndpoints, GAME_SESSION_HEADER } from '@bp/contract';
import type { FastifyRequest } from 'fastify';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../platform/module.js';
import type { MerchantContext } from '../platform/merchant.js';
import { createCrashService, type CrashOptions } from './crash.service.js';
import { gameServerRepo } from './game-server.repo.js';
import { createGameServerService } from './game-server.service.js';
import { createGameSessionService } from './game-session.service.js';
import { installGameUi } from './game-ui.js';
import { createRoundService } from './round.service.js';
import { createWalletClient } from './wallet.client.js';
import { jobsFor } from '../jobs/index.js';
import { promotionServiceFor } from '../modules/promotion/index.js';

export const RECOVERY_JOB = 'gs.recovery';
/** The job engine's lease of the crash game's continuous loop. */
export const CRASH_LOOP_LEASE = 'gs.crash-loop';

/** Where the game server sends its wallet calls: GAME_WALLET_URL, else this server's own address. */
function walletBaseUrl(ctx: Pick<ModuleContext, 'app' | 'config'>) {
  if (ctx.config.gameWalletUrl) return ctx.config.gameWalletUrl;
  const a = ctx.app.server.address() as AddressInfo | null;
  const host = !a || ['0.0.0.0', '::'].includes(a.address) ? '127.0.0.1' : a.address;
  const shown = host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${a?.port ?? ctx.config.port}`;
}

function build(ctx: ModuleContext, crashOptions?: CrashOptions) {
  const sessions = createGameSessionService({ db: ctx.db, clock: ctx.clock });
  const wallet = createWalletClient({ baseUrl: () => walletBaseUrl(ctx) });
  const rounds = createRoundService({
    db: ctx.db,
    clock: ctx.clock,
    sessions,
    wallet,
    merchants: ctx.merchants,
    log: ctx.app.log,
    // resolved on first use: the promotion module builds its service from the same context
    promotionSpins: () => promotionServiceFor(ctx),
  });
  const crash = createCrashService({
    db: ctx.db,
    clock: ctx.clock,
    rounds,
    sessionOf: (id) => gameServerRepo.sessionById(ctx.db, id),
    merchants: ctx.merchants,
    log: ctx.app.log,
    // one instance drives the loop; another takes over when it dies
    leader: jobsFor(ctx).lease(CRASH_LOOP_LEASE),
    options: crashOptions,
  });
  const server = createGameServerService({
    db: ctx.db,
    sessions,
    rounds,
    crashConfig: async (s) => {
      const st = await crash.state(s, (await ctx.merchants.getById(s.merchant_id))!);
      return {
        growth: st.growth,
        chainCommitment: st.chainCommitment,
        bettingMs: crashOptions?.bettingMs ?? 7000,
      };
    },
  });
  return {
    sessions,
    rounds,
    crash,
    server,
    recordRound: server.recordRound,
    /** Finishes open rounds (the recovery job; also run once at boot). */
    async recover() {
      const n = await rounds.recover({
        // open crash bets are their table's (closed at the crash, or voided when the loop died)
        skip: (r) => r.crash_round_id !== null && r.status === 'debited',
        olderThanMs: ctx.config.gameRecoveryAgeMs,
      });
      await crash.recover();
      await gameServerRepo.deleteOldLaunchTokens(ctx.db, new Date(ctx.clock.now().getTime() - 86_400_000));
      return n;
    },
  };
}
export type GameServer = ReturnType<typeof build>;

/** The built-in game server of an app instance (the launch module issues its launch tokens). */
export const gameServerService = defineService('gameServer', (ctx: ModuleContext): GameServer => build(ctx));
export const gameServerFor = (ctx: ModuleContext) => serviceOf(gameServerService, ctx);

/**
 * The built-in game server (DESIGN "Games and vendors"): its iframe API under `/gs/api`, the game
 * UI, and the recovery job that finishes rounds a crash left open.
 */
export const registerGameServer: ModuleRegister = async (ctx) => {
  const gs = gameServerFor(ctx);
  const { server, sessions, crash } = gs;
  const session = (req: FastifyRequest, merchant: MerchantContext) =>
    sessions.resolve(merchant.id, req.headers[GAME_SESSION_HEADER]);

  ctx.route(gameServerEndpoints.session, async ({ merchant, body, reply }) => {
    const { session: s, sessionToken } = await sessions.exchange(merchant, body.launchToken);
    reply.header(GAME_SESSION_HEADER, sessionToken);
    return server.sessionView(s, merchant, sessionToken);
  });
  ctx.route(gameServerEndpoints.balance, async ({ req, merchant }) =>
    server.balance(await session(req, merchant), merchant),
  );
  ctx.route(gameServerEndpoints.spin, async ({ req, merchant, body }) =>
    server.spin(await session(req, merchant), merchant, body),
  );
  ctx.route(gameServerEndpoints.tableBet, async ({ req, merchant, body }) =>
    server.tableBet(await session(req, merchant), merchant, body),
  );
  ctx.route(gameServerEndpoints.dice, async ({ req, merchant, body }) =>
    server.dice(await session(req, merchant), merchant, body),
  );
  ctx.route(gameServerEndpoints.crashState, async ({ req, merchant }) =>
    crash.state(await session(req, merchant), merchant),
  );
  ctx.route(gameServerEndpoints.crashBet, async ({ req, merchant, body }) =>
    crash.bet(await session(req, merchant), merchant, body),
  );
  ctx.route(gameServerEndpoints.crashCashout, async ({ req, merchant }) =>
    crash.cashout(await session(req, merchant), merchant),
  );
  ctx.route(gameServerEndpoints.fairness, async ({ req, merchant }) =>
    sessions.fairness(await session(req, merchant)),
  );
  ctx.route(
    gameServerEndpoints.clientSeed,
    async ({ req, merchant, body }) =>
      (await sessions.rotate(await session(req, merchant), body.clientSeed)).current,
  );
  ctx.route(gameServerEndpoints.rotate, async ({ req, merchant }) =>
    sessions.rotate(await session(req, merchant)),
  );
  ctx.route(gameServerEndpoints.fairRound, ({ params }) => server.fairRound(params.roundId));
  ctx.route(gameServerEndpoints.history, async ({ req, merchant }) =>
    server.history(await session(req, merchant), merchant),
  );

  jobsFor(ctx).every(RECOVERY_JOB, 60_000, async () => {
    await gs.recover();
  });
  ctx.app.addHook('onClose', async () => crash.stop());
  await installGameUi(ctx.app, ctx.config.gameClientDist);
};
