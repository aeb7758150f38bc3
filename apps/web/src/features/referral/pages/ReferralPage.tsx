import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { TReferralRule } from '@bp/contract';
import { errorText } from '../../../shared/api';
import { formatAmount, formatDate, isPositive } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { copyText } from '../../../shared/ui/clipboard';
import { showDialog } from '../../../shared/ui/dialog';
import { CopyIcon, FacebookIcon, TelegramIcon, WhatsappIcon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import '../../../shared/ui/member-page.css';
import { useClaimReferralRewards, useReferralDetails } from '../api/referral-details';
import './referral.css';

/** The link a friend registers through: this site's own address (the one the member is using). */
export const referralLink = (origin: string, code: string) =>
  `${origin}/register?referralCode=${encodeURIComponent(code)}`;

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** SPEC 2.4 `referral` (invite friends): code, link, QR, sharing, invitations and the programme's rules. */
export default function ReferralPage() {
  const { t } = useTranslation('referral');
  const symbol = useAppStore((s) => s.currencySymbol);
  const details = useReferralDetails();
  const claim = useClaimReferralRewards();
  const d = details.data;
  const money = (v: string) => formatAmount(v, symbol);

  if (details.isError) {
    return (
      <div className="mc-page referral" data-testid="referral-page">
        <h1 className="mc-page__title">{t('title')}</h1>
        <p className="mc-error">{errorText(t, details.error)}</p>
      </div>
    );
  }
  if (!d) {
    return (
      <div className="mc-page referral" data-testid="referral-page">
        <h1 className="mc-page__title">{t('title')}</h1>
        <p className="mc-muted">{t('common:loading')}</p>
      </div>
    );
  }

  const url = referralLink(window.location.origin, d.referralCode);
  const shareText = t('shareText');
  const copy = async (text: string, name: string) => {
    await copyText(text);
    void showDialog(t('auth:copy_success'), { kind: 'success', name });
  };
  const share = () => {
    navigator.share({ title: t('title'), text: shareText, url }).catch(() => undefined);
  };
  const onClaim = () => {
    claim.mutate(undefined, {
      onSuccess: (r) =>
        void showDialog(t('claimed', { amount: money(r.amount) }), {
          kind: 'success',
          name: 'referral_claimed',
        }),
      onError: (e) => void showDialog(errorText(t, e), { kind: 'error', name: 'referral_claim_error' }),
    });
  };
  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(shareText);

  return (
    <div className="mc-page referral" data-testid="referral-page">
      <h1 className="mc-page__title">{t('title')}</h1>
      <section className="mc-card referral__invite">
        <div className="referral__invite-main">
          <p className="mc-muted referral__lead">{t('lead')}</p>
          <div className="referral__field">
            <span className="referral__label">{t('code')}</span>
            <div className="referral__value">
              <strong className="referral__code" data-testid="referral-code">
                {d.referralCode}
              </strong>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                data-testid="referral-copy-code"
                onClick={() => void copy(d.referralCode, 'referral_code_copied')}
              >
                <CopyIcon width={16} height={16} /> {t('copy')}
              </button>
            </div>
          </div>
          <div className="referral__field">
            <span className="referral__label">{t('link')}</span>
            <div className="referral__value">
              <code className="referral__url" data-testid="referral-link" data-url={url}>
                {url}
              </code>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                data-testid="referral-copy-link"
                onClick={() => void copy(url, 'referral_link_copied')}
              >
                <CopyIcon width={16} height={16} /> {t('copyLink')}
              </button>
            </div>
          </div>
          <div className="referral__share" aria-label={t('shareTo')}>
            {canShare() && (
              <button
                type="button"
                className="btn btn--primary btn--sm"
                data-testid="referral-share"
                onClick={share}
              >
                {t('share')}
              </button>
            )}
            <a
              className="referral__social"
              href={`https://wa.me/?text=${text}%20${encoded}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="WhatsApp"
              data-testid="referral-share-whatsapp"
            >
              <WhatsappIcon />
            </a>
            <a
              className="referral__social"
              href={`https://t.me/share/url?url=${encoded}&text=${text}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Telegram"
              data-testid="referral-share-telegram"
            >
              <TelegramIcon />
            </a>
            <a
              className="referral__social"
              href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Facebook"
              data-testid="referral-share-facebook"
            >
              <FacebookIcon />
            </a>
          </div>
        </div>
        <figure className="referral__qr" data-testid="referral-qr" data-url={url}>
          <div className="referral__qr-code">
            <QRCodeSVG
              value={url}
              size={148}
              level="M"
              marginSize={0}
              bgColor="#ffffff"
              fgColor="#000000"
              title={t('qr')}
            />
          </div>
          <figcaption className="mc-muted">{t('qr')}</figcaption>
        </figure>
      </section>

      <section className="referral__stats" data-testid="referral-stats">
        <Stat id="invitations" label={t('invitations')} value={String(d.totalInvitations)} />
        <Stat id="qualified" label={t('qualified')} value={String(d.qualifiedInvitations)} />
        <Stat id="earned" label={t('earned')} value={money(d.rewardsEarned)} />
        <Stat id="pending" label={t('pending')} value={money(d.pendingRewards)}>
          {isPositive(d.pendingRewards) && (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              data-testid="referral-claim"
              disabled={claim.isPending}
              onClick={onClaim}
            >
              {t('claim')}
            </button>
          )}
        </Stat>
      </section>

      <section className="mc-card" data-testid="referral-rules">
        <h2 className="mc-card__title">{t('rules')}</h2>
        {d.rules.length === 0 ? (
          <p className="mc-empty" data-testid="referral-no-rules">
            {t('noProgramme')}
          </p>
        ) : (
          <ul className="referral__rules">
            {d.rules.map((r) => (
              <Rule key={r.promotionId} rule={r} money={money} />
            ))}
          </ul>
        )}
      </section>

      <section className="mc-card" data-testid="referral-invitees">
        <h2 className="mc-card__title">{t('friends')}</h2>
        {d.invitees.length === 0 ? (
          <p className="mc-empty">{t('noFriends')}</p>
        ) : (
          <ul className="mc-rows">
            {d.invitees.map((i, n) => (
              <li
                className="mc-row"
                key={`${i.name}-${i.registeredDate}-${n}`}
                data-testid="referral-invitee"
              >
                <div className="mc-row__main">
                  <strong>{i.name}</strong>
                  <span className="mc-row__sub">{t('joined', { date: formatDate(i.registeredDate) })}</span>
                </div>
                <div className="mc-row__side">
                  <span className={`mc-chip ${i.qualified ? 'mc-chip--ok' : 'mc-chip--wait'}`}>
                    {i.qualified ? t('isQualified') : t('notQualified')}
                  </span>
                  <span className="mc-amount mc-amount--in" data-testid="referral-invitee-reward">
                    {money(i.reward)}
                  </span>
                  {isPositive(i.pendingReward) && (
                    <span className="mc-muted">{t('waiting', { amount: money(i.pendingReward) })}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Stat({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="referral__stat" data-testid={`referral-stat-${id}`}>
      <span className="referral__stat-label">{label}</span>
      <strong className="referral__stat-value" data-testid={`referral-${id}`}>
        {value}
      </strong>
      {children}
    </div>
  );
}

function Rule({ rule, money }: { rule: TReferralRule; money: (v: string) => string }) {
  const { t } = useTranslation('referral');
  const reward = money(rule.rewardAmount);
  const summary =
    rule.trigger === 'REFERRAL_REGISTER'
      ? t('ruleRegister', { reward })
      : rule.trigger === 'REFERRAL_DEPOSIT'
        ? t(rule.firstDepositOnly ? 'ruleFirstDeposit' : 'ruleDeposit', {
            reward,
            min: money(rule.minDeposit),
          })
        : t('ruleTurnover', { reward, target: money(rule.turnoverTarget) });
  return (
    <li className="referral__rule" data-testid="referral-rule" data-trigger={rule.trigger}>
      <strong>{rule.title}</strong>
      <span className="referral__rule-summary">{summary}</span>
      <span className="mc-muted">
        {[
          rule.claimRequired ? t('ruleClaim') : t('ruleAuto'),
          rule.wageringMultiple > 0 ? t('ruleWagering', { x: rule.wageringMultiple }) : null,
          rule.endDate ? t('ruleUntil', { date: formatDate(rule.endDate) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {rule.content && <SafeHtml html={rule.content} className="referral__rule-content" />}
    </li>
  );
}
