/** The wallet module's public entry: what other modules, the app and the seed may use. */
export { registerWallet } from './register.js';
export { walletRepo } from './wallet.repo.js';
export type { MerchantVendorRow } from './wallet.repo.js';
export { parseAmount } from './wallet.service.js';
