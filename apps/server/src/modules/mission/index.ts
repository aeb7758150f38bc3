/** The mission module's public entry: missions, their claims and the leaderboard (issue 16). */
export { registerMission } from './register.js';
export type { MissionService } from './mission.service.js';
