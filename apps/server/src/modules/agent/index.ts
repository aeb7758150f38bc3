/** The agent module's public entry: what other modules, the app and the seed may use. */
export { registerAgent } from './register.js';
export { balanceVisible, DEFAULT_AGENT_SETTINGS } from './agent.service.js';
