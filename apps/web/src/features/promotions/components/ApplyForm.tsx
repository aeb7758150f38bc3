import { APPLICATION_LIMITS, remarkLength, ZPromotionApply } from '@bp/contract';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { checkImage, readAsDataUrl, type TImageProblem } from '../../../shared/files/image-check';
import { useApplyPromotion } from '../api/apply-promotion';

const PROBLEM_KEY: Record<TImageProblem, string> = {
  type: 'applyImageType',
  size: 'applyImageSize',
  count: 'applyImageCount',
  empty: 'applyImageEmpty',
};

/**
 * SPEC 3 activity application: a remark (at most 140 characters, counted as a person counts them) and
 * up to 3 PNG/JPG images of at most 5 MB, each checked by its first bytes before anything is sent
 * (the server checks again). Validated with the contract's own schema (ZPromotionApply).
 */
export function ApplyForm({
  promotionId,
  title,
  onDone,
  onCancel,
}: {
  promotionId: number;
  title: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('promotions');
  const apply = useApplyPromotion();
  const remarkId = useId();
  const fileId = useId();
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);
  const max = APPLICATION_LIMITS.REMARK_MAX_CHARS;
  const length = remarkLength(remark.trim());

  const pick = async (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (files.length + picked.length > APPLICATION_LIMITS.MAX_IMAGES) {
      setImageError(t(PROBLEM_KEY.count));
      return;
    }
    for (const f of picked) {
      const problem = await checkImage(f, APPLICATION_LIMITS.MAX_IMAGE_BYTES);
      if (problem) {
        setImageError(t(PROBLEM_KEY[problem]));
        return;
      }
    }
    setImageError(null);
    setFiles([...files, ...picked]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const images = await Promise.all(files.map(async (f) => ({ data: await readAsDataUrl(f) })));
    const parsed = ZPromotionApply.safeParse({ promotionId, remark, images });
    if (!parsed.success) {
      const remarkIssue = parsed.error.issues.find((i) => i.path[0] === 'remark');
      setRemarkError(
        remarkIssue
          ? remark.trim() === ''
            ? t('applyRemarkRequired')
            : t('applyRemarkTooLong', { max })
          : null,
      );
      if (parsed.error.issues.some((i) => i.path[0] === 'images')) setImageError(t('applyImageCount'));
      return;
    }
    setRemarkError(null);
    apply.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <form className="apply-form" data-testid="apply-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="apply-form__title">{t('applyTitle', { title })}</h3>
      <div className="field">
        <label className="field__label" htmlFor={remarkId}>
          {t('applyRemark')} *
        </label>
        <textarea
          id={remarkId}
          className="apply-form__remark"
          data-testid="apply-remark"
          rows={3}
          value={remark}
          placeholder={t('applyRemarkPlaceholder')}
          aria-invalid={remarkError !== null}
          onChange={(e) => {
            setRemark(e.target.value);
            setRemarkError(null);
          }}
        />
        <span
          className={`apply-form__counter ${length > max ? 'apply-form__counter--over' : ''}`}
          data-testid="apply-counter"
        >
          {t('applyCounter', { count: length, max })}
        </span>
        {remarkError && (
          <p className="field__error" role="alert" data-testid="apply-remark-error">
            {remarkError}
          </p>
        )}
      </div>
      <div className="field">
        <span className="field__label">{t('applyImages')}</span>
        <ul className="apply-form__images">
          {previews.map((url, i) => (
            <li key={url} className="apply-form__image" data-testid="apply-image">
              <img src={url} alt={files[i]?.name ?? ''} />
              <button
                type="button"
                className="apply-form__remove"
                aria-label={t('applyRemoveImage', { n: i + 1 })}
                data-testid="apply-image-remove"
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          ))}
          {files.length < APPLICATION_LIMITS.MAX_IMAGES && (
            <li>
              <label className="apply-form__add" htmlFor={fileId}>
                + {t('applyAddImage')}
              </label>
              <input
                id={fileId}
                type="file"
                accept="image/png,image/jpeg"
                multiple
                data-testid="apply-file"
                className="visually-hidden"
                onChange={(e) => {
                  void pick(e.target.files);
                  e.target.value = '';
                }}
              />
            </li>
          )}
        </ul>
        {imageError && (
          <p className="field__error" role="alert" data-testid="apply-image-error">
            {imageError}
          </p>
        )}
      </div>
      {apply.error && (
        <p className="field__error" role="alert" data-testid="apply-error">
          {errorText(t, apply.error)}
        </p>
      )}
      <div className="apply-form__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('applyCancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          data-testid="apply-submit"
          disabled={apply.isPending}
        >
          {t('applySubmit')}
        </button>
      </div>
    </form>
  );
}
