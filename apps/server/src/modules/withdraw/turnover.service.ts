import type { Executor } from '../../db/client.js';
import type { Clock } from '../../platform/module.js';
import { withdrawRepo } from './withdraw.repo.js';

/**
 * Turnover requirements: a bonus or promotion says "bet X before you withdraw". Progress is the
 * member's settled bet turnover since the requirement began (vendor debits that applied and were not
 * rolled back), so every bet counts towards every open requirement at once.
 */
export function createTurnoverService({ db, clock }: { db: Executor; clock: Clock }) {
  /** other modules' open wagering (promotion bonuses): each answers the turnover still to bet */
  const sources: ((memberId: number) => Promise<bigint>)[] = [];
  return {
    /**
     * A module whose requirements it keeps itself (a bonus converts or expires by its own rules) adds
     * them to the withdrawal gate here: the gate refuses with the largest shortfall of all.
     */
    addSource(fn: (memberId: number) => Promise<bigint>) {
      sources.push(fn);
    },

    /**
     * Adds a requirement inside the caller's transaction (the bonus that causes it commits with it).
     * `source` names the cause (e.g. `bonus:123`); the same source again adds nothing (answers false).
     */
    add(
      tx: Executor,
      r: { merchantId: number; memberId: number; requiredAmount: bigint; source: string },
    ): Promise<boolean> {
      if (r.requiredAmount <= 0n) throw new Error('a turnover requirement must be positive');
      return withdrawRepo.insertRequirement(tx, r);
    },

    /**
     * Turnover still to bet before a withdrawal: the largest shortfall over the open requirements
     * (0 when none is unmet). Requirements found reached are closed, so they are not summed again.
     */
    async remaining(memberId: number, ex: Executor = db): Promise<bigint> {
      const open = await withdrawRepo.openRequirements(ex, memberId);
      let remaining = 0n;
      const met: bigint[] = [];
      for (const r of open) {
        const left = BigInt(r.required_amount) - BigInt(r.progress);
        if (left <= 0n) met.push(BigInt(r.id));
        else if (left > remaining) remaining = left;
      }
      await withdrawRepo.markRequirementsMet(ex, met, clock.now());
      for (const source of sources) {
        const left = await source(memberId);
        if (left > remaining) remaining = left;
      }
      return remaining;
    },
  };
}
export type TurnoverService = ReturnType<typeof createTurnoverService>;
