/** The session module's public entry: what other modules, the app and the seed may use. */
export { captchaServiceFor, registerSession, sessionModule, sessionServiceFor } from './register.js';
export type { CaptchaService } from './captcha.service.js';
export { PENDING_LOGIN_MS, PENDING_MAX_ATTEMPTS, REVOKED_BY_NEW_LOGIN } from './session.rules.js';
export type { LoginMeta, SessionService } from './session.service.js';
