/** The vendor-wallet module's public entry: what other modules, the app and the seed may use. */
export { registerVendorWallet, vendorWalletService, vendorWalletServiceFor } from './register.js';
export type { VendorWalletService } from './vendor-wallet.service.js';
