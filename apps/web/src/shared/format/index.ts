export { formatMoney } from './money';
export { formatDateTime, formatDate } from './date';
export { formatAmount, decimalToMinor, checkAmount, isPositive, HIDDEN_AMOUNT } from './amount';
export type { TAmountProblem, AmountRules } from './amount';
