import type { TSystemStatusValue } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../shared/ui/icons';
import { CsButton } from './CsButton';
import { ScreenChrome } from './ScreenChrome';

/** Root screen for status 2 (texts blockip / info_ip_block with the visitor's IP, SPEC §2.1). */
export function RegionBlockScreen({ status }: { status: TSystemStatusValue }) {
  const { t } = useTranslation('system');
  return (
    <ScreenChrome merchant={status.info.merchant}>
      <div className="status-screen" data-testid="region-block-screen">
        <ShieldIcon className="status-screen__icon" width={64} height={64} />
        <h1>{t('blockip')}</h1>
        <p>{t('info_ip_block')}</p>
        <p className="status-screen__ip">
          {t('your_ip')}: <strong data-testid="visitor-ip">{status.location.ip}</strong>
          {status.location.countryCode && <span> ({status.location.countryCode})</span>}
        </p>
        <CsButton />
      </div>
    </ScreenChrome>
  );
}
