// Loaders only: the registry and the router import this file, and the home route must stay small.
export type { MemberPageEntry } from './components/MemberCentreFrame';
export const loadMemberCentreFrame = () => import('./components/MemberCentreFrame');
export const loadSecurityCenterPage = () => import('./pages/SecurityCenterPage');
export const loadPaymentPasswordModal = () => import('./components/PaymentPasswordModal');
