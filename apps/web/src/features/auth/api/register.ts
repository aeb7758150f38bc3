import { registerSettingsParts, registrationEndpoints, type TRegisterRequest } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, isApiError } from '../../../shared/api';

const settingsQuery = () =>
  queryOptions({
    queryKey: ['registerSettings'],
    queryFn: ({ signal }) => callEndpoint(registrationEndpoints.settings, { signal }),
    staleTime: 10 * 60_000,
    select: registerSettingsParts,
  });

/**
 * GET /wps/system/setting/register: per field {acceptedPattern, minLength, maxLength, patternId,
 * enabled, required} as `data`, and the merchant's age limit (undefined until loaded).
 */
export function useRegisterSettings() {
  const q = useQuery(settingsQuery());
  return { data: q.data?.rules, isPending: q.isPending, ageLimit: q.data?.ageLimit, refetch: q.refetch };
}

/** GET /wps/agent/affiliate: true when the code is an active agent code for this domain. */
export async function checkAffiliate(code: string): Promise<boolean> {
  try {
    await callEndpoint(registrationEndpoints.affiliate, {
      query: { code, domain: window.location.hostname },
    });
    return true;
  } catch (e) {
    if (isApiError(e) && e.errorCode !== 'network_error' && e.status < 500) return false;
    throw e;
  }
}

/** GET /wps/check/username: null when free, else the refusal (username_taken, register_field_invalid). */
export async function checkUsername(username: string): Promise<unknown> {
  try {
    await callEndpoint(registrationEndpoints.checkUsername, { query: { username } });
    return null;
  } catch (e) {
    return isApiError(e) && e.errorCode !== 'network_error' && e.status < 500 ? e : null;
  }
}

export interface RegisterArgs {
  fields: Record<string, string>;
  countryDialingCode: string;
  affiliateCode?: string;
  referralCode?: string;
  showCaptcha: boolean;
  mobilePassword: boolean;
  smsRequired: boolean;
  termsAccepted: boolean;
  ageConfirmed: boolean;
  /** the age the agreement the user ticked named */
  confirmedAge: number;
  /** the solved slider's single-use token */
  sliderToken: string;
}

const FORM_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'recommenderId',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const;

/**
 * PUT /wps/member/register or /register/mobile (encrypted) with `login: true`, so the answer carries a
 * session. Mobile registration uses the mobile number as username (SPEC §3).
 */
export function registerMember(mode: 'username' | 'mobile', a: RegisterArgs) {
  const f = a.fields;
  const trimmed = (k: string) => f[k]?.trim() || undefined;
  const body: TRegisterRequest = {
    login: true,
    domain: window.location.hostname,
    registerUrl: window.location.href,
    registerMethod: 'WEB',
    countryDialingCode: a.countryDialingCode,
    affiliateCode: a.affiliateCode,
    referralCode: a.referralCode,
    termsAccepted: a.termsAccepted,
    ageConfirmed: a.ageConfirmed,
    confirmedAge: a.confirmedAge,
    sliderToken: a.sliderToken,
    mobileNum: trimmed('mobileNum'),
    verificationCode: a.smsRequired ? trimmed('verificationCode') : undefined,
    captcha: a.showCaptcha ? trimmed('captcha') : undefined,
  };
  if (a.mobilePassword) {
    body.password = f.password ?? '';
    body.confirmPassword = f.confirmPassword ?? '';
  }
  for (const k of FORM_FIELDS) body[k] = trimmed(k);
  if (mode === 'mobile') {
    body.username = trimmed('mobileNum');
    return callEndpoint(registrationEndpoints.registerMobile, { body });
  }
  body.username = trimmed('username');
  return callEndpoint(registrationEndpoints.register, { body });
}
