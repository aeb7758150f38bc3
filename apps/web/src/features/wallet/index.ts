// Light on purpose: the header and the app root import this file.
export { WALLET_KEY } from './api/get-balance';
export const loadHeaderWallet = () =>
  import('./components/HeaderWallet').then((m) => ({ default: m.HeaderWallet }));
export const loadTransferFundPage = () => import('./pages/TransferFundPage');
