/** The account-record module's public entry: what other modules, the app and the seed may use. */
export { registerAccountRecord } from './register.js';
export { reportRange } from './account-record.service.js';
