import type { TPopup } from '@bp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/Modal';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import './notices.css';

/** Popup announcements one after another; closing closes them all for the session. */
export default function AnnouncementPopup({ popups, onClose }: { popups: TPopup[]; onClose: () => void }) {
  const { t } = useTranslation('home');
  const [i, setI] = useState(0);
  const popup = popups[Math.min(i, popups.length - 1)]!;
  const last = i >= popups.length - 1;
  return (
    <Modal
      title={popup.title}
      onClose={onClose}
      testId="announcement-popup"
      closeTestId="announcement-popup-close"
      footer={
        <div className="pager">
          <span className="pager__count" data-testid="announcement-popup-index">
            {popups.length > 1 ? `${i + 1} / ${popups.length}` : ''}
          </span>
          {last ? (
            <button type="button" className="btn btn--primary" onClick={onClose}>
              {t('common:gotIt')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setI(i + 1)}
              data-testid="announcement-popup-next"
            >
              {t('next')}
            </button>
          )}
        </div>
      }
    >
      <SafeHtml html={popup.content} testId="announcement-popup-content" />
    </Modal>
  );
}
