/** The agent-contract module's public entry: what other modules, the app, the seed and the tests may use. */
export {
  agentContractService,
  agentContractServiceFor,
  registerAgentContract,
  SETTLE_JOB,
} from './register.js';
export {
  createContractSettlement,
  lastClosedPeriod,
  REALTIME_WINDOW_MS,
  SETTLED_PERIODS,
} from './contract-settlement.js';
export type { ContractSettlement, Period, SettleSummary } from './contract-settlement.js';
export {
  checkContractInvariants,
  createAgentContractService,
  seedContract,
} from './agent-contract.service.js';
export type { AgentContractService, ContractFlags } from './agent-contract.service.js';
export { capViolation, rateAt, termsOf } from './agent-contract.rules.js';
export type { Figures, Terms, Tier } from './agent-contract.rules.js';
export { assertNoPayoutOwed } from './payout-freeze.js';
