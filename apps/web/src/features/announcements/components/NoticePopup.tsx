import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/Modal';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { useAnnouncements } from '../api/get-announcements';
import './notices.css';

/** One notice with previous/next through the list. Registered as modal id `notice`. */
export default function NoticePopup({ index = 0, onClose }: { index?: number; onClose: () => void }) {
  const { t } = useTranslation('home');
  const notices = useAnnouncements().data?.player ?? [];
  const [i, setI] = useState(index);
  const notice = notices[i];
  if (!notice) return null;
  return (
    <Modal
      title={notice.title}
      onClose={onClose}
      testId="notice-popup"
      closeTestId="notice-popup-close"
      footer={
        notices.length > 1 && (
          <div className="pager">
            <button
              type="button"
              className="btn btn--ghost"
              disabled={i === 0}
              onClick={() => setI(i - 1)}
              data-testid="notice-prev"
            >
              {t('previous')}
            </button>
            <span className="pager__count" data-testid="notice-index">
              {i + 1} / {notices.length}
            </span>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={i === notices.length - 1}
              onClick={() => setI(i + 1)}
              data-testid="notice-next"
            >
              {t('next')}
            </button>
          </div>
        )
      }
    >
      <SafeHtml html={notice.content} testId="notice-content" />
      {notice.externalLink && /^https?:\/\//.test(notice.externalLink) && (
        <p>
          <a href={notice.externalLink} target="_blank" rel="noopener noreferrer">
            {t('more')}
          </a>
        </p>
      )}
    </Modal>
  );
}
