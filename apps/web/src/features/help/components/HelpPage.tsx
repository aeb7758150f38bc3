import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../shared/api';
import { ChevronIcon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { useHelpCenter } from '../api/get-help-center';
import { groupByTag, tagFromHash } from '../hooks/help-sections';
import './help.css';

/** /help: articles by tag as an accordion; `#term` opens and scrolls to the terms (SPEC §2.1). */
export default function HelpPage() {
  const { t } = useTranslation('help');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { data, isPending, error, refetch } = useHelpCenter();
  const sections = useMemo(() => groupByTag(data ?? []), [data]);
  const wanted = tagFromHash(hash);
  const [open, setOpen] = useState<Set<string>>(new Set());

  // The hash decides which section is open; without one the first section is.
  const target = wanted && sections.some((s) => s.tag === wanted) ? wanted : (sections[0]?.tag ?? null);
  useEffect(() => {
    if (!target) return;
    setOpen((o) => (o.has(target) ? o : new Set(o).add(target)));
    if (!wanted) return;
    const el = document.getElementById(`help-${target}`);
    el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [target, wanted]);

  const toggle = (tag: string) =>
    setOpen((o) => {
      const n = new Set(o);
      if (n.has(tag)) n.delete(tag);
      else n.add(tag);
      return n;
    });

  return (
    <div className="page help" data-testid="help-page">
      <h1 className="page__title">{t('title')}</h1>
      {isPending ? (
        <p className="muted">{t('common:loading')}</p>
      ) : error ? (
        <div className="empty">
          <p>{errorText(t, error)}</p>
          <button type="button" className="btn btn--primary" onClick={() => refetch()}>
            {t('common:retry')}
          </button>
        </div>
      ) : sections.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <>
          <nav className="chips" aria-label={t('sections')}>
            {sections.map((s) => (
              <button
                type="button"
                key={s.tag}
                className={`chip ${target === s.tag ? 'chip--active' : ''}`}
                onClick={() => navigate({ hash: s.tag === 'terms' ? 'term' : s.tag }, { replace: true })}
              >
                {t(`tag_${s.tag}`, { defaultValue: s.title })}
              </button>
            ))}
          </nav>
          {sections.map((s) => {
            const isOpen = open.has(s.tag);
            return (
              <section
                key={s.tag}
                id={`help-${s.tag}`}
                className={`help-section ${isOpen ? 'help-section--open' : ''}`}
                data-testid={`help-section-${s.tag}`}
                data-open={isOpen}
              >
                <h2 className="help-section__heading">
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={`help-body-${s.tag}`}
                    onClick={() => toggle(s.tag)}
                  >
                    <span>{s.title}</span>
                    <ChevronIcon className="help-section__chevron" />
                  </button>
                </h2>
                <div id={`help-body-${s.tag}`} className="help-section__body" hidden={!isOpen}>
                  {s.items.map((item, k) => (
                    <article key={item.id} className="help-article">
                      {(k > 0 || s.items.length > 1) && <h3>{item.title}</h3>}
                      <SafeHtml html={item.content} />
                      {item.children
                        .filter((c) => c.display)
                        .map((c) => (
                          <details key={c.id} className="help-faq">
                            <summary>{c.title}</summary>
                            <SafeHtml html={c.content} />
                          </details>
                        ))}
                    </article>
                  ))}
                </div>
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}
