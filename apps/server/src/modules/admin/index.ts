/** The admin module's public entry: what other modules, the app and the seed may use. */
export { registerAdmin } from './register.js';
