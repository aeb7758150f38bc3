/** The merchant module's public entry: what other modules, the app and the seed may use. */
export { createMerchantService } from './merchant.service.js';
export { merchantRepo } from './merchant.repo.js';
