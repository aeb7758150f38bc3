/** The built-in game server's public entry: what the modules and the app may use. */
export {
  gameServerFor,
  gameServerService,
  RECOVERY_JOB,
  CRASH_LOOP_LEASE,
  registerGameServer,
} from './register.js';
export { gameKindOf } from './game-kind.js';
export { GAME_SESSION_TTL_MS } from './game-session.service.js';
export type { GameSessionService } from './game-session.service.js';
// what the demo's history needs to write rounds exactly as a real play would (src/seed/history)
export { diceDecision, slotDecision, tableBets, tableDecision } from './game-play.js';
export { betTxnId, winTxnId, type Decision, type Seeds } from './round.service.js';
export { hashToken, sha256Text } from './game-session.service.js';
