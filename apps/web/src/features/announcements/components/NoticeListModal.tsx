import { PAGE_SIZES } from '@bp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/Modal';
import { ChevronIcon } from '../../../shared/ui/icons';
import { useModalStore } from '../../../shared/ui/modal-store';
import { useAnnouncements } from '../api/get-announcements';
import './notices.css';

const PAGE = PAGE_SIZES.ANNOUNCEMENTS;

/** The notice list of the header's notice icon (modal id `noticeList`), 9 per page (SPEC §9). */
export default function NoticeListModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('home');
  const { data, isPending } = useAnnouncements();
  const replace = useModalStore((s) => s.replace);
  const [page, setPage] = useState(0);
  const notices = data?.player ?? [];
  const pages = Math.max(1, Math.ceil(notices.length / PAGE));
  const shown = notices.slice(page * PAGE, page * PAGE + PAGE);

  return (
    <Modal title={t('notices')} onClose={onClose} testId="notice-list" closeTestId="notice-list-close">
      {isPending ? (
        <p className="muted">{t('common:loading')}</p>
      ) : notices.length === 0 ? (
        <p className="muted">{t('noNotices')}</p>
      ) : (
        <ul className="notice-list">
          {shown.map((n, k) => (
            <li key={n.id}>
              <button
                type="button"
                className="notice-list__item"
                data-testid="notice-list-item"
                onClick={() => replace('notice', { index: page * PAGE + k })}
              >
                <span>{n.title}</span>
                <ChevronIcon width={16} height={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="pager">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            {t('previous')}
          </button>
          <span className="pager__count">
            {page + 1} / {pages}
          </span>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={page >= pages - 1}
            onClick={() => setPage(page + 1)}
          >
            {t('next')}
          </button>
        </div>
      )}
    </Modal>
  );
}
