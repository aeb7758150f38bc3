/** The deposit module's public entry: what other modules, the app and the seed may use. */
export { gatewaySecretsFrom, registerDeposit } from './register.js';
export { depositRepo } from './deposit.repo.js';
export type { ChannelValues } from './deposit.repo.js';
