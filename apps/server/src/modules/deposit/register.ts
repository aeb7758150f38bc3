import type { Db } from '../../db/client.js';
import { defineService, serviceOf, type AppScope, type ModuleRegister } from '../../platform/module.js';
import { createDepositHooks } from './deposit.hooks.js';
import { createAuditService } from '../audit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { messageServiceFor } from '../message/index.js';
import { createDepositChannelAdmin } from './deposit.channels.js';
import { depositRepo } from './deposit.repo.js';
import { depositRoutes } from './deposit.routes.js';
import { createDepositService } from './deposit.service.js';
import { jobsFor } from '../../jobs/index.js';

export const DEPOSIT_RECONCILE_JOB = 'deposit.reconcile';

/** Hooks other modules add to run in the transaction that credits a deposit (`onCredited`). */
export const depositHooks = defineService('depositHooks', (_ctx: AppScope) => createDepositHooks());

/** Deposits: channels per merchant, bank transfers reviewed by operators, online gateway payments. */
export const registerDeposit: ModuleRegister = async (ctx) => {
  const audit = createAuditService({ db: ctx.db, clock: ctx.clock });
  const deposits = createDepositService({
    db: ctx.db,
    ledger: ledgerServiceFor(ctx),
    messages: messageServiceFor(ctx),
    audit,
    events: ctx.events,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    merchants: ctx.merchants,
    hooks: serviceOf(depositHooks, ctx),
  });
  const channels = createDepositChannelAdmin({ db: ctx.db, audit });
  await depositRoutes(ctx, { deposits, channels });
  // notifications can be lost (gateway retries run out): ask the gateway about what is still pending
  jobsFor(ctx).every(DEPOSIT_RECONCILE_JOB, 60_000, async ({ now }) => {
    await deposits.reconcile(now);
  });
};

/**
 * The secrets the built-in test gateway knows (main.ts starts it beside the API): those of the online
 * channels stored here, looked up by gateway merchant id, so the demo's channel and the gateway always
 * agree without a shared secret in the configuration.
 */
export const gatewaySecretsFrom = (db: Db) => (mchId: string) => depositRepo.gatewaySecret(db, mchId);
