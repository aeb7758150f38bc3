/** The two-factor module's public entry: what other modules, the app and the seed may use. */
export { registerTwoFactor } from './register.js';
