import type { TWithdrawal } from '@bp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { readAsDataUrl } from '../../../shared/files/image-check';
import { checkAmount, formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { TextField } from '../../../shared/ui/form';
import { ImagePicker } from '../../../shared/ui/ImagePicker';
import { Modal } from '../../../shared/ui/Modal';
import '../../../shared/ui/member-page.css';
import { useConfirmationList } from '../api/get-confirmation-list';
import { useConfirmAllPayments, useConfirmPayment } from '../api/confirm-payment';
import './withdraw.css';

/**
 * SPEC §4 "Withdrawal confirmation": for each payout awaiting confirmation the member says Received,
 * or Not Received with 1-3 proof images (png/jpg, 5 MB each, checked here and on the server) and
 * optionally the part that did arrive; or everything received at once. Unconfirmed payouts count as
 * received after the merchant's timeout.
 */
export default function ReceiptConfirmModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const list = useConfirmationList();
  const all = useConfirmAllPayments();
  const [error, setError] = useState<string | null>(null);
  const items = list.data?.list ?? [];

  const confirmAll = async () => {
    setError(null);
    try {
      await all.mutateAsync();
    } catch (e) {
      setError(errorText(t, e));
    }
  };

  return (
    <Modal
      title={t('confirmReceipt')}
      onClose={onClose}
      size="md"
      testId="receipt-modal"
      closeTestId="receipt-close"
    >
      <div className="form">
        {list.data && (
          <p className="mc-muted">{t('autoReceiveNote', { minutes: list.data.autoReceiveMinutes })}</p>
        )}
        {list.isLoading ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : items.length === 0 ? (
          <p className="mc-empty" data-testid="receipt-none">
            {t('nothingToConfirm')}
          </p>
        ) : (
          items.map((w) => <ReceiptItem key={w.id} w={w} />)
        )}
        {error && (
          <p className="mc-error" role="alert">
            {error}
          </p>
        )}
        {items.length > 1 && (
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="receipt-all"
            disabled={all.isPending}
            onClick={() => void confirmAll()}
          >
            {t('allReceived')}
          </button>
        )}
      </div>
    </Modal>
  );
}

function ReceiptItem({ w }: { w: TWithdrawal }) {
  const { t } = useTranslation('wallet');
  const symbol = useAppStore((s) => s.currencySymbol);
  const confirm = useConfirmPayment();
  const [mode, setMode] = useState<'ask' | 'dispute'>('ask');
  const [files, setFiles] = useState<File[]>([]);
  const [received, setReceived] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = async (ok: boolean) => {
    setError(null);
    if (!ok) {
      if (files.length === 0) return setError(t('proofRequired'));
      if (received.trim()) {
        const p = checkAmount(received, { max: w.amount });
        if (p) return setError(t(`amount_${p}`, { max: formatAmount(w.amount, symbol), min: '' }));
      }
    }
    try {
      await confirm.mutateAsync({
        withdrawId: w.id,
        received: ok,
        ...(ok
          ? {}
          : {
              receivedAmount: received.trim() || undefined,
              remark: remark.trim() || undefined,
              images: await Promise.all(
                files.map(async (f) => ({ fileName: f.name, data: await readAsDataUrl(f) })),
              ),
            }),
      });
    } catch (e) {
      setError(errorText(t, e));
    }
  };

  return (
    <div className="wd-receipt" data-testid="receipt-item" data-id={w.id}>
      <dl className="mc-kv">
        <dt>{t('amount')}</dt>
        <dd className="mc-amount">{formatAmount(w.amount, symbol)}</dd>
        <dt>{t('bankAccount')}</dt>
        <dd>
          {w.bankName} {w.accountNumber}
        </dd>
        <dt>{t('paidAt')}</dt>
        <dd>{w.paidAt ?? '-'}</dd>
        {w.autoReceiveAt && (
          <>
            <dt>{t('autoReceiveAt')}</dt>
            <dd>{w.autoReceiveAt}</dd>
          </>
        )}
      </dl>
      {mode === 'ask' ? (
        <div className="mc-actions">
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="receipt-not-received"
            onClick={() => setMode('dispute')}
          >
            {t('notReceived')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="receipt-received"
            disabled={confirm.isPending}
            onClick={() => void send(true)}
          >
            {t('received')}
          </button>
        </div>
      ) : (
        <div className="form" data-testid="receipt-dispute">
          <ImagePicker
            files={files}
            onChange={(f) => {
              setFiles(f);
              setError(null);
            }}
            testId="receipt-proof"
            label={t('proofImages')}
          />
          <TextField
            label={t('receivedPart')}
            value={received}
            onChange={(v) => {
              setReceived(v);
              setError(null);
            }}
            testId="receipt-amount"
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            label={t('remark')}
            value={remark}
            onChange={setRemark}
            testId="receipt-remark"
            maxLength={500}
          />
          <div className="mc-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setMode('ask')}>
              {t('common:cancel')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              data-testid="receipt-submit"
              disabled={confirm.isPending}
              onClick={() => void send(false)}
            >
              {t('reportNotReceived')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="mc-error" role="alert" data-testid="receipt-error">
          {error}
        </p>
      )}
    </div>
  );
}
