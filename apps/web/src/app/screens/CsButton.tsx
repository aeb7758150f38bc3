import { useTranslation } from 'react-i18next';
import { HeadsetIcon } from '../../shared/ui/icons';
import { openModal } from '../../shared/ui/modal-store';

export function CsButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--primary btn--lg"
      data-testid="cs-button"
      onClick={() => openModal('customerService')}
    >
      <HeadsetIcon width={20} height={20} />
      {t('customerService')}
    </button>
  );
}
