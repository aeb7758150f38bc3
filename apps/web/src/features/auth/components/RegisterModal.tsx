import {
  DEFAULT_AGE_LIMIT,
  fieldErrorMessage,
  registrationSmsRequired,
  validateField,
  validateRegistration,
  type TFieldError,
  type TRegistrationErrors,
} from '@bp/contract';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../../shared/api';
import { languageByLng } from '../../../shared/i18n/languages';
import { navigateTo } from '../../../shared/navigation';
import { showDialog } from '../../../shared/ui/dialog';
import { Checkbox, FormError, PasswordField, Tabs, TextField } from '../../../shared/ui/form';
import { Modal } from '../../../shared/ui/Modal';
import { useWhitelabel } from '../../../shared/system';
import { checkAffiliate, checkUsername, registerMember, useRegisterSettings } from '../api/register';
import { sendRegisterSms } from '../api/sms';
import { finishLogin } from '../hooks/login-flow';
import { requestSliderToken } from '../hooks/slider';
import { CaptchaField } from './CaptchaField';
import { leaveAuthRoute } from './LoginModal';
import { PhoneField, useDefaultDialingCode } from './PhoneField';
import { SmsButton } from './SmsButton';
import './auth.css';

type Mode = 'username' | 'mobile';

/** "I have read and agree to the {{terms}}" with the terms as a link to /help#term, in any word order. */
function TermsText() {
  const { t } = useTranslation('auth');
  const MARK = '\u0000';
  const [before, after = ''] = t('termsAgree', { terms: MARK }).split(MARK);
  return (
    <>
      {before}
      <a href="/help#term" target="_blank" rel="noopener" data-testid="register-terms-link">
        {t('termsLink')}
      </a>
      {after}
    </>
  );
}

/** Optional profile fields the merchant may switch on (SPEC §5), in display order. */
const OPTIONAL_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'paymentPassword',
] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

/**
 * The codes carried by the URL: `?referralCode=` (SPEC §2.1; a member's invitation code or an agent
 * member's code) and `?affiliateCode=` (an agent's code).
 */
function urlCodes(): { referral: string | null; affiliate: string | null } {
  const sp = new URLSearchParams(window.location.search);
  const clean = (c: string | null) => {
    const v = (c ?? '').trim();
    return /^[A-Za-z0-9_-]{1,32}$/.test(v) ? v : null;
  };
  return { referral: clean(sp.get('referralCode')), affiliate: clean(sp.get('affiliateCode')) };
}

/**
 * Register modal (SPEC §2.6, §4, §5): tabs by username / by mobile as enabled (mobile first when
 * MOBILENUMREG3 is on), server-driven fields validated with the contract's `validateRegistration`,
 * SMS code with countdown, captcha, age (the merchant's age limit) and terms ticks, affiliate code only
 * when the URL has no valid one, then the slider check and the call.
 */
export default function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const lang = languageByLng(i18n.language)?.code ?? 'EN';
  const wl = useWhitelabel();
  const settings = useRegisterSettings();
  const rules = useMemo(() => settings.data ?? {}, [settings.data]);
  const ageLimit = settings.ageLimit ?? DEFAULT_AGE_LIMIT;
  const mobileOn = !!wl.MOBILENUMREG3;
  const usernameOn = wl.USERNAMEREG3 !== false;
  const [mode, setMode] = useState<Mode>(mobileOn ? 'mobile' : 'username');
  const activeMode: Mode = mode === 'mobile' && mobileOn ? 'mobile' : usernameOn ? 'username' : 'mobile';
  // REGMOBVERF3 decides for both forms, as on the server
  const smsRequired = registrationSmsRequired(activeMode, wl);
  const mobilePassword = activeMode === 'username' || !!wl.MOBILENUMPASSREG3;
  const defaultDialing = useDefaultDialingCode();
  const [dialing, setDialing] = useState<string | null>(null);
  const dialingCode = dialing ?? defaultDialing;

  const [v, setV] = useState<Record<string, string>>({});
  const set = (k: string) => (val: string) => {
    setV((s) => ({ ...s, [k]: val }));
    // A corrected field loses its stale message; the next submit checks everything again.
    setErrors((e) => (k in e ? { ...e, [k]: undefined } : e));
  };
  const [age, setAge] = useState(false);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<TRegistrationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  // The server's answer about a username that passes the rules (e.g. already taken), checked on blur.
  const [usernameTaken, setUsernameTaken] = useState<string | null>(null);
  const onUsernameBlur = async () => {
    const u = (v.username ?? '').trim();
    if (!u || !rules.username || validateField(rules.username, u, { required: true })) return;
    const refusal = await checkUsername(u);
    setUsernameTaken(refusal ? errorText(t, refusal) : null);
  };

  // The URL's code is checked once as an agent code: a valid one is sent silently as affiliateCode and
  // hides the field. Otherwise the field shows; a bad `?affiliateCode=` is reported at once, while a
  // `?referralCode=` that is no agent's may still be a member's invitation code and travels as such.
  const [urls] = useState(urlCodes);
  const code = urls.affiliate ?? urls.referral;
  const [codeValid, setCodeValid] = useState<boolean | null>(code ? null : false);
  useEffect(() => {
    if (!code) return;
    let live = true;
    checkAffiliate(code).then(
      (ok) => {
        if (!live) return;
        setCodeValid(ok);
        if (!ok && urls.affiliate)
          void showDialog(t('invitation_code_error'), { kind: 'warning', name: 'invitation_code_error' });
      },
      () => live && setCodeValid(false),
    );
    return () => {
      live = false;
    };
  }, [code, urls.affiliate, t]);
  const showAffiliate = codeValid === false && rules.affiliateCode?.enabled !== false && !!wl.AFFMAN3;

  const enabled = (f: string) => rules[f]?.enabled === true;
  const required = (f: string) => rules[f]?.required === true;
  const showMobile = activeMode === 'mobile' || enabled('mobileNum') || smsRequired;
  const showCaptcha = enabled('captcha');

  const msg = (e: TFieldError | undefined) =>
    !e
      ? null
      : e.key === 'agree'
        ? t('not_empty')
        : e.key === 'inconsistent'
          ? t('inconsistent_twice')
          : fieldErrorMessage(e, lang);

  const sendSms = async () => {
    const mobile = (v.mobileNum ?? '').trim();
    const check = validateRegistration(
      rules,
      { mobileNum: mobile, countryDialingCode: dialingCode },
      {
        mode: 'mobile',
        smsRequired: false,
      },
    );
    if (!mobile || check.mobileNum) {
      setErrors((s) => ({
        ...s,
        mobileNum: check.mobileNum ?? { key: 'required', min: 0, max: 0, params: [0] },
      }));
      return null;
    }
    const { expiredMinutes } = await sendRegisterSms(mobile, dialingCode);
    return expiredMinutes;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const input = {
      ...v,
      affiliateCode: showAffiliate ? v.affiliateCode : undefined,
      captcha: showCaptcha ? v.captcha : undefined,
      countryDialingCode: dialingCode,
      termsAccepted: terms,
      ageConfirmed: age,
    };
    const errs = validateRegistration(rules, input, {
      mode: activeMode,
      smsRequired,
      mobilePassword,
      skipCaptcha: !showCaptcha,
    });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    // A code typed by hand is checked before anything else is sent (SPEC §4: optional affiliate check).
    if (showAffiliate && v.affiliateCode?.trim()) {
      const ok = await checkAffiliate(v.affiliateCode.trim()).catch(() => false);
      if (!ok) {
        void showDialog(t('invitation_code_error'), { kind: 'warning', name: 'invitation_code_error' });
        return;
      }
    }
    // The slider comes last, right before the call (SPEC §4); closing it leaves the form as it was.
    const sliderToken = await requestSliderToken();
    if (!sliderToken) return;
    setBusy(true);
    try {
      const value = await registerMember(activeMode, {
        fields: v,
        countryDialingCode: dialingCode,
        affiliateCode: codeValid ? (code ?? undefined) : v.affiliateCode?.trim() || undefined,
        // a referral code that is an agent's already went as affiliateCode
        referralCode: urls.referral && !(codeValid && code === urls.referral) ? urls.referral : undefined,
        termsAccepted: terms,
        ageConfirmed: age,
        confirmedAge: ageLimit,
        sliderToken,
        showCaptcha,
        mobilePassword,
        smsRequired,
      });
      onClose();
      if (value.token) finishLogin({ ...value, token: value.token }, { type: 'other', to: '/' });
      else navigateTo('/login', { replace: true });
    } catch (err) {
      // Field errors of the server's own check land on their fields.
      const fieldErrs = isApiError(err)
        ? (err.value as { errors?: TRegistrationErrors } | undefined)?.errors
        : undefined;
      if (fieldErrs && Object.keys(fieldErrs).length) setErrors(fieldErrs);
      // The merchant asks for another age than the form showed: show the current one, to be ticked anew.
      if (fieldErrs?.ageConfirmed && age) {
        setAge(false);
        void settings.refetch();
      }
      setFormError(errorText(t, err));
      if (showCaptcha) {
        setV((s) => ({ ...s, captcha: '' }));
        setCaptchaNonce((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    onClose();
    leaveAuthRoute();
  };
  const goLogin = () => {
    onClose();
    navigateTo('/login', { replace: true });
  };
  const optional = (f: OptionalField) => {
    if (!enabled(f)) return null;
    const Field = f === 'paymentPassword' ? PasswordField : TextField;
    return (
      <Field
        key={f}
        label={t(`field_${f}`)}
        value={v[f] ?? ''}
        onChange={set(f)}
        error={msg(errors[f])}
        testId={`register-${f}`}
        required={f === 'paymentPassword' || required(f)}
        autoComplete={f === 'email' ? 'email' : f === 'paymentPassword' ? 'new-password' : 'off'}
        inputMode={f === 'email' ? 'email' : undefined}
        maxLength={rules[f]?.maxLength || 128}
      />
    );
  };

  return (
    <Modal
      title={t('registerTitle')}
      onClose={close}
      size="sm"
      testId="register-modal"
      closeTestId="register-close"
    >
      <form
        className="form auth"
        noValidate
        onSubmit={(e) => void submit(e)}
        data-testid="register-form"
        data-mode={activeMode}
      >
        <Tabs
          label={t('registerTabs')}
          testId="register-tab"
          value={activeMode}
          onChange={(m) => {
            setMode(m);
            setErrors({});
          }}
          items={[
            ...(usernameOn ? [{ id: 'username' as const, label: t('regTabUsername') }] : []),
            ...(mobileOn ? [{ id: 'mobile' as const, label: t('regTabMobile') }] : []),
          ]}
        />
        {activeMode === 'username' && (
          <TextField
            label={t('username')}
            value={v.username ?? ''}
            onChange={(u) => {
              set('username')(u);
              setUsernameTaken(null);
            }}
            onBlur={() => void onUsernameBlur()}
            error={msg(errors.username) ?? usernameTaken}
            testId="register-username"
            placeholder={t('usernamePh')}
            autoComplete="username"
            autoCapitalize="none"
            maxLength={rules.username?.maxLength || 64}
            required
          />
        )}
        {showMobile && (
          <PhoneField
            value={v.mobileNum ?? ''}
            onChange={set('mobileNum')}
            dialingCode={dialingCode}
            onDialingCode={setDialing}
            error={msg(errors.mobileNum)}
            testId="register-mobile"
            required={activeMode === 'mobile' || smsRequired || required('mobileNum')}
          />
        )}
        {smsRequired && (
          <TextField
            label={t('smsCode')}
            value={v.verificationCode ?? ''}
            onChange={(c) => set('verificationCode')(c.replace(/\D/g, ''))}
            error={msg(errors.verificationCode)}
            testId="register-code"
            placeholder={t('codePh')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            required
            addon={<SmsButton send={sendSms} testId="register-sms-send" />}
          />
        )}
        {mobilePassword && (
          <>
            <PasswordField
              label={t('password')}
              value={v.password ?? ''}
              onChange={set('password')}
              error={msg(errors.password)}
              testId="register-password"
              placeholder={t('passwordPh')}
              autoComplete="new-password"
              maxLength={rules.password?.maxLength || 128}
              required
            />
            <PasswordField
              label={t('confirmPassword')}
              value={v.confirmPassword ?? ''}
              onChange={set('confirmPassword')}
              error={msg(errors.confirmPassword)}
              testId="register-confirm"
              autoComplete="new-password"
              maxLength={rules.password?.maxLength || 128}
              required
            />
          </>
        )}
        {OPTIONAL_FIELDS.map(optional)}
        {showAffiliate && (
          <TextField
            label={t('field_affiliateCode')}
            value={v.affiliateCode ?? ''}
            onChange={set('affiliateCode')}
            error={msg(errors.affiliateCode)}
            testId="register-affiliate"
            autoComplete="off"
            maxLength={32}
            required={required('affiliateCode')}
          />
        )}
        {showCaptcha && (
          <CaptchaField
            value={v.captcha ?? ''}
            onChange={set('captcha')}
            error={msg(errors.captcha)}
            nonce={captchaNonce}
            testId="register-captcha"
          />
        )}
        <Checkbox
          checked={age}
          onChange={(c) => {
            setAge(c);
            setErrors((e) => ({ ...e, ageConfirmed: undefined }));
          }}
          testId="register-age"
          error={msg(errors.ageConfirmed)}
        >
          {t('ageConfirm', { age: new Intl.NumberFormat(i18n.language).format(ageLimit) })}
        </Checkbox>
        <Checkbox
          checked={terms}
          onChange={(c) => {
            setTerms(c);
            setErrors((e) => ({ ...e, termsAccepted: undefined }));
          }}
          testId="register-terms"
          error={msg(errors.termsAccepted)}
        >
          <TermsText />
        </Checkbox>
        <FormError message={formError} testId="register-error" />
        <button
          type="submit"
          className="btn btn--primary btn--lg form__submit"
          disabled={busy}
          data-testid="register-submit"
        >
          {t('registerSubmit')}
        </button>
        <p className="form__alt">
          {t('haveAccount')}{' '}
          <button type="button" className="link-button" data-testid="to-login" onClick={goLogin}>
            {t('loginLink')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
