// Loaders and keys only: the member centre imports this file.
export const loadManualRebatePage = () => import('./pages/ManualRebatePage');
export { REBATE_KEY } from './api/keys';
