export type { CsEntry } from './hooks/use-cs-links';
export const loadCustomerServiceModal = () => import('./components/CustomerServiceModal');
