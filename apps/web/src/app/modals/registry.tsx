import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadNoticeListModal, loadNoticePopup } from '../../features/announcements';
import {
  loadChangePasswordModal,
  loadForgotPasswordModal,
  loadLoginModal,
  loadRegisterModal,
  loadSliderModal,
} from '../../features/auth';
import { loadCustomerServiceModal } from '../../features/customer-service';
import { loadGameMaintenanceModal, loadVendorGamesModal } from '../../features/lobby';
import { loadPaymentPasswordModal } from '../../features/member-centre';
import { loadReceiptConfirmModal } from '../../features/withdraw';
import { useSiteInfo } from '../../shared/system';
import { loadLazyNamespaces } from '../../shared/i18n';

export interface ModalComponentProps {
  onClose: () => void;
  [prop: string]: unknown;
}
type ModalComponent =
  ComponentType<ModalComponentProps> | LazyExoticComponent<ComponentType<ModalComponentProps>>;

const CustomerServiceModal = lazy(loadCustomerServiceModal);
const asModal = (load: () => Promise<{ default: ComponentType<never> }>) =>
  lazy(load as () => Promise<{ default: ComponentType<ModalComponentProps> }>);

/** The app composes the customer-service feature with the entries of the status payload. */
function CustomerServiceContainer({ onClose }: ModalComponentProps) {
  const entries = useSiteInfo()?.customerService ?? [];
  return <CustomerServiceModal entries={entries} onClose={onClose} />;
}

const withLobbyTexts = (load: () => Promise<{ default: ComponentType<never> }>) =>
  asModal(async () => (await Promise.all([load(), loadLazyNamespaces()]))[0]);

/**
 * The modal registry: modal id -> component (lazy, so a modal's code loads when first opened).
 * EXTENSION POINT: later issues register their modals here (`gamePopup`, `vendorGames` and
 * `gameMaintenance` are the lobby's). `/login` and `/register` open `login` /
 * `register`; `dialog` backs `showDialog` (alerts and confirmations); `slider` the slider check.
 */
const registry: Record<string, ModalComponent> = {
  customerService: CustomerServiceContainer,
  dialog: asModal(() => import('../../shared/ui/Dialog')),
  login: asModal(loadLoginModal),
  register: asModal(loadRegisterModal),
  forgotPassword: asModal(loadForgotPasswordModal),
  changePassword: asModal(loadChangePasswordModal),
  slider: asModal(loadSliderModal),
  paymentPassword: asModal(
    async () => (await Promise.all([loadPaymentPasswordModal(), loadLazyNamespaces()]))[0],
  ),
  withdrawConfirm: asModal(
    async () => (await Promise.all([loadReceiptConfirmModal(), loadLazyNamespaces()]))[0],
  ),
  gamePopup: asModal(() => import('./GamePopupContainer')),
  vendorGames: withLobbyTexts(loadVendorGamesModal),
  gameMaintenance: withLobbyTexts(loadGameMaintenanceModal),
  notice: lazy(loadNoticePopup) as ModalComponent,
  noticeList: lazy(loadNoticeListModal) as ModalComponent,
};

export const hasModal = (id: string) => id in registry;
export const modalComponent = (id: string): ModalComponent | undefined => registry[id];
