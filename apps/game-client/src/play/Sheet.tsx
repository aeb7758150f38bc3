import { useEffect, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/** A panel over the game: a bottom sheet on phones, a side panel on wider screens. Esc closes it. */
export function Sheet(props: { title: string; onClose(): void; testId: string; children: ReactNode }) {
  const { t } = useI18n();
  const { onClose } = props;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <section
        className="sheet"
        role="dialog"
        aria-label={props.title}
        data-testid={props.testId}
        onClick={(e) => e.stopPropagation()}
      >
        <header>
          <h2>{props.title}</h2>
          <button
            className="link"
            onClick={onClose}
            data-testid={`${props.testId}-close`}
            aria-label={t('close')}
          >
            ✕
          </button>
        </header>
        <div className="sheet-body">{props.children}</div>
      </section>
    </div>
  );
}
