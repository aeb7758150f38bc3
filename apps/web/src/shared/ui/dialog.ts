import { openModal } from './modal-store';

export type TDialogKind = 'info' | 'success' | 'warning' | 'error';

export interface DialogOptions {
  kind?: TDialogKind;
  /** Text of the confirm button (defaults to "confirm"). */
  confirmText?: string;
  /** When set, a cancel button is shown too (confirmation dialog). */
  cancelText?: string;
  title?: string;
  /** A stable test id for the message kind, e.g. `copy-success` (→ `dialog` with `data-dialog=copy-success`). */
  name?: string;
}

export interface DialogProps extends DialogOptions {
  message: string;
  resolve: (confirmed: boolean) => void;
}

/**
 * SPEC §8 dialogs ('copy_success', 'in_been_out', 'invitation_code_error', SMS failures, trial warnings):
 * one modal id `dialog` in the registry; resolves true on confirm, false on cancel or close.
 */
export function showDialog(message: string, opts: DialogOptions = {}): Promise<boolean> {
  return new Promise((resolve) => openModal('dialog', { ...opts, message, resolve }));
}
