import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { languageByLng } from '../../shared/i18n';
import { DownloadIcon } from '../../shared/ui/icons';
import { useAppStore } from '../../shared/store/app-store';

/** SPEC §9 QR defaults: 200 px with a 20 px quiet zone, error correction M. */
const QR = { size: 200, margin: 20, level: 'M' } as const;

export function appDownloadUrl(origin: string, languageCode: string, token: string | null): string {
  const q = new URLSearchParams({ language: languageCode, tokens: token ?? '' });
  return `${origin}/m/appDownload?${q.toString()}`;
}

/** App-download QR carrying the language and the session token (SPEC §1, API-REFERENCE §2.3). */
export default function AppQr() {
  const { t } = useTranslation('layout');
  const language = useAppStore((s) => s.language);
  const token = useAppStore((s) => s.token);
  const code = languageByLng(language)?.code ?? language.toUpperCase();
  const url = appDownloadUrl(window.location.origin, code, token);
  return (
    <figure className="app-qr">
      <figcaption>
        <DownloadIcon width={18} height={18} /> {t('appDownload')}
      </figcaption>
      {/* The 20 px white margin is padding around a 160 px code: 200 px in all, whatever the module count. */}
      <div className="app-qr__code" data-testid="app-qr" data-url={url} style={{ padding: QR.margin }}>
        <QRCodeSVG
          value={url}
          size={QR.size - 2 * QR.margin}
          level={QR.level}
          marginSize={0}
          bgColor="#ffffff"
          fgColor="#000000"
          title={t('appDownload')}
        />
      </div>
      <small className="muted">{t('appDownloadHint')}</small>
    </figure>
  );
}
