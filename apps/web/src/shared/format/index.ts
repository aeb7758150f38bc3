export { formatMoney } from './money';
export { formatDateTime, formatDate } from './date';
