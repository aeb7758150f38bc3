import type { TPlayerPromotion } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { usePromotionApplications } from '../api/apply-promotion';
import { ApplyForm } from './ApplyForm';

/**
 * An APPLICATION promotion for a logged-in member: the Apply button and its form, the waiting
 * notice while an operator reviews it (Applying), the operator's reason once Rejected (and Apply
 * again when the promotion allows it).
 */
export function ApplicationState({
  p,
  applying,
  onApplying,
}: {
  p: TPlayerPromotion;
  applying: boolean;
  onApplying: (v: boolean) => void;
}) {
  const { t } = useTranslation('promotions');
  const mine = usePromotionApplications(p.id, p.status !== 'coming soon');
  const latest = mine.data?.list[0];
  const canApply = mine.data?.canApply ?? p.status === 'Join';
  if (applying) {
    return (
      <ApplyForm
        promotionId={p.id}
        title={p.title}
        onDone={() => {
          onApplying(false);
          void mine.refetch();
        }}
        onCancel={() => onApplying(false)}
      />
    );
  }
  return (
    <>
      {p.status === 'Applying' && (
        <p className="apply-state" role="status" data-testid="apply-waiting">
          {t('applyWaiting')}
        </p>
      )}
      {p.status === 'Rejected' && latest?.reason && (
        <p className="apply-state apply-state--rejected" data-testid="apply-reason">
          {t('applyRejectedReason', { reason: latest.reason })}
        </p>
      )}
      {canApply && (p.status === 'Join' || p.status === 'Rejected') && (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="promotion-action"
          onClick={() => onApplying(true)}
        >
          {t(p.status === 'Rejected' ? 'applyAgain' : 'apply')}
        </button>
      )}
    </>
  );
}
