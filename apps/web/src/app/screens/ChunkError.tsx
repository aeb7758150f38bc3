import { useTranslation } from 'react-i18next';
import { chunkErrorKind } from '../../shared/ui/chunk-error';

/** A code chunk or stylesheet failed to load (SPEC §8): usually a deploy replaced it, so reload. */
export function ChunkError({ error }: { error: unknown }) {
  const { t } = useTranslation('system');
  const kind = chunkErrorKind(error);
  return (
    <div
      className="status-screen status-screen--inline"
      role="alert"
      data-testid="chunk-error"
      data-kind={kind}
    >
      <h2>{t('chunk_error_title')}</h2>
      <p>{t(`chunk_error_${kind}`)}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('common:reload')}
      </button>
    </div>
  );
}
