export const loadTransferUplinePage = () => import('./pages/TransferUplinePage');
export const loadTransferDownlinePage = () => import('./pages/TransferDownlinePage');
