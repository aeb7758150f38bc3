/** The realtime module's public entry: what other modules, the app and the seed may use. */
export { registerRealtime } from './realtime.js';
