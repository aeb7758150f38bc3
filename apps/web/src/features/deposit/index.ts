export const loadDepositPage = () => import('./pages/DepositPage');
