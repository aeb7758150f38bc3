/** The operator module's public entry: what other modules, the app and the seed may use. */
export { operatorRoutes } from './operator.routes.js';
export { assertCan } from './operator.rules.js';
export { createOperatorService } from './operator.service.js';
export { operatorRepo } from './operator.repo.js';
