export const loadTransferUplinePage = () => import('./pages/TransferUplinePage');
