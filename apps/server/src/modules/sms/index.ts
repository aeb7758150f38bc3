/** The sms module's public entry: what other modules, the app and the seed may use. */
export { registerSms, smsService, smsServiceFor } from './register.js';
export { canonicalPhone, maskNational } from './sms.service.js';
export type { SmsService, SmsTicket } from './sms.service.js';
