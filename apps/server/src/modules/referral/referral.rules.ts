import type { ReferralRow, ReferralSettingsRow } from './referral.repo.js';

/**
 * An invited friend's name as the referrer sees it: the first two and last two characters of the
 * username, the rest starred (short names keep only their first character).
 */
export function maskName(username: string): string {
  const chars = [...username];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
  return `${chars.slice(0, 2).join('')}****${chars.slice(-2).join('')}`;
}

/**
 * Whether an invitee can earn its referrer a promotion's reward: not when the promotion blocks an
 * invitee on the referrer's address or device and the invitee registered from one of them.
 */
export function qualifies(
  s: Pick<ReferralSettingsRow, 'blockSameIp' | 'blockSameDevice'>,
  r: Pick<ReferralRow, 'sameIp' | 'sameDevice'>,
): boolean {
  return !(s.blockSameIp && r.sameIp) && !(s.blockSameDevice && r.sameDevice);
}
