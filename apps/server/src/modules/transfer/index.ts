/** The transfer module's public entry: what other modules, the app and the seed may use. */
export { registerTransfer, transferService, transferServiceFor } from './register.js';
export type { TransferService } from './transfer.service.js';
