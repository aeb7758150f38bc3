/**
 * Money arrives as integer minor units (DESIGN "Money and the ledger"). Formatting stays in integer
 * arithmetic (bigint) so no amount is ever rounded through a float.
 */
export function formatMoney(minor: bigint | number, symbol = '৳', decimals = 2): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new RangeError(`amount must be an integer number of minor units, got ${minor}`);
  }
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = (abs / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = decimals > 0 ? '.' + (abs % scale).toString().padStart(decimals, '0') : '';
  return `${negative ? '-' : ''}${symbol}${whole}${frac}`;
}
