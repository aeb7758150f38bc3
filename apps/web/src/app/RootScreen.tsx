import { SYSTEM_STATUS, systemStatusOf } from '@bp/contract';
import { useDeferredValue } from 'react';
import { useSystemStatus } from '../shared/system';
import { ShellLoader } from '../shared/ui/Loader';
import { useSiteSync } from './hooks/use-site-sync';
import { AppRouter } from './router';
import { BootError } from './screens/BootError';
import { MaintenanceScreen } from './screens/MaintenanceScreen';
import { RegionBlockScreen } from './screens/RegionBlockScreen';

/** System status decides the root screen: 0 normal UI, 1 maintenance, 2 region blocked (maintenance wins). */
export function RootScreen() {
  const { data, error, refetch, isPending } = useSystemStatus();
  useSiteSync(data);
  // The whole site renders when the status arrives: as a deferred render, which React splits into
  // short slices, instead of one long task that blocks a slow phone's main thread (the loader stays
  // up until it is done).
  const status = useDeferredValue(data);

  if (isPending || (data && !status)) return <ShellLoader />;
  if (error || !status) return <BootError error={error} retry={() => void refetch()} />;
  // Derived from the flags rather than trusting `status` alone, so maintenance always wins.
  const code = systemStatusOf(status);
  if (code === SYSTEM_STATUS.MAINTENANCE) return <MaintenanceScreen status={status} />;
  if (code === SYSTEM_STATUS.REGION_BLOCKED) return <RegionBlockScreen status={status} />;
  return <AppRouter />;
}
