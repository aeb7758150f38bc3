/** The mail module's public entry: what other modules, the app and the seed may use. */
export { mailService, mailServiceFor, registerMail } from './register.js';
export { escapeHtml } from './mail.rules.js';
export type { MailService } from './mail.service.js';
