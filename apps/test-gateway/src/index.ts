export { createTestGateway, GatewayError } from './gateway.js';
export type { MerchantSecrets, TestGateway, TestGatewayOptions } from './gateway.js';
export type { NotifyAttempt, Order, OrderStatus } from './order.js';
export { sign, verifySignature } from './signature.js';
export { formatAmount, parseAmount } from './money.js';
