import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './icons';

interface Props {
  pageNo: number;
  totalPages: number;
  onChange: (pageNo: number) => void;
  testId?: string;
}

/** Previous / next with "2 / 7"; hidden when everything fits on one page. */
export function Pager({ pageNo, totalPages, onChange, testId = 'pager' }: Props) {
  const { t } = useTranslation('memberCentre');
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pagination')} data-testid={testId}>
      <button
        type="button"
        className="icon-button pager__btn"
        aria-label={t('previousPage')}
        disabled={pageNo <= 1}
        data-testid={`${testId}-prev`}
        onClick={() => onChange(pageNo - 1)}
      >
        <ChevronIcon style={{ transform: 'rotate(180deg)' }} />
      </button>
      <span className="pager__index" data-testid={`${testId}-index`}>
        {pageNo} / {totalPages}
      </span>
      <button
        type="button"
        className="icon-button pager__btn"
        aria-label={t('nextPage')}
        disabled={pageNo >= totalPages}
        data-testid={`${testId}-next`}
        onClick={() => onChange(pageNo + 1)}
      >
        <ChevronIcon />
      </button>
    </nav>
  );
}
