import type { ComponentType } from 'react';
import { useSiteInfo } from '../../shared/system';
import { PageLoader } from '../../shared/ui/Loader';
import { ScreenChrome } from '../screens/ScreenChrome';

/** /agent and /agentHome render without the normal layout: brand, language and theme only. */
export function agentShell(Panel: ComponentType) {
  return function AgentShell() {
    const info = useSiteInfo();
    if (!info) return <PageLoader />;
    return (
      <ScreenChrome merchant={info.merchant}>
        <Panel />
      </ScreenChrome>
    );
  };
}
