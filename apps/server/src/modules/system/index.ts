/** The system module's public entry: what other modules, the app and the seed may use. */
export {
  gameAnnouncementService,
  gameAnnouncementServiceFor,
  registerSystem,
  systemService,
  systemServiceFor,
} from './register.js';
export type { GameAnnouncementService } from './game-announcement.service.js';
export type { Change, SystemService, WriteOptions } from './system.service.js';
export { DEFAULT_REGISTER_RULES } from './register-rules.js';
export { sanitizeHtml, stripTags } from './sanitize.js';
export { auditedWrite, pickText } from './system.service.js';
export { countryOf } from './geo.js';
