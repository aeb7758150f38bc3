import type { Tx } from '../../db/client.js';

/** A member who just registered themselves, inside the transaction that creates them. */
export interface MemberRegistered {
  merchantId: number;
  memberId: number;
  ip: string;
  /** the device id the client sent, if any */
  deviceId?: string | null;
  /** the client's user agent, if any */
  userAgent?: string | null;
  /** the member whose referral code the registration carried (member_profile.referrer_id) */
  referrerId?: number | null;
}

export type MemberRegisteredHook = (tx: Tx, r: MemberRegistered) => Promise<void>;

/**
 * What other modules do when a player registers (a sign-up bonus), in the same transaction: the
 * account and what it earns on creation commit together or not at all. A hook that throws fails
 * the registration; hooks must refuse nothing a registration should survive.
 */
export function createRegistrationHooks() {
  const hooks: MemberRegisteredHook[] = [];
  return {
    onRegistered(fn: MemberRegisteredHook) {
      hooks.push(fn);
    },
    async registered(tx: Tx, r: MemberRegistered) {
      for (const fn of hooks) await fn(tx, r);
    },
  };
}
export type RegistrationHooks = ReturnType<typeof createRegistrationHooks>;
