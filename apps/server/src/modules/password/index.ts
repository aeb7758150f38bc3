/** The password module's public entry: what other modules, the app and the seed may use. */
export { passwordService, passwordServiceFor, registerPassword } from './register.js';
export { loginCodeMail } from './password.mail.js';
export { THROTTLES } from './password.service.js';
export type { PasswordService } from './password.service.js';
