/** The registration module's public entry: what other modules, the app and the seed may use. */
export { registerRegistration } from './register.js';
