export { RECORDS_KEY } from './api/get-account-records';
export const loadTransactionHistoryPage = () => import('./pages/TransactionHistoryPage');
export const loadPersonalProfitPage = () => import('./pages/PersonalProfitPage');
export const loadBonusDetailsPage = () => import('./pages/BonusDetailsPage');
export const loadBettingRecordPage = () => import('./pages/BettingRecordPage');
