import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import './modal.css';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** The spec's generic modal has an optional close button. */
  closable?: boolean;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  closeTestId?: string;
}

/** Modals open right now: they stack and close in any order, and the page behind stays still while any is open. */
let openModals = 0;

export function Modal({
  title,
  onClose,
  children,
  footer,
  closable = true,
  size = 'md',
  testId,
  closeTestId,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The latest props, read by the listeners: callers often pass a new onClose on every render, and
  // re-running the mount effect then would pull the focus out of the field being typed in.
  const latest = useRef({ closable, onClose });
  useEffect(() => {
    latest.current = { closable, onClose };
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && latest.current.closable) latest.current.onClose();
    };
    document.addEventListener('keydown', onKey);
    openModals += 1;
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals -= 1;
      if (openModals === 0) document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, []);

  return (
    <div className="modal-backdrop" onClick={closable ? onClose : undefined}>
      <div
        ref={ref}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {closable && (
            <button
              type="button"
              className="icon-button modal__close"
              aria-label={t('close')}
              data-testid={closeTestId}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>
  );
}
