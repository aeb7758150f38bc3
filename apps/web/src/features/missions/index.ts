// Loaders and the badge hook only: the member centre imports this file.
export const loadMissionLeaderboardPage = () => import('./pages/MissionLeaderboardPage');
export { useMissionBadge } from './api/get-mission-summary';
export { MISSIONS_KEY } from './api/keys';
export { MissionIcon } from './MissionIcon';
