import {
  passwordEndpoints,
  twoFactorEndpoints,
  type TChangePasswordRequest,
  type TLoginVerifyMethod,
} from '@bp/contract';
import { callEndpoint } from '../../../shared/api';

/** POST /wps/member/password (encrypted). */
export const changePassword = (body: TChangePasswordRequest) =>
  callEndpoint(passwordEndpoints.change, { body });

/** POST /wps/member/password/email (form-encoded): mails a reset link and code. */
export const forgotByEmail = (username: string, email: string) =>
  callEndpoint(passwordEndpoints.forgotByEmail, { body: { username, email } });

/** POST /wps/member/password/reset with the mail's link token. */
export const resetWithToken = (token: string, newPassword: string, confirmNewPassword: string) =>
  callEndpoint(passwordEndpoints.reset, { body: { token, newPassword, confirmNewPassword } });

/** POST /wps/member/password/sms: code for resetting by phone. */
export const sendResetSms = (mobileNum: string, countryDialingCode: string) =>
  callEndpoint(passwordEndpoints.smsCode, { body: { mobileNum, countryDialingCode } });

/** POST /wps/member/password/verification (encrypted): new password with the SMS code, then logged in. */
export const resetByPhone = (b: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}) => callEndpoint(passwordEndpoints.byPhone, { body: b });

/** Second step of a login from a new IP. */
export const sendLoginVerifyCode = (ticket: string, method: 'SMS' | 'EMAIL') =>
  callEndpoint(twoFactorEndpoints.loginVerifySend, { body: { ticket, method } });
export const verifyLogin = (ticket: string, method: TLoginVerifyMethod, answer: string) =>
  callEndpoint(twoFactorEndpoints.loginVerify, {
    body:
      method === 'BANK_NAME' ? { ticket, method, bankAccountName: answer } : { ticket, method, code: answer },
  });
