import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowIcon } from './lobby-icons';

interface Props {
  id: string;
  title: ReactNode;
  /** "more": the category page */
  moreTo?: string;
  /** page arrows; absent when everything fits */
  paging?: { page: number; pages: number; onPage: (page: number) => void };
  children: ReactNode;
}

/** A home section (SPEC §2.3): title, "more", page arrows, its cards. */
export function LobbySection({ id, title, moreTo, paging, children }: Props) {
  const { t } = useTranslation('lobby');
  return (
    <section className="lobby-section" data-testid={`section-${id}`} aria-labelledby={`section-${id}-title`}>
      <header className="lobby-section__head">
        <h2 className="lobby-section__title" id={`section-${id}-title`}>
          {title}
        </h2>
        {paging && paging.pages > 1 && (
          <div className="lobby-section__arrows">
            <button
              type="button"
              className="icon-button"
              aria-label={t('previous')}
              disabled={paging.page <= 1}
              data-testid={`section-${id}-prev`}
              onClick={() => paging.onPage(paging.page - 1)}
            >
              <ArrowIcon dir="left" />
            </button>
            <span className="lobby-section__index muted" data-testid={`section-${id}-index`}>
              {paging.page} / {paging.pages}
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('next')}
              disabled={paging.page >= paging.pages}
              data-testid={`section-${id}-next`}
              onClick={() => paging.onPage(paging.page + 1)}
            >
              <ArrowIcon />
            </button>
          </div>
        )}
        {moreTo && (
          <Link to={moreTo} className="lobby-section__more" data-testid={`section-${id}-more`}>
            {t('more')}
          </Link>
        )}
      </header>
      {children}
    </section>
  );
}
