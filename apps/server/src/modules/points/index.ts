/**
 * The points module's public entry (issue 16): a member's points balance and its keyed journal
 * (`post` in the caller's transaction), apart from the money ledger. The points mall builds on it.
 */
export { pointsServiceFor, registerPoints } from './register.js';
export type { PointsMove, PointsService } from './points.service.js';
