import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from './dialog';
import { Modal } from './Modal';
import './dialog.css';

/** Alert / confirmation dialog opened through `showDialog`. */
export default function Dialog({
  message,
  kind = 'info',
  confirmText,
  cancelText,
  title,
  name,
  resolve,
  onClose,
}: DialogProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const done = useRef(false);
  const finish = (ok: boolean) => {
    if (!done.current) resolve(ok);
    done.current = true;
    onClose();
  };
  return (
    <Modal
      title={title ?? t(`dialog_${kind}`)}
      onClose={() => finish(false)}
      size="sm"
      testId="dialog"
      closeTestId="dialog-close"
      footer={
        <>
          {cancelText && (
            <button
              type="button"
              className="btn btn--ghost"
              data-testid="dialog-cancel"
              onClick={() => finish(false)}
            >
              {cancelText}
            </button>
          )}
          <button
            type="button"
            className="btn btn--primary"
            data-testid="dialog-confirm"
            onClick={() => finish(true)}
          >
            {confirmText ?? t('confirm')}
          </button>
        </>
      }
    >
      <p
        className={`dialog__message dialog__message--${kind}`}
        data-testid="dialog-message"
        data-dialog={name}
      >
        {message}
      </p>
    </Modal>
  );
}
