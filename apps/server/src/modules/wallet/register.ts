import { walletEndpoints } from '@bp/contract';
import type { ModuleRegister } from '../../platform/module.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { agentContractServiceFor } from '../agent-contract/index.js';
import { createWalletService } from './wallet.service.js';

export const registerWallet: ModuleRegister = (ctx) => {
  const wallets = createWalletService({
    db: ctx.db,
    ledger: ledgerServiceFor(ctx),
    contracts: agentContractServiceFor(ctx),
    events: ctx.events,
  });
  ctx.route(walletEndpoints.balance, ({ actor, merchant }) => wallets.balance(actor, merchant));
  ctx.route(walletEndpoints.merchantWallet, ({ merchant }) => wallets.merchantWallet(merchant));
  ctx.route(walletEndpoints.consolidated, ({ actor, merchant }) => wallets.consolidated(actor, merchant));
  ctx.route(walletEndpoints.transfer, ({ actor, merchant, body }) => wallets.transfer(actor, merchant, body));
};
