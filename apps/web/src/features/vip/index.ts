// Loaders and keys only: the member centre and the app's real-time wiring import this file.
export const loadVipPage = () => import('./pages/VipPage');
export { VIP_KEY } from './api/keys';
