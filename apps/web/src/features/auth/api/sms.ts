import { smsEndpoints } from '@bp/contract';
import { callEndpoint } from '../../../shared/api';

/** POST /wps/verification/sms/noLogin: SMS login code. */
export const sendLoginSms = (mobileNum: string, countryDialingCode: string) =>
  callEndpoint(smsEndpoints.noLogin, { body: { mobileNum, countryDialingCode } });

/** POST /wps/verification/sms/register: registration code (the field is `mobileNo` here). */
export const sendRegisterSms = (mobileNo: string, countryDialingCode: string) =>
  callEndpoint(smsEndpoints.register, { body: { mobileNo, countryDialingCode } });
