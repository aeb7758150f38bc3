/** The social module's public entry: what other modules, the app and the seed may use. */
export { registerSocial } from './register.js';
