import type { TSystemStatusValue } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { WrenchIcon } from '../../shared/ui/icons';
import { CsButton } from './CsButton';
import { ScreenChrome } from './ScreenChrome';

/** Root screen for status 1 (texts game_maintenance / info_maintenance, SPEC §2.1). */
export function MaintenanceScreen({ status }: { status: TSystemStatusValue }) {
  const { t } = useTranslation('system');
  const w = status.maintenanceInfo;
  const tz = status.info.merchant.timeZone;
  return (
    <ScreenChrome merchant={status.info.merchant}>
      <div className="status-screen" data-testid="maintenance-screen">
        <WrenchIcon className="status-screen__icon" width={64} height={64} />
        <h1>{t('game_maintenance')}</h1>
        <p>{t('info_maintenance')}</p>
        {w?.message && <p className="status-screen__note">{w.message}</p>}
        {(w?.startTime || w?.endTime) && (
          <p className="status-screen__window" data-testid="maintenance-window">
            {w.startTime && formatDateTime(w.startTime, tz)} {'–'}{' '}
            {w.endTime && formatDateTime(w.endTime, tz)}
          </p>
        )}
        <CsButton />
      </div>
    </ScreenChrome>
  );
}
