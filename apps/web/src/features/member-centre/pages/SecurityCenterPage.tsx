import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { ChevronIcon, KeyIcon } from '../../../shared/ui/icons';
import { LockIcon } from '../../../shared/ui/money-icons';
import { useHasPaymentPassword } from '../api/has-payment-password';
import { useMemberInfo } from '../api/get-member-info';

interface Props {
  /** change password exists only while the merchant's PASS3 switch is on */
  onChangePassword?: () => void;
  onPaymentPassword: () => void;
}

/** securityCenter (my account, the default page): who I am and the security settings. */
export default function SecurityCenterPage({ onChangePassword, onPaymentPassword }: Props) {
  const { t } = useTranslation('memberCentre');
  const { data: m, isLoading } = useMemberInfo();
  const hasPay = useHasPaymentPassword();

  return (
    <div className="mc-page">
      <h1 className="mc-page__title">{t('securityCenter')}</h1>
      <div className="mc-card" data-testid="member-info">
        <h2 className="mc-card__title">{t('memberInfo')}</h2>
        {isLoading || !m ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : (
          <dl className="mc-kv">
            <dt>{t('account')}</dt>
            <dd data-testid="member-info-account">{m.account}</dd>
            <dt>{t('userId')}</dt>
            <dd data-testid="member-info-id">{m.id}</dd>
            <dt>{t('nickname')}</dt>
            <dd>{m.nickname || '-'}</dd>
            <dt>{t('vipLevel')}</dt>
            <dd>{m.clubLabel.labelName || '-'}</dd>
            <dt>{t('mobile')}</dt>
            <dd data-testid="member-info-mobile">{m.mobile || '-'}</dd>
            <dt>{t('registeredAt')}</dt>
            <dd>{formatDateTime(m.regDate)}</dd>
          </dl>
        )}
      </div>
      <div className="mc-card">
        <h2 className="mc-card__title">{t('security')}</h2>
        <div className="mc-links">
          {onChangePassword && (
            <button
              type="button"
              className="mc-linkrow"
              data-testid="security-change-password"
              onClick={onChangePassword}
            >
              <KeyIcon width={20} height={20} />
              <span>{t('changeLoginPassword')}</span>
              <ChevronIcon width={18} height={18} />
            </button>
          )}
          <button
            type="button"
            className="mc-linkrow"
            data-testid="security-payment-password"
            onClick={onPaymentPassword}
          >
            <LockIcon />
            <span>
              {hasPay.data ? t('changePaymentPassword') : t('setPaymentPassword')}
              <small className="mc-muted" data-testid="payment-password-state">
                {hasPay.data === undefined ? '' : hasPay.data ? t('isSet') : t('notSet')}
              </small>
            </span>
            <ChevronIcon width={18} height={18} />
          </button>
        </div>
      </div>
    </div>
  );
}
