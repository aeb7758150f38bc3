import { adminVipEndpoints, vipEndpoints } from '@bp/contract';
import { jobsFor } from '../../jobs/index.js';
import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { memberServiceFor } from '../member/index.js';
import { messageServiceFor } from '../message/index.js';
import { createVipService } from './vip.service.js';

/** Job name of the VIP re-evaluation (every 10 minutes, once across instances). */
export const VIP_EVALUATE_JOB = 'vip.evaluate';

/** VIP ranks (issue 16): operators' levels, the players' progress and the upgrade run. */
export const registerVip: ModuleRegister = (ctx) => {
  const vip = createVipService({
    db: ctx.db,
    clock: ctx.clock,
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    members: memberServiceFor(ctx),
    messages: messageServiceFor(ctx),
  });
  jobsFor(ctx).every(VIP_EVALUATE_JOB, 10 * 60_000, async ({ now }) => {
    await vip.evaluateAll(now);
  });
  ctx.route(vipEndpoints.rankProgress, ({ actor, merchant }) => vip.progress(actor, merchant));
  ctx.route(vipEndpoints.levels, ({ merchant }) => vip.playerLevels(merchant));
  ctx.route(adminVipEndpoints.list, ({ actor, merchant }) => vip.listLevels(actor, merchant));
  ctx.route(adminVipEndpoints.create, ({ actor, merchant, ip, body }) =>
    vip.createLevel({ actor, ip }, merchant, body),
  );
  ctx.route(adminVipEndpoints.update, ({ actor, merchant, ip, params, body }) =>
    vip.updateLevel({ actor, ip }, merchant, params.id, body),
  );
};
