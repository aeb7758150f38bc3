/** The message module's public entry: what other modules, the app and the seed may use. */
export { messageService, messageServiceFor, registerMessage } from './register.js';
export type { MessageService } from './message.service.js';
