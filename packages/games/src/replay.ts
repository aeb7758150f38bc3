import { dealBaccarat } from './baccarat.js';
import { diceMultiplierX10000, diceWins, rollDice } from './dice.js';
import { dealDragonTiger } from './dragon-tiger.js';
import { fairRng, type FairSeeds, type Rng } from './rng.js';
import { slotConfig } from './slot-configs.js';
import { spinSlot } from './slot-engine.js';
import { drawTicket, type TicketConfig } from './tickets.js';

export type ReplayKind = 'slot' | 'baccarat' | 'dragonTiger' | 'dice' | 'ticket';

/** dice round as recorded: the roll (hundredths) and what it meant for the bet */
export interface DiceOutcome {
  roll: number;
  target: number;
  over: boolean;
  win: boolean;
  multiplierX10000: number;
}

/** a dice round from an rng: the roll, then the verdict for the player's target */
export function playDice(rng: Rng, target: number, over: boolean): DiceOutcome {
  const roll = rollDice(rng);
  return {
    roll,
    target,
    over,
    win: diceWins(roll, target, over),
    multiplierX10000: diceMultiplierX10000(target, over),
  };
}

/**
 * Recomputes a recorded round from its revealed seeds (the verification page, and the server when
 * it records a round): the same engine call on fairRng(seeds) gives the same object.
 * slot params: { configId, free? }; dice params: { target, over }; the card games take none; a
 * promotion ticket's params are its TicketConfig (amounts as text), checked before the draw.
 */
export function replayRound(
  kind: ReplayKind,
  params: Record<string, unknown>,
  seeds: FairSeeds,
): Record<string, unknown> {
  const rng = fairRng(seeds);
  switch (kind) {
    case 'slot':
      return { ...spinSlot(slotConfig(String(params.configId)), rng, { free: params.free === true }) };
    case 'baccarat':
      return { ...dealBaccarat(rng) };
    case 'dragonTiger':
      return { ...dealDragonTiger(rng) };
    case 'dice':
      return { ...playDice(rng, Number(params.target), params.over === true) };
    case 'ticket':
      return { ...drawTicket(params as unknown as TicketConfig, rng) };
    default:
      throw new Error(`replayRound: unknown kind ${String(kind)}`);
  }
}
