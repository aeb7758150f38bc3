import {
  adminPromotionCodeEndpoints,
  adminPromotionEndpoints,
  adminPromotionApplicationEndpoints,
  adminRaffleEndpoints,
  promotionApplicationEndpoints,
  promotionCodeEndpoints,
  promotionEndpoints,
  raffleEndpoints,
} from '@bp/contract';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { creditedDepositCount, depositHooks } from '../deposit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { pointsServiceFor } from '../points/index.js';
import { memberServiceFor } from '../member/index.js';
import { memberValidBetByTypeSince } from '../team-figure/index.js';
import { registrationHooks } from '../registration/index.js';
import { turnoverService } from '../withdraw/index.js';
import { jobsFor } from '../../jobs/index.js';
import {
  createPromotionService,
  PROMOTION_BET_VOLUME_JOB,
  type PromotionService,
} from './promotion.service.js';
import { registerTickets } from './ticket.routes.js';
import { checkinRoutes } from './checkin.routes.js';
import { createPromotionCodeAdmin } from './promotion.codes.js';
import { createRaffleService } from './raffle.service.js';
import { createApplicationService } from './application.service.js';
import { messageServiceFor } from '../message/index.js';
import { gameKindOf } from '../../games/index.js';
import { builtInGame } from './freespin.repo.js';

/** An application carries up to 3 images of 5 MB as base64 in JSON: about 21 MB of text. */
const APPLY_BODY_LIMIT = 22 * 1024 * 1024;

/** The one promotion service of an app instance. */
export const promotionService = defineService(
  'promotion',
  (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>): PromotionService =>
    createPromotionService({
      db: ctx.db,
      ledger: ledgerServiceFor(ctx),
      members: memberServiceFor(ctx),
      audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
      events: ctx.events,
      clock: ctx.clock,
      validBetByType: memberValidBetByTypeSince,
      depositCount: creditedDepositCount,
      points: pointsServiceFor(ctx),
      isSlot: async (ex, merchantId, vendor, gameCode) => {
        const g = await builtInGame(ex, merchantId, vendor, gameCode);
        return g !== undefined && gameKindOf(g).kind === 'slot';
      },
    }),
);
export const promotionServiceFor = (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>) =>
  serviceOf(promotionService, ctx);

export const PROMOTION_SWEEP_JOB = 'promotion.sweep';
export { PROMOTION_BET_VOLUME_JOB };

/** Promotions (issue 16): operator definitions, the player relays, the deposit trigger and the withdrawal gate. */
export const registerPromotion: ModuleRegister = (ctx) => {
  const promotions = promotionServiceFor(ctx);
  registerTickets(ctx, promotions);
  // a first deposit grants what the member joined, in the deposit's own transaction
  serviceOf(depositHooks, ctx).onCredited((tx, d) => promotions.onDepositCredited(tx, d));
  // a registration pays the sign-up bonuses running, in the registration's own transaction
  serviceOf(registrationHooks, ctx).onRegistered((tx, r) => promotions.onRegistered(tx, r));
  // a withdrawal waits for open wagering (converting or forfeiting what is due first; a promotion
  // that forfeits on withdrawal is forfeited by the request instead)
  serviceOf(turnoverService, ctx).addSource(
    async (memberId) => (await promotions.refresh(memberId, { withdrawing: true })).remaining,
  );
  // bonuses nobody looks at still convert or expire
  const raffles = createRaffleService({
    db: ctx.db,
    ledger: ledgerServiceFor(ctx),
    promotions,
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    events: ctx.events,
    clock: ctx.clock,
  });
  // raffles whose draw time has come are drawn by the same minute's sweep
  jobsFor(ctx).every(PROMOTION_SWEEP_JOB, 60_000, async () => {
    await promotions.sweep();
    await raffles.drawDue();
  });
  // bet volume periods that ended are paid to members who reached them without claiming (autoGrant)
  jobsFor(ctx).every(PROMOTION_BET_VOLUME_JOB, 10 * 60_000, async ({ now }) => {
    await promotions.payFinishedBetVolumes(now);
  });
  for (const e of [raffleEndpoints.claim, raffleEndpoints.claimFe]) {
    ctx.route(e, ({ actor, merchant, body, ip }) => raffles.claim(actor, merchant, body.promotionId, ip));
  }
  ctx.route(raffleEndpoints.status, ({ actor, merchant, query }) =>
    raffles.status(actor, merchant, query.promotionId),
  );
  ctx.route(adminRaffleEndpoints.set, ({ actor, merchant, params, body, ip }) =>
    raffles.adminSet({ actor, ip }, merchant, params.id, body),
  );
  ctx.route(adminRaffleEndpoints.get, ({ actor, merchant, params }) =>
    raffles.adminGet(actor, merchant, params.id),
  );

  ctx.route(promotionEndpoints.available, ({ actor, merchant, language, query }) =>
    promotions.available(actor, merchant, language, query),
  );
  ctx.route(promotionEndpoints.merchantAvailable, ({ merchant, language, query }) =>
    promotions.forVisitors(merchant, language, query),
  );
  ctx.route(promotionEndpoints.legacyList, ({ actor, merchant, language, query }) =>
    promotions.available(actor, merchant, language, query),
  );
  ctx.route(promotionEndpoints.depositList, ({ actor, merchant, language }) =>
    promotions.depositList(actor, merchant, language),
  );
  ctx.route(promotionEndpoints.categories, ({ merchant }) => promotions.categories(merchant));
  ctx.route(promotionEndpoints.claimable, ({ actor, merchant, language }) =>
    promotions.claimable(actor, merchant, language),
  );
  ctx.route(promotionEndpoints.registerList, ({ actor, merchant, language }) =>
    promotions.registerList(actor, merchant, language),
  );
  ctx.route(promotionEndpoints.claims, ({ actor, merchant, language }) =>
    promotions.claims(actor, merchant, language),
  );
  ctx.route(promotionEndpoints.freeSpins, ({ actor, merchant, language }) =>
    promotions.freeSpinList(actor, merchant, language),
  );
  ctx.route(promotionEndpoints.join, ({ actor, merchant, language, body, ip }) =>
    promotions.join(actor, merchant, language, body.promotionId, ip),
  );

  ctx.route(promotionCodeEndpoints.redeem, ({ actor, merchant, language, body, ip }) =>
    promotions.redeemCode(actor, merchant, language, body.code, ip),
  );
  const codes = createPromotionCodeAdmin({
    db: ctx.db,
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    clock: ctx.clock,
  });
  ctx.route(adminPromotionCodeEndpoints.list, ({ actor, merchant, params }) =>
    codes.list(actor, merchant, params.id),
  );
  ctx.route(adminPromotionCodeEndpoints.create, ({ actor, merchant, params, body, ip }) =>
    codes.create({ actor, ip }, merchant, params.id, body),
  );
  ctx.route(adminPromotionCodeEndpoints.update, ({ actor, merchant, params, body, ip }) =>
    codes.update({ actor, ip }, merchant, params.codeId, body),
  );

  ctx.route(adminPromotionEndpoints.list, ({ actor, merchant, query }) =>
    promotions.adminList(actor, merchant, query),
  );
  ctx.route(adminPromotionEndpoints.create, ({ actor, merchant, body, ip }) =>
    promotions.adminCreate({ actor, ip }, merchant, body),
  );
  ctx.route(adminPromotionEndpoints.claims, ({ actor, merchant, query }) =>
    promotions.adminClaims(actor, merchant, query),
  );
  ctx.route(adminPromotionEndpoints.grant, ({ actor, merchant, params, body, ip }) =>
    promotions.adminGrant({ actor, ip }, merchant, params.id, body),
  );
  ctx.route(adminPromotionEndpoints.update, ({ actor, merchant, params, body, ip }) =>
    promotions.adminUpdate({ actor, ip }, merchant, params.id, body),
  );
  checkinRoutes(ctx, promotions.checkin);

  // applications (APPLICATION trigger): the member's apply in a scope of its own with a larger body limit
  const applications = createApplicationService({
    db: ctx.db,
    ledger: ledgerServiceFor(ctx),
    promotions,
    messages: messageServiceFor(ctx),
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    events: ctx.events,
    clock: ctx.clock,
  });
  const pa = promotionApplicationEndpoints;
  const aa = adminPromotionApplicationEndpoints;
  ctx.app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: APPLY_BODY_LIMIT },
      scope.getDefaultJsonParser('error', 'error'),
    );
    ctx.routeIn(scope)(pa.apply, ({ actor, merchant, language, body, ip }) =>
      applications.apply(actor, merchant, language, body, ip),
    );
  });
  ctx.route(pa.list, ({ actor, merchant, language, query }) =>
    applications.mine(actor, merchant, language, query.promotionId),
  );
  ctx.route(pa.image, ({ actor, query }) => applications.memberImage(actor, query.id, query.index));
  ctx.route(aa.list, ({ actor, merchant, query }) => applications.adminList(actor, merchant, query));
  ctx.route(aa.get, ({ actor, merchant, params }) => applications.adminGet(actor, merchant, params.id));
  ctx.route(aa.approve, ({ actor, merchant, params, body, ip }) =>
    applications.approve({ actor, ip }, merchant, params.id, body),
  );
  ctx.route(aa.reject, ({ actor, merchant, params, body, ip }) =>
    applications.reject({ actor, ip }, merchant, params.id, body),
  );
  ctx.route(aa.getSettings, ({ actor, merchant, params }) =>
    applications.getSettings(actor, merchant, params.id),
  );
  ctx.route(aa.setSettings, ({ actor, merchant, params, body, ip }) =>
    applications.setSettings({ actor, ip }, merchant, params.id, body),
  );
};
