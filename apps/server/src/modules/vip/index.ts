/**
 * The VIP module's public entry (issue 16): levels per merchant, members' ranks from their team
 * figures, upgrades with a notice, the player's rank progress. See README.md.
 */
export { registerVip, VIP_EVALUATE_JOB } from './register.js';
export { createVipService } from './vip.service.js';
export type { VipService } from './vip.service.js';
export { nextLevel, rankOf, reaches } from './vip.rules.js';
export type { RankFigures, RankThresholds } from './vip.rules.js';
export { vipRepo } from './vip.repo.js';
export type { VipLevelValues } from './vip.repo.js';
