/**
 * The team-figure module's public entry (issue 15): THE definitions of valid bet, GGR and active
 * member, kept as indexed aggregates, for the agent reports and the settlement engine.
 *
 * - `rollUpNow(db)` before reading figures that must include everything committed so far (a
 *   test); the minute job keeps them within about a minute otherwise. `figuresFinal(db, end)`
 *   before settling a period ending at `end`: nothing stamped before it is missing or still to come.
 * - `teamFigures`, `hourlyValidBets`, `activeMembers`, `memberFigures`, `teamSize`: periods are UTC
 *   instants on merchant-local hour (or day) boundaries; money is bigint minor units.
 * - `teamRounds`, `windowIsFinal`: real-time salary's settled rounds per team and 5-minute window,
 *   read from the wallet journal itself (round by round, not from the aggregates).
 * - `teamFiguresOf`: the figures and active members of many teams at once (the settlement engine).
 */
export { registerTeamFigure, ROLLUP_JOB } from './register.js';
export { figuresFinal, rolledUpTo, rollUp, rollUpNow, rollUpStep } from './team-figure.rollup.js';
export {
  memberValidBetByTypeSince,
  memberValidBetSince,
  membersReachingValidBet,
  teamRounds,
  windowIsFinal,
} from './team-figure.rounds.js';
export type { TeamRounds } from './team-figure.rounds.js';
export {
  activeMembers,
  activeThresholds,
  addFigures,
  DEFAULT_ACTIVE,
  figuresOf,
  hourlyValidBets,
  isActive,
  isWholeDays,
  memberFigures,
  merchantTimeZone,
  teamFigures,
  teamFiguresOf,
  teamSize,
  ZERO_FIGURES,
} from './team-figure.query.js';
export type {
  ActiveThresholds,
  FigurePeriod,
  Figures,
  Granularity,
  MemberFigureFilter,
  MemberFigures,
  SeriesPoint,
  TeamPeriodFigures,
} from './team-figure.query.js';
