/** The promotion module's public entry: what other modules, the app and the seed may use. */
export {
  promotionService,
  promotionServiceFor,
  registerPromotion,
  PROMOTION_BET_VOLUME_JOB,
  PROMOTION_SWEEP_JOB,
} from './register.js';
export type { PromotionService } from './promotion.service.js';
export type { ClaimRow, PromotionRow } from './promotion.repo.js';
export { statusOf } from './promotion.rules.js';
