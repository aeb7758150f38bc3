import type { Tx } from '../../db/client.js';

/** A deposit just credited to a member, inside the transaction that credits it. */
export interface DepositCredited {
  merchantId: number;
  memberId: number;
  orderNo: string;
  /** what reached the member's main wallet (amount - fee), minor units */
  credited: bigint;
  /** no deposit of the member had succeeded before this one */
  first: boolean;
}

export type DepositCreditedHook = (tx: Tx, d: DepositCredited) => Promise<void>;

/**
 * What other modules do when a deposit is credited (a first-deposit bonus), in the same transaction:
 * the deposit and what it causes commit together or not at all, so a crash can never leave a
 * credited first deposit without its bonus. A hook that throws rolls the credit back; hooks must
 * refuse nothing a deposit should survive.
 */
export function createDepositHooks() {
  const hooks: DepositCreditedHook[] = [];
  return {
    onCredited(fn: DepositCreditedHook) {
      hooks.push(fn);
    },
    async credited(tx: Tx, d: DepositCredited) {
      for (const fn of hooks) await fn(tx, d);
    },
  };
}
export type DepositHooks = ReturnType<typeof createDepositHooks>;
