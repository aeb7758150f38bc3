/**
 * @bp/games: the built-in game server's engines, pure TypeScript shared by the server and the
 * browser's verification page. Payouts are integers in 1/10000 of the stake (`...X10000`), so the
 * server settles exactly: winMinor = stakeMinor * BigInt(x10000) / 10000n.
 */
export {
  fairRng,
  hmacSha256Hex,
  newServerSeed,
  seededRng,
  sha256Hex,
  type FairSeeds,
  type Rng,
} from './rng.js';
export {
  compileSlot,
  playSlotRoundX10000,
  spinSlot,
  type SlotConfig,
  type SlotLineWin,
  type SlotSpin,
  type SlotSymbol,
} from './slot-engine.js';
export { SLOT_CONFIGS, slotConfig, slotConfigFor } from './slot-configs.js';
export { publicSlotConfig, slotRtp, type SlotRtp } from './slot-rtp.js';
export { buildStrip } from './slot-strips.js';
export { type Card, SUITS, DECKS, SHOE_SIZE } from './cards.js';
export {
  BACCARAT_BETS,
  baccaratEdgeExact,
  baccaratOutcomeProbabilities,
  baccaratPairProbability,
  baccaratReturnX10000,
  baccaratValue,
  bankerDraws,
  dealBaccarat,
  type BaccaratHand,
} from './baccarat.js';
export {
  DRAGON_TIGER_BETS,
  dealDragonTiger,
  dragonTigerEdgeExact,
  dragonTigerReturnX10000,
  type DragonTigerHand,
} from './dragon-tiger.js';
export {
  DICE_LIMITS,
  diceEdgeExact,
  diceMultiplierX10000,
  diceWinningRolls,
  diceWins,
  rollDice,
} from './dice.js';
export {
  CRASH_GROWTH,
  crashEdgeExact,
  crashElapsedMsFor,
  crashHashChain,
  crashLinkValid,
  crashMultiplierX100At,
  crashPointX100,
  crashPointX100FromBits,
} from './crash.js';
export { playDice, replayRound, type DiceOutcome, type ReplayKind } from './replay.js';
export {
  TICKET_DEMO_CONFIGS,
  TICKET_GAMES,
  TICKET_LIMITS,
  TICKET_PRIZE_KINDS,
  TicketConfigError,
  drawFromTable,
  drawTicket,
  drawTicketFair,
  parseTicketConfig,
  ticketConfigJson,
  ticketConfigProblems,
  ticketExpectedValue,
  ticketOdds,
  ticketTable,
  ticketVerifyHref,
  verifyTicketDraw,
  type TicketConfig,
  type TicketDraw,
  type TicketGame,
  type TicketPrize,
  type TicketPrizeKind,
  type TicketSpins,
  type TicketTable,
} from './tickets.js';
