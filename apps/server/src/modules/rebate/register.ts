import { adminRebateEndpoints, rebateEndpoints } from '@bp/contract';
import { jobsFor } from '../../jobs/index.js';
import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { messageServiceFor } from '../message/index.js';
import { rollUpRebateBets } from './rebate.rollup.js';
import { runDue } from './rebate.run.js';
import { createRebateService } from './rebate.service.js';
import { createVipBenefits } from './vip-benefit.js';

/** Job name of the nightly rebate and cash-back runs (every 10 minutes: runs what closed and is not done). */
export const REBATE_JOB = 'rebate.daily';
/** Job name of the roll-up of the rebate's valid bets (every minute, behind the team figures' roll-up). */
export const REBATE_ROLLUP_JOB = 'rebate.rollUp';
/** Job name of the VIP benefits (upgrade and birthday bonuses), every minute. */
export const VIP_BENEFITS_JOB = 'vip.benefits';

/** Rebates, cash back and paid VIP benefits (issue 16). See README.md. */
export const registerRebate: ModuleRegister = (ctx) => {
  const ledger = ledgerServiceFor(ctx);
  const rebate = createRebateService({
    db: ctx.db,
    clock: ctx.clock,
    ledger,
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
  });
  const benefits = createVipBenefits({ db: ctx.db, ledger, messages: messageServiceFor(ctx) });
  const jobs = jobsFor(ctx);
  jobs.every(REBATE_JOB, 10 * 60_000, async ({ now }) => {
    await runDue(ctx.db, now);
  });
  jobs.every(REBATE_ROLLUP_JOB, 60_000, async () => {
    await rollUpRebateBets(ctx.db);
  });
  jobs.every(VIP_BENEFITS_JOB, 60_000, async ({ now }) => {
    await benefits.payUpgrades();
    await benefits.payBirthdays(now);
  });
  ctx.route(rebateEndpoints.settingByProductType, ({ actor, merchant }) =>
    rebate.settingByProductType(actor, merchant),
  );
  ctx.route(rebateEndpoints.manual, ({ actor, merchant }) => rebate.manual(actor, merchant));
  ctx.route(rebateEndpoints.claim, ({ actor, merchant }) => rebate.claim(actor, merchant));
  ctx.route(rebateEndpoints.history, ({ actor, merchant, query }) => rebate.history(actor, merchant, query));
  ctx.route(rebateEndpoints.birthday, ({ actor, body }) => rebate.setBirthday(actor, body.birthDate));
  ctx.route(adminRebateEndpoints.settings, ({ actor, merchant }) => rebate.settings(actor, merchant));
  ctx.route(adminRebateEndpoints.updateSettings, ({ actor, merchant, ip, body }) =>
    rebate.updateSettings({ actor, ip }, merchant, body),
  );
  ctx.route(adminRebateEndpoints.runs, ({ actor, merchant, query }) => rebate.runs(actor, merchant, query));
  ctx.route(adminRebateEndpoints.run, ({ actor, merchant, ip, body }) =>
    rebate.run({ actor, ip }, merchant, body),
  );
  ctx.route(adminRebateEndpoints.results, ({ actor, merchant, params, query }) =>
    rebate.results(actor, merchant, params.id, query),
  );
  ctx.route(adminRebateEndpoints.birthday, ({ actor, merchant, ip, params, body }) =>
    rebate.memberBirthday({ actor, ip }, merchant, params.id, body.birthDate),
  );
};
