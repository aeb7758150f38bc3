import {
  adminAgentContractEndpoints,
  adminContractPayoutEndpoints,
  adminSettlementEndpoints,
  agentContractEndpoints,
  agentPayoutEndpoints,
  CONTRACT_KINDS,
} from '@bp/contract';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { memberServiceFor } from '../member/index.js';
import { messageServiceFor } from '../message/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { jobsFor } from '../../jobs/index.js';
import { createContractSettlement } from './contract-settlement.js';
import { createContractPayoutService } from './contract-payout.service.js';
import { createSettlementAdmin } from './settlement-admin.service.js';
import { createAgentContractService, type AgentContractService } from './agent-contract.service.js';

/** The one contract service of an app instance: the relays, the operator API and the wallet's flags use it. */
export const agentContractService = defineService(
  'agentContract',
  (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>): AgentContractService =>
    createAgentContractService({
      db: ctx.db,
      members: memberServiceFor(ctx),
      messages: messageServiceFor(ctx),
      audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
      clock: ctx.clock,
    }),
);
export const agentContractServiceFor = (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>) =>
  serviceOf(agentContractService, ctx);

/** Job name of the contract settlement (every 5 minutes: the last closed hour, day and dividend periods). */
export const SETTLE_JOB = 'agentContract.settle';

/** Agent contracts: the four relays (GET lists, POST acts) and the operator's contracts with top-level agents. */
export const registerAgentContract: ModuleRegister = (ctx) => {
  const contracts = agentContractServiceFor(ctx);
  const settlement = createContractSettlement({
    db: ctx.db,
    ledger: ledgerServiceFor(ctx),
    clock: ctx.clock,
  });
  jobsFor(ctx).every(SETTLE_JOB, 5 * 60_000, async () => {
    await settlement.settleDue(ctx.clock.now());
  });
  for (const kind of CONTRACT_KINDS) {
    const relay = agentContractEndpoints[kind];
    ctx.route(relay.list, ({ actor, merchant, query }) => contracts.list(actor, merchant, kind, query));
    ctx.route(relay.act, ({ actor, merchant, body }) => contracts.act(actor, merchant, kind, body));
  }
  const payouts = createContractPayoutService({ db: ctx.db, clock: ctx.clock });
  ctx.route(agentPayoutEndpoints.list, ({ actor, merchant, query }) => payouts.list(actor, merchant, query));
  ctx.route(agentPayoutEndpoints.status, ({ actor, merchant }) => payouts.status(actor, merchant));
  ctx.route(adminAgentContractEndpoints.list, ({ actor, merchant, query }) =>
    contracts.adminList(actor, merchant, query),
  );
  ctx.route(adminAgentContractEndpoints.offer, ({ actor, merchant, body, ip }) =>
    contracts.adminOffer({ actor, ip }, merchant, body),
  );
  ctx.route(adminContractPayoutEndpoints.list, ({ actor, merchant, query }) =>
    settlement.adminPayouts(actor, merchant, query),
  );
  const settlementAdmin = createSettlementAdmin({
    db: ctx.db,
    settlement,
    members: memberServiceFor(ctx),
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    clock: ctx.clock,
  });
  ctx.route(adminSettlementEndpoints.runs, ({ actor, merchant, query }) =>
    settlementAdmin.runs(actor, merchant, query),
  );
  ctx.route(adminSettlementEndpoints.rerun, ({ actor, merchant, body, ip }) =>
    settlementAdmin.rerun({ actor, ip }, merchant, body),
  );
  ctx.route(adminSettlementEndpoints.hold, ({ actor, merchant, params, body, ip }) =>
    settlementAdmin.hold({ actor, ip }, merchant, params.id, body),
  );
  ctx.route(adminAgentContractEndpoints.terminate, ({ actor, merchant, params, body, ip }) =>
    contracts.adminTerminate({ actor, ip }, merchant, params.id, body.confirm === true),
  );
};
