/** The deposit module's public entry: what other modules, the app and the seed may use. */
export { depositHooks, gatewaySecretsFrom, registerDeposit } from './register.js';
export type { DepositCredited, DepositCreditedHook, DepositHooks } from './deposit.hooks.js';
export { depositRepo } from './deposit.repo.js';
export type { ChannelValues } from './deposit.repo.js';

import type { Executor } from '../../db/client.js';
import { depositRepo as repo } from './deposit.repo.js';
/** Credited (SUCCESS) deposits of a member: other modules' first-deposit rules read it. */
export const creditedDepositCount = (ex: Executor, memberId: number) => repo.successCount(ex, memberId);
