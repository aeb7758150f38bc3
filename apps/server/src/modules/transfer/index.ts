/** The transfer module's public entry: what other modules, the app and the seed may use. */
export { registerTransfer } from './register.js';
