import { CONTRACT_MODULE, type TContractKind } from '@bp/contract';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSiteInfo, useWhitelabel } from '../../shared/system';
import { navigateTo } from '../../shared/navigation';
import { useAppStore } from '../../shared/store/app-store';
import { openModal } from '../../shared/ui/modal-store';
import { PageLoader, RouteLoader } from '../../shared/ui/Loader';
import {
  ChartIcon,
  DepositIcon,
  DiceIcon,
  DownlineIcon,
  EnvelopeIcon,
  GiftIcon,
  ListIcon,
  WalletIcon,
  WithdrawIcon,
} from '../../shared/ui/money-icons';
import { AgentIcon, HeadsetIcon, SpeakerIcon } from '../../shared/ui/icons';
import {
  loadAccountDetailsPage,
  loadAnnouncementsPage,
  loadDownlineManagementPage,
  loadRegisterCenterPage,
  loadContractsPage,
  loadAgentCentreFrame,
  loadIncomePage,
  loadPayoutRecordPage,
  loadTeamBettingPage,
  loadTeamOverviewPage,
  loadUserLossPage,
  type AgentPageEntry,
} from '../../features/agent-centre';
import { useLogout } from '../../features/auth';
import { loadMessagesPage, useUnreadCount } from '../../features/messages';
import { loadDepositPage } from '../../features/deposit';
import { loadWithdrawPage } from '../../features/withdraw';

const Frame = lazy(() => loadAgentCentreFrame().then((m) => ({ default: m.AgentCentreFrame })));
const asLazy = <P,>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(load);
const Deposit = asLazy(loadDepositPage);
const Withdraw = asLazy(loadWithdrawPage);
const Messages = asLazy(loadMessagesPage);
const TeamOverview = asLazy(loadTeamOverviewPage);
const TeamBetting = asLazy(loadTeamBettingPage);
const UserLoss = asLazy(loadUserLossPage);
const Income = asLazy(loadIncomePage);
const PayoutRecord = asLazy(loadPayoutRecordPage);
const AccountDetails = asLazy(loadAccountDetailsPage);
const Contracts = asLazy(loadContractsPage);
const Announcements = asLazy(loadAnnouncementsPage);
const RegisterCenter = asLazy(loadRegisterCenterPage);
const DownlineManagement = asLazy(loadDownlineManagementPage);

interface PageDef extends Omit<AgentPageEntry, 'badge'> {
  render?: () => ReactNode;
  /** switched off by the merchant: neither listed nor reachable */
  off?: boolean;
}

export const DEFAULT_AGENT_PAGE = 'agentTeamOverview';

/**
 * `/agentHome/:page` (SPEC §2.5): the app composes the agent-centre frame with the pages the agent
 * features own and the member pages an agent also uses (deposit, withdraw, messages). A visitor or a
 * player is sent to the agent login (SPEC §2.1).
 */
export default function AgentCentrePage() {
  const { page } = useParams();
  const info = useSiteInfo();
  const token = useAppStore((s) => s.token);
  const member = useAppStore((s) => s.member);
  const isAgent = useAppStore((s) => s.isAgent);
  const wl = useWhitelabel();
  const unread = useUnreadCount();
  const logout = useLogout();

  useEffect(() => {
    if (!token || (member && !isAgent)) navigateTo('/agent', { replace: true });
  }, [token, member, isAgent]);

  const record = (id: string, kind: TContractKind): PageDef => ({
    id,
    label: id,
    icon: <GiftIcon />,
    off: !wl[CONTRACT_MODULE[kind]],
    // a record page per contract kind: the key remounts the page when another kind is chosen
    render: () => <PayoutRecord key={kind} kind={kind} title={id} />,
  });
  const pages: PageDef[] = [
    {
      id: 'agentAnnouncement',
      label: 'agentAnnouncement',
      icon: <SpeakerIcon width={20} height={20} />,
      off: !wl.AGEANNOUNCE3,
      render: () => <Announcements />,
    },
    {
      id: 'agentTeamOverview',
      label: 'agentTeamOverview',
      icon: <ChartIcon />,
      render: () => <TeamOverview />,
    },
    {
      id: 'registerCenter',
      label: 'registerCenter',
      icon: <AgentIcon width={20} height={20} />,
      render: () => <RegisterCenter />,
    },
    {
      id: 'downlineManagmentView',
      label: 'downlineManagmentView',
      icon: <DownlineIcon />,
      render: () => <DownlineManagement />,
    },
    {
      id: 'personalHistoryCopy',
      label: 'personalHistoryCopy',
      icon: <DiceIcon />,
      render: () => <TeamBetting />,
    },
    {
      id: 'palStatementsAgentCopy',
      label: 'palStatementsAgentCopy',
      icon: <ListIcon />,
      render: () => <UserLoss />,
    },
    { id: 'agentRevenueReport', label: 'agentRevenueReport', icon: <WalletIcon />, render: () => <Income /> },
    {
      id: 'agentDownlineTransactionDetailsCopy',
      label: 'agentDownlineTransactionDetailsCopy',
      icon: <ListIcon />,
      render: () => <AccountDetails />,
    },
    {
      id: 'agentContracts',
      label: 'agentContracts',
      icon: <ListIcon />,
      off: !wl.AGENTPOLICY3,
      render: () => <Contracts />,
    },
    record('agentDividendRecordCopy2', 'dividend'),
    record('agentDailyWages2', 'dailySalary'),
    record('agentHourSalary', 'hourlySalary'),
    record('agentRealtimeSalary', 'realtimeSalary'),
    { id: 'depositv2', label: 'depositv2', icon: <DepositIcon />, render: () => <Deposit /> },
    {
      id: 'withdraw',
      label: 'withdraw',
      icon: <WithdrawIcon />,
      render: () => <Withdraw onPaymentPassword={() => openModal('paymentPassword')} />,
    },
    { id: 'messageV2', label: 'messageV2', icon: <EnvelopeIcon />, render: () => <Messages /> },
    {
      id: 'customerService',
      label: 'customerService',
      icon: <HeadsetIcon width={20} height={20} />,
      onSelect: () => openModal('customerService'),
    },
  ];
  const listed = pages.filter((p) => !p.off);
  const current = listed.find((p) => p.id === (page ?? DEFAULT_AGENT_PAGE) && p.render);

  if (!info || !member || !isAgent) return <PageLoader />;
  // /agentHome shows the default page; an unknown or switched-off page goes back there
  if (!current) return <Navigate to="/agentHome" replace />;
  const entries: AgentPageEntry[] = listed.map(({ id, label, icon, onSelect }) => ({
    id,
    label,
    icon,
    onSelect,
    badge: id === 'messageV2' ? unread.data : undefined,
  }));
  return (
    <Suspense fallback={<RouteLoader />}>
      <Frame
        pages={entries}
        current={current.id}
        timeZone={info.merchant.timeZone}
        account={member.account}
        nickname={member.nickname}
        onLogout={() => void logout({ to: '/agent' })}
      >
        {current.render?.()}
      </Frame>
    </Suspense>
  );
}
