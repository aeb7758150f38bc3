import { adminReferralEndpoints as admin, referralEndpoints as e } from '@bp/contract';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { jobsFor } from '../../jobs/index.js';
import { createAuditService } from '../audit/index.js';
import { depositHooks } from '../deposit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { promotionServiceFor } from '../promotion/index.js';
import { registrationHooks } from '../registration/index.js';
import { memberValidBetSince } from '../team-figure/index.js';
import { createReferralService, type ReferralService } from './referral.service.js';

const referralService = defineService(
  'referral',
  (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>): ReferralService =>
    createReferralService({
      db: ctx.db,
      ledger: ledgerServiceFor(ctx),
      promotions: promotionServiceFor(ctx),
      audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
      events: ctx.events,
      clock: ctx.clock,
      validBetSince: memberValidBetSince,
    }),
);
export const referralServiceFor = (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>) =>
  serviceOf(referralService, ctx);

export const REFERRAL_TURNOVER_JOB = 'referral.turnover';

/** Member referral (issue 16): invitees, the referral triggers, the invite page's call and the operator's. */
export const registerReferral: ModuleRegister = (ctx) => {
  const referrals = referralServiceFor(ctx);
  // the invitee's record and the REFERRAL_REGISTER rewards, in the registration's own transaction
  serviceOf(registrationHooks, ctx).onRegistered((tx, r) => referrals.onRegistered(tx, r));
  // REFERRAL_DEPOSIT rewards, in the deposit's own transaction
  serviceOf(depositHooks, ctx).onCredited((tx, d) => referrals.onDepositCredited(tx, d));
  // REFERRAL_TURNOVER: bets settle through many paths; a keyed check pays once per invitee
  jobsFor(ctx).every(REFERRAL_TURNOVER_JOB, 5 * 60_000, async () => {
    await referrals.turnoverCheck();
  });

  ctx.route(e.details, ({ actor, merchant, language, req }) =>
    referrals.details(actor, merchant, language, `${req.protocol}://${req.host}`),
  );
  ctx.route(e.claim, ({ actor, merchant, body }) => referrals.claim(actor, merchant, body.promotionId));
  ctx.route(e.promoState, ({ actor, merchant, language }) => referrals.promoState(actor, merchant, language));

  ctx.route(admin.settings, ({ actor, merchant, params }) =>
    referrals.adminSettings(actor, merchant, params.id),
  );
  ctx.route(admin.updateSettings, ({ actor, merchant, params, body, ip }) =>
    referrals.adminUpdateSettings({ actor, ip }, merchant, params.id, body),
  );
  ctx.route(admin.memberReferrals, ({ actor, merchant, params, query }) =>
    referrals.adminMemberReferrals(actor, merchant, params.id, query),
  );
};
