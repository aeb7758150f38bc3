import { sessionEndpoints, type TLoginRequest } from '@bp/contract';
import { callEndpoint } from '../../../shared/api';

/** POST /wps/session/login (encrypted). */
export const login = (body: TLoginRequest) => callEndpoint(sessionEndpoints.login, { body });

/** POST /wps/session/login/freeplay: a trial account (type 4) with play money. */
export const freePlayLogin = () =>
  callEndpoint(sessionEndpoints.freePlay, { body: { os: navigator.platform || 'web', platform: 'W' } });

/** DELETE /wps/session/logout: revokes the token sent with the call. */
export const logout = () => callEndpoint(sessionEndpoints.logout);

/** GET /wps/captcha: a bare base64 PNG, bound to this browser by the captchaId cookie. */
export const fetchCaptcha = () =>
  callEndpoint(sessionEndpoints.captcha, { query: { t: String(Date.now()) } });

/** GET /wps/captcha/slider, then POST /wps/captcha/slider/verify → single-use sliderToken. */
export const fetchSlider = () => callEndpoint(sessionEndpoints.slider, { query: { t: String(Date.now()) } });
export const verifySlider = (id: string, x: number, trail: [number, number][]) =>
  callEndpoint(sessionEndpoints.sliderVerify, { body: { id, x, trail: trail.slice(0, 1000) } });
