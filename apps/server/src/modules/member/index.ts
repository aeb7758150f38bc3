/** The member module's public entry: what other modules, the app and the seed may use. */
export { memberService, memberServiceFor, registerMember } from './register.js';
export {
  createMemberService,
  isAgent,
  isNonMember,
  isTrial,
  maskMobile,
  newReferralCode,
  requireRealAccount,
  toAdminMember,
  usernameKey,
} from './member.service.js';
export type { AuthSettings, MemberRow, MemberService, NewMemberInput } from './member.service.js';
