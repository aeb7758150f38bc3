/** The withdraw module's public entry: what other modules, the app and the seed may use. */
export { registerWithdraw, turnoverService } from './register.js';
export { withdrawRepo } from './withdraw.repo.js';
