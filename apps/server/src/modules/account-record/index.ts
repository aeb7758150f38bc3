/** The account-record module's public entry: what other modules, the app and the seed may use. */
export { registerAccountRecord } from './register.js';
export { remarkOf, reportRange, type ReportRange } from './account-record.service.js';
