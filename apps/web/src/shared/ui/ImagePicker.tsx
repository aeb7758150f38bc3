import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_COUNT, checkImages } from '../files/image-check';

interface Props {
  files: File[];
  onChange: (files: File[]) => void;
  max?: number;
  testId: string;
  label: string;
}

/** PNG/JPEG picker: checks type by content, size and count before anything is sent. */
export function ImagePicker({ files, onChange, max = IMAGE_MAX_COUNT, testId, label }: Props) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const pick = async (list: FileList | null) => {
    const next = [...files, ...Array.from(list ?? [])];
    const bad = await checkImages(next, max);
    if (bad) {
      setError(t(`image_${bad.problem}`, { max }));
      return;
    }
    setError(null);
    onChange(next);
  };
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <label className="btn btn--ghost btn--sm img-pick__btn" htmlFor={id}>
        {t('chooseImages', { count: max })}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        multiple={max > 1}
        data-testid={testId}
        className="visually-hidden"
        onChange={(e) => {
          void pick(e.target.files);
          e.target.value = '';
        }}
      />
      {files.length > 0 && (
        <ul className="img-pick__list">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span>{f.name}</span>
              <button
                type="button"
                className="mc-link-btn"
                data-testid={`${testId}-remove`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mc-muted">{t('imageHint', { max })}</p>
      {error && (
        <p className="field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
