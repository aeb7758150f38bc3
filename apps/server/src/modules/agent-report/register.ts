import { agentReportEndpoints as e } from '@bp/contract';
import type { ModuleRegister } from '../../platform/module.js';
import { createAgentReportService } from './agent-report.service.js';

/** The agent centre's reports (`/wps/report/*`), each over the caller's own team. */
export const registerAgentReport: ModuleRegister = (ctx) => {
  const reports = createAgentReportService({ db: ctx.db, clock: ctx.clock });
  ctx.route(e.teamOverview, ({ actor, merchant, query }) => reports.teamOverview(actor, merchant, query));
  ctx.route(e.teamBetting, ({ actor, merchant, query }) => reports.teamBetting(actor, merchant, query));
  ctx.route(e.userLoss, ({ actor, merchant, query }) => reports.userLoss(actor, merchant, query));
  ctx.route(e.income, ({ actor, merchant, query }) => reports.income(actor, merchant, query));
  ctx.route(e.downlineTransaction, ({ actor, merchant, query }) =>
    reports.downlineTransaction(actor, merchant, query),
  );
  ctx.route(e.commission, ({ actor, merchant, query }) => reports.commission(actor, merchant, query));
};
