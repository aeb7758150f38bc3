/** The agent-report module's public entry: what other modules, the app and the seed may use. */
export { registerAgentReport } from './register.js';
