import { SYSTEM_STATUS, systemStatusOf } from '@bp/contract';
import { useSystemStatus } from '../shared/system';
import { PageLoader } from '../shared/ui/Loader';
import { useSiteSync } from './hooks/use-site-sync';
import { AppRouter } from './router';
import { BootError } from './screens/BootError';
import { MaintenanceScreen } from './screens/MaintenanceScreen';
import { RegionBlockScreen } from './screens/RegionBlockScreen';

/** System status decides the root screen: 0 normal UI, 1 maintenance, 2 region blocked (maintenance wins). */
export function RootScreen() {
  const { data: status, error, refetch, isPending } = useSystemStatus();
  useSiteSync(status);

  if (isPending) return <PageLoader />;
  if (error || !status) return <BootError error={error} retry={() => void refetch()} />;
  // Derived from the flags rather than trusting `status` alone, so maintenance always wins.
  const code = systemStatusOf(status);
  if (code === SYSTEM_STATUS.MAINTENANCE) return <MaintenanceScreen status={status} />;
  if (code === SYSTEM_STATUS.REGION_BLOCKED) return <RegionBlockScreen status={status} />;
  return <AppRouter />;
}
