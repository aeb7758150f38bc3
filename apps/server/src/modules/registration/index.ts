/** The registration module's public entry: what other modules, the app and the seed may use. */
export {
  registerRegistration,
  registrationHooks,
  registrationService,
  registrationServiceFor,
} from './register.js';
export type { MemberRegistered, MemberRegisteredHook, RegistrationHooks } from './registration.hooks.js';
export type { DownlineInput, RegisterMeta, RegistrationService } from './registration.service.js';
export type { AgentLinkRow, LinkRegistrationRow } from './registration.repo.js';
