import type { TLoginValue, TLoginVerifyMethod } from '@bp/contract';
import { isApiError } from '../../../shared/api';
import { navigateTo } from '../../../shared/navigation';
import { startSession } from '../../../shared/store/session';
import { openModal } from '../../../shared/ui/modal-store';
import { login } from '../api/session';
import { requestSliderToken } from './slider';

export interface LoginAttempt {
  type: 'username' | 'sms';
  /** username, or the mobile number for sms */
  username: string;
  /** password, or the SMS code for sms */
  password: string;
  captcha?: string;
  countryDialingCode?: string;
  agentLogin?: boolean;
}

export type LoginOutcome =
  | { kind: 'ok'; value: TLoginValue }
  | { kind: 'cancelled' }
  | { kind: 'verify'; ticket: string; methods: TLoginVerifyMethod[] }
  | { kind: 'error'; error: unknown; captcha: boolean };

const captchaFlag = (v: unknown) =>
  typeof v === 'object' && v !== null && (v as { captcha?: unknown }).captcha === true;

/**
 * One login attempt (SPEC §4): the slider check first (not for SMS logins), then the encrypted call.
 * Sorts the failure into: captcha now needed, new-IP verification, or a plain error.
 */
export async function attemptLogin(a: LoginAttempt): Promise<LoginOutcome> {
  let sliderToken: string | undefined;
  if (a.type === 'username') {
    const token = await requestSliderToken();
    if (!token) return { kind: 'cancelled' };
    sliderToken = token;
  }
  try {
    const value = await login({
      username: a.username.trim(),
      password: a.password,
      type: a.type,
      captcha: a.captcha?.trim() || undefined,
      countryDialingCode: a.countryDialingCode,
      sliderToken,
      agentLogin: a.agentLogin || undefined,
    });
    return { kind: 'ok', value };
  } catch (e) {
    if (isApiError(e) && e.errorCode === 'login_verify_required') {
      const v = e.value as { ticket?: string; methods?: TLoginVerifyMethod[] } | undefined;
      if (v?.ticket) return { kind: 'verify', ticket: v.ticket, methods: v.methods ?? [] };
    }
    return { kind: 'error', error: e, captcha: isApiError(e) && captchaFlag(e.value) };
  }
}

/**
 * After any successful login (password, SMS, two-factor, registration, free play, social): stores the
 * session (member info then loads), forces the password change when the server asks for it (never for
 * SMS logins), and sends agents from the agent page to their centre.
 */
export function finishLogin(
  value: Pick<
    TLoginValue,
    'token' | 'id' | 'userName' | 'customerType' | 'firstTimeLogin' | 'mustChangePassword'
  > & {
    passwordExpired?: boolean;
  },
  opts: { type: 'username' | 'sms' | 'other'; to?: string; password?: string },
) {
  startSession(value);
  if ((value.mustChangePassword || value.passwordExpired) && opts.type !== 'sms') {
    // The password just typed is the old one: the forced form need not ask for it again.
    openModal('changePassword', { forced: true, knownOldPassword: opts.password });
  }
  if (opts.to) navigateTo(opts.to, { replace: true });
}
