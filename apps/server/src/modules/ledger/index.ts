/** The ledger module's public entry: what other modules, the app and the seed may use. */
export { ledgerService, ledgerServiceFor } from './register.js';
export { createLedgerService, HOUSE_BUCKETS } from './ledger.service.js';
export { checkLedgerInvariants } from './ledger.invariants.js';
export type { AccountRef, HouseAccountCode, LedgerService } from './ledger.service.js';
