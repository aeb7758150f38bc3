/** The game module's public entry: what other modules, the app and the seed may use. */
export { registerGame } from './register.js';
