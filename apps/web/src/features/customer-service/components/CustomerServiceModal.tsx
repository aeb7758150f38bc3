import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/Modal';
import { type CsEntry, useCsLinks } from '../hooks/use-cs-links';
import { CsTypeIcon } from './CsTypeIcon';
import './customer-service.css';

/** Customer-service channels of the merchant (modal id `customerService`). */
export default function CustomerServiceModal({
  entries,
  onClose,
}: {
  entries: CsEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation('cs');
  const { data: links, isPending } = useCsLinks(entries);
  return (
    <Modal title={t('title')} onClose={onClose} size="sm" testId="cs-modal" closeTestId="cs-modal-close">
      <p className="muted cs-intro">{t('intro')}</p>
      {entries.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <ul className="cs-list">
          {(isPending ? entries.map((e) => ({ ...e, href: null })) : (links ?? [])).map((l, i) => {
            const label = t(`type_${l.csType.toUpperCase()}`, { defaultValue: l.name || l.csType });
            return (
              <li key={`${l.csType}-${i}`}>
                {l.href ? (
                  <a
                    className="cs-entry"
                    href={l.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`cs-entry-${l.csType}`}
                  >
                    <CsTypeIcon csType={l.csType} />
                    <span className="cs-entry__text">
                      <strong>{label}</strong>
                      {l.name && l.name !== label && <small>{l.name}</small>}
                    </span>
                  </a>
                ) : (
                  <span className="cs-entry cs-entry--disabled" aria-disabled="true">
                    <CsTypeIcon csType={l.csType} />
                    <span className="cs-entry__text">
                      <strong>{label}</strong>
                      <small>{isPending ? t('common:loading') : t('unavailable')}</small>
                    </span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
