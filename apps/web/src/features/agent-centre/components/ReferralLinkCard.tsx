import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/ui/clipboard';
import { showDialog } from '../../../shared/ui/dialog';

/**
 * The agent's referral link (the register page reads `?referralCode=`): the link, a copy button and a
 * QR code for phones.
 */
export default function ReferralLinkCard({ code }: { code: string }) {
  const { t } = useTranslation('agent');
  const url = `${window.location.origin}/register?referralCode=${encodeURIComponent(code)}`;
  const copy = async () => {
    await copyText(url);
    void showDialog(t('auth:copy_success'), { kind: 'success', name: 'copy_success' });
  };
  return (
    <section className="mc-card" data-testid="agent-referral">
      <h3 className="mc-card__title">{t('referralLink')}</h3>
      <p className="mc-muted">{t('referralHint')}</p>
      <div className="ac-link">
        <code className="ac-link__url" data-testid="agent-referral-url">
          {url}
        </code>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="agent-referral-copy"
          onClick={() => void copy()}
        >
          {t('copy')}
        </button>
        <div className="ac-qr" data-testid="agent-referral-qr">
          <QRCodeSVG value={url} size={112} aria-label={t('referralQr')} />
        </div>
      </div>
    </section>
  );
}
