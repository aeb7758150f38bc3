import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useWhitelabel } from '../../shared/system';
import {
  loadMemberCentreFrame,
  loadSecurityCenterPage,
  type MemberPageEntry,
} from '../../features/member-centre';
import { loadMessagesPage, useUnreadCount } from '../../features/messages';
import { loadVipPage } from '../../features/vip';
import { loadReferralPage } from '../../features/referral';
import { loadManualRebatePage } from '../../features/rebate';
import { loadMissionLeaderboardPage, MissionIcon, useMissionBadge } from '../../features/missions';
import { loadRewardCenterPage, useRewardBadge } from '../../features/rewards';
import { loadTransferFundPage } from '../../features/wallet';
import { loadDepositPage } from '../../features/deposit';
import { loadWithdrawPage } from '../../features/withdraw';
import { loadTransferDownlinePage, loadTransferUplinePage } from '../../features/transfer';
import {
  loadBettingRecordPage,
  loadBonusDetailsPage,
  loadPersonalProfitPage,
  loadTransactionHistoryPage,
} from '../../features/records';
import { requireRealAccount } from '../../features/auth';
import { useAppStore } from '../../shared/store/app-store';
import { openModal } from '../../shared/ui/modal-store';
import { RouteLoader } from '../../shared/ui/Loader';
import {
  EnvelopeIcon,
  ChartIcon,
  CrownIcon,
  DepositIcon,
  DiceIcon,
  DownlineIcon,
  GiftIcon,
  ListIcon,
  TransferIcon,
  UplineIcon,
  WithdrawIcon,
} from '../../shared/ui/money-icons';
import { InviteIcon, UserIcon } from '../../shared/ui/icons';
import '../../shared/ui/member-page.css';

const Frame = lazy(() => loadMemberCentreFrame().then((m) => ({ default: m.MemberCentreFrame })));
const asLazy = <P,>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(load);

const SecurityCenter = asLazy(loadSecurityCenterPage);
const TransferFund = asLazy(loadTransferFundPage);
const Deposit = asLazy(loadDepositPage);
const Withdraw = asLazy(loadWithdrawPage);
const TransferUpline = asLazy(loadTransferUplinePage);
const TransferDownline = asLazy(loadTransferDownlinePage);
const BettingRecord = asLazy(loadBettingRecordPage);
const TransactionHistory = asLazy(loadTransactionHistoryPage);
const PersonalProfit = asLazy(loadPersonalProfitPage);
const BonusDetails = asLazy(loadBonusDetailsPage);
const Messages = asLazy(loadMessagesPage);
const Vip = asLazy(loadVipPage);
const Referral = asLazy(loadReferralPage);
const ManualRebate = asLazy(loadManualRebatePage);
const MissionLeaderboard = asLazy(loadMissionLeaderboardPage);
const RewardCenter = asLazy(loadRewardCenterPage);

interface PageDef extends Omit<MemberPageEntry, 'badge'> {
  render: () => ReactNode;
  /** reachable by URL (the page then says it is not available) but not listed in the menu */
  hidden?: boolean;
}

export const DEFAULT_MEMBER_PAGE = 'securityCenter';

/**
 * `/member/:page` (SPEC §2.4): the app composes the member-centre frame with the pages other features
 * own. Only pages that exist are listed.
 */
export default function MemberCentrePage() {
  const { t } = useTranslation('memberCentre');
  const { page = DEFAULT_MEMBER_PAGE } = useParams();
  const token = useAppStore((s) => s.token);
  const isLogin = useAppStore((s) => s.isLogin);
  const isTrial = useAppStore((s) => s.isTrial);
  const isAgent = useAppStore((s) => s.isAgent);
  const wl = useWhitelabel();
  const unread = useUnreadCount();
  const missionBadge = useMissionBadge();
  const rewardBadge = useRewardBadge();

  const pages: PageDef[] = [
    {
      id: 'securityCenter',
      label: 'securityCenter',
      icon: <UserIcon width={20} height={20} />,
      render: () => (
        <SecurityCenter
          onChangePassword={wl.PASS3 ? () => openModal('changePassword') : undefined}
          onPaymentPassword={() => openModal('paymentPassword')}
        />
      ),
    },
    { id: 'transferFund', label: 'transferFund', icon: <TransferIcon />, render: () => <TransferFund /> },
    { id: 'depositv2', label: 'depositv2', icon: <DepositIcon />, render: () => <Deposit /> },
    {
      id: 'withdraw',
      label: 'withdraw',
      icon: <WithdrawIcon />,
      render: () => <Withdraw onPaymentPassword={() => openModal('paymentPassword')} />,
    },
    {
      id: 'transferUpline',
      label: 'transferUpline',
      icon: <UplineIcon />,
      render: () => <TransferUpline onPaymentPassword={() => openModal('paymentPassword')} />,
    },
    {
      id: 'transferDownline',
      label: 'transferDownline',
      icon: <DownlineIcon />,
      hidden: !isAgent,
      render: () => <TransferDownline onPaymentPassword={() => openModal('paymentPassword')} />,
    },
    {
      id: 'personalHistoryCopy',
      label: 'personalHistoryCopy',
      icon: <DiceIcon />,
      render: () => <BettingRecord />,
    },
    {
      id: 'transactionHistory',
      label: 'transactionHistory',
      icon: <ListIcon />,
      render: () => <TransactionHistory />,
    },
    { id: 'personalProfit', label: 'personalProfit', icon: <ChartIcon />, render: () => <PersonalProfit /> },
    { id: 'bonusDetails', label: 'bonusDetails', icon: <GiftIcon />, render: () => <BonusDetails /> },
    { id: 'vip', label: 'vip', icon: <CrownIcon />, render: () => <Vip /> },
    { id: 'manualRebate', label: 'manualRebate', icon: <ChartIcon />, render: () => <ManualRebate /> },
    { id: 'messageV2', label: 'messageV2', icon: <EnvelopeIcon />, render: () => <Messages /> },
    { id: 'rewardCenter', label: 'rewardCenter', icon: <GiftIcon />, render: () => <RewardCenter /> },
    { id: 'referral', label: 'referral', icon: <InviteIcon />, render: () => <Referral /> },
    {
      id: 'missionLeaderboard',
      label: 'missionLeaderboard',
      icon: <MissionIcon />,
      render: () => <MissionLeaderboard />,
    },
  ];
  const current = pages.find((p) => p.id === page);

  // Visitors get the login popup, trial accounts the 'need a real account' warning (SPEC §4).
  useEffect(() => {
    if (!token || isTrial) requireRealAccount(() => undefined);
  }, [token, isTrial]);

  if (!current) return <Navigate to={`/member/${DEFAULT_MEMBER_PAGE}`} replace />;
  if (!token || isTrial) {
    return (
      <div className="mc-gate" data-testid="member-gate" data-reason={isTrial ? 'trial' : 'login'}>
        <p>{isTrial ? t('auth:need_real_account') : t('loginFirst')}</p>
        {!isTrial && (
          <button type="button" className="btn btn--primary" onClick={() => openModal('login')}>
            {t('layout:login')}
          </button>
        )}
      </div>
    );
  }
  if (!isLogin) return <RouteLoader />;

  const entries: MemberPageEntry[] = pages
    .filter((p) => !p.hidden)
    .map(({ id, label, icon }) => ({
      id,
      label,
      icon,
      badge:
        id === 'messageV2'
          ? unread.data
          : id === 'missionLeaderboard'
            ? missionBadge
            : id === 'rewardCenter'
              ? rewardBadge
              : undefined,
    }));
  return (
    <Suspense fallback={<RouteLoader />}>
      <Frame pages={entries} current={current.id}>
        {current.render()}
      </Frame>
    </Suspense>
  );
}
