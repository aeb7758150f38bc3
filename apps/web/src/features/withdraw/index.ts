export const loadWithdrawPage = () => import('./pages/WithdrawPage');
export const loadReceiptConfirmModal = () => import('./components/ReceiptConfirmModal');
