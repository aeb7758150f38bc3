// One file per module's tables; each module adds its export line here.
export * from './merchant.js';
export * from './site-content.js';
export * from './operator.js';
export * from './member.js';
export * from './security.js';
export * from './sms.js';
export * from './registration.js';
export * from './social.js';
export * from './game-announcement.js';
