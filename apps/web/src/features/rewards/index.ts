// Loaders and the light badge hook only: the member centre's frame imports this file.
export const loadRewardCenterPage = () => import('./pages/RewardCenterPage');
export { useRewardBadge } from './api/tickets';
