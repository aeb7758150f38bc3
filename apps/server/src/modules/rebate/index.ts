/**
 * The rebate module's public entry (issue 16): the nightly rebate by product type at the VIP rate,
 * manual rebate claims, cash back on net losses, and paying the VIP upgrade and birthday bonuses.
 * See README.md.
 */
export { registerRebate, REBATE_JOB, REBATE_ROLLUP_JOB, VIP_BENEFITS_JOB } from './register.js';
export { runCashback, runDue, runRebateDay, dayPeriod, weekPeriod } from './rebate.run.js';
export { validBetsSql } from './rebate.bets.js';
export { rebateRollUpStep, rollUpRebateBets } from './rebate.rollup.js';
export { createVipBenefits } from './vip-benefit.js';
