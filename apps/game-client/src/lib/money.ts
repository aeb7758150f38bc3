/**
 * Money arrives as decimal strings ("1234.5", "-2.00"). The UI shows two decimals with thousands
 * separators and does its sums in integer cents, so no amount passes through a binary float.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Decimal text -> integer cents (extra decimals are cut, never rounded up). 0n for junk. */
export function toCents(amount: string): bigint {
  const m = DECIMAL.exec(amount.trim());
  if (!m) return 0n;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0').slice(0, 2));
  return m[1] ? -cents : cents;
}

/** Integer cents -> decimal text with two decimals ("-12.05"), the shape the API accepts. */
export function fromCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** "1234567.5" -> "৳1,234,567.50" (the minus sign before the symbol). */
export function formatMoney(amount: string, symbol = ''): string {
  const text = fromCents(toCents(amount));
  const neg = text.startsWith('-');
  const [whole, frac] = (neg ? text.slice(1) : text).split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${symbol}${grouped}.${frac}`;
}

/** Sum of decimal amounts, as decimal text. */
export function sumMoney(amounts: readonly string[]): string {
  return fromCents(amounts.reduce((acc, a) => acc + toCents(a), 0n));
}

/** A multiplier given in 1/10000 ("x10000") as text with two decimals, floored: 19800 -> "1.98". */
export function formatX10000(x10000: number): string {
  return fromCents(BigInt(Math.floor(x10000 / 100)));
}
