import type { Rng } from './rng.js';

/** targets in hundredths: over 98.98 or under 0.01 would leave no winning roll */
export const DICE_LIMITS = { minTarget: 1, maxTarget: 9998 };

/** a roll 0.00..99.99 as an integer number of hundredths, 0..9999 */
export function rollDice(rng: Rng): number {
  return rng.int(10000);
}

/** over wins when roll > target, under when roll < target */
export function diceWins(roll: number, target: number, over: boolean): boolean {
  return over ? roll > target : roll < target;
}

/** how many of the 10000 rolls win */
export function diceWinningRolls(target: number, over: boolean): number {
  if (!Number.isInteger(target) || target < DICE_LIMITS.minTarget || target > DICE_LIMITS.maxTarget) {
    throw new RangeError(`dice target ${target} outside ${DICE_LIMITS.minTarget}..${DICE_LIMITS.maxTarget}`);
  }
  return over ? 9999 - target : target;
}

/**
 * floor(0.99 / chance) in 1/10000 = floor(99% x 10000 x 10000 / winning rolls), integer arithmetic so
 * no float rounding; the floor only takes from the player, so the edge is 1% to 1.01%.
 */
export function diceMultiplierX10000(target: number, over: boolean): number {
  return Math.floor(99_000_000 / diceWinningRolls(target, over));
}

/** exact house edge of one target */
export function diceEdgeExact(target: number, over: boolean): number {
  return 1 - (diceWinningRolls(target, over) * diceMultiplierX10000(target, over)) / 1e8;
}
