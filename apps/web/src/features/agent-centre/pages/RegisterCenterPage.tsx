import { DOWNLINE_KINDS, type TDownlineKind } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { agentErrorText } from '../hooks/agent-error';
import { useSiteInfo } from '../../../shared/system';
import { PasswordField, TextField } from '../../../shared/ui/form';
import { useCreateDownline } from '../api/team';
import { AffiliateLinks } from '../components/AffiliateLinks';

/** Fields the merchant's registration rules may require besides the account (SPEC 3, register rules). */
const EXTRA_FIELDS = ['payeeName', 'email', 'mobileNum'] as const;
type Extra = (typeof EXTRA_FIELDS)[number];

/**
 * registerCenter: the agent opens a member or sub-agent account directly under itself (the merchant's
 * registration rules apply on the server), and manages its affiliate links.
 */
export default function RegisterCenterPage() {
  const { t } = useTranslation('agent');
  const info = useSiteInfo();
  const create = useCreateDownline();
  const required = EXTRA_FIELDS.filter((f) => info?.register[f]?.enabled && info.register[f]?.required);
  const [kind, setKind] = useState<TDownlineKind>('member');
  const [v, setV] = useState({ username: '', password: '', confirmPassword: '', nickname: '' });
  const [extra, setExtra] = useState<Record<Extra, string>>({ payeeName: '', email: '', mobileNum: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!v.username.trim()) next.username = t('auth:not_empty');
    if (!v.password) next.password = t('auth:not_empty');
    if (v.password !== v.confirmPassword) next.confirmPassword = t('auth:inconsistent_twice');
    for (const f of required) if (!extra[f].trim()) next[f] = t('auth:not_empty');
    setErrors(next);
    setProblem(null);
    if (Object.keys(next).length) return;
    try {
      const res = await create.mutateAsync({
        memberType: kind,
        username: v.username.trim(),
        password: v.password,
        confirmPassword: v.confirmPassword,
        nickname: v.nickname.trim() || undefined,
        ...Object.fromEntries(required.map((f) => [f, extra[f].trim()])),
      });
      setCreated(res.username);
      setV({ username: '', password: '', confirmPassword: '', nickname: '' });
      setExtra({ payeeName: '', email: '', mobileNum: '' });
    } catch (err) {
      setProblem(agentErrorText(t, err));
    }
  };

  return (
    <div className="mc-page" data-testid="register-center-page">
      <h2 className="mc-page__title">{t('registerCenter')}</h2>
      <form
        className="mc-card"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="register-downline-form"
      >
        <h3 className="mc-card__title">{t('openAccount')}</h3>
        <div className="mc-chips" role="radiogroup" aria-label={t('memberType')}>
          {DOWNLINE_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              className="mc-filter"
              aria-checked={k === kind}
              aria-pressed={k === kind}
              data-testid={`register-kind-${k}`}
              onClick={() => setKind(k)}
            >
              {t(k === 'agent' ? 'typeAgent' : 'typeMember')}
            </button>
          ))}
        </div>
        <TextField
          label={t('username')}
          value={v.username}
          onChange={(x) => setV((c) => ({ ...c, username: x }))}
          error={errors.username}
          testId="register-downline-username"
          autoComplete="off"
          required
        />
        <PasswordField
          label={t('auth:password')}
          value={v.password}
          onChange={(x) => setV((c) => ({ ...c, password: x }))}
          error={errors.password}
          testId="register-downline-password"
          autoComplete="new-password"
          required
        />
        <PasswordField
          label={t('auth:confirmPassword')}
          value={v.confirmPassword}
          onChange={(x) => setV((c) => ({ ...c, confirmPassword: x }))}
          error={errors.confirmPassword}
          testId="register-downline-confirm"
          autoComplete="new-password"
          required
        />
        <TextField
          label={t('nickname')}
          value={v.nickname}
          onChange={(x) => setV((c) => ({ ...c, nickname: x }))}
          testId="register-downline-nickname"
          maxLength={32}
        />
        {required.map((f) => (
          <TextField
            key={f}
            label={t(`auth:field_${f === 'mobileNum' ? 'mobile' : f}`, {
              defaultValue: t(`auth:${f === 'mobileNum' ? 'mobile' : f}`),
            })}
            value={extra[f]}
            onChange={(x) => setExtra((c) => ({ ...c, [f]: x }))}
            error={errors[f]}
            testId={`register-downline-${f}`}
            required
          />
        ))}
        {problem && (
          <p className="mc-error" role="alert" data-testid="register-downline-error">
            {problem}
          </p>
        )}
        {created && (
          <p className="ac-success" role="status" data-testid="register-downline-done">
            {t('accountOpened', { username: created })}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={create.isPending}
          data-testid="register-downline-submit"
        >
          {t('openAccount')}
        </button>
      </form>
      <AffiliateLinks />
    </div>
  );
}
