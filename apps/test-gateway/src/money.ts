// Amounts cross the wire as decimal strings and live inside as integer minor units, so that no
// float ever touches money. 13 integer digits keep `units * 100 + cents` below 2^53.
const AMOUNT_RE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Minor units of a positive decimal string with at most two decimals, or undefined. */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = AMOUNT_RE.exec(value);
  if (!m) return undefined;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : undefined;
}

/** Canonical wire form: always two decimals, no grouping ("1234.50"). */
export function formatAmount(minor: number): string {
  const cents = minor % 100;
  return `${(minor - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

/** Display form with thousands separators ("1,234.50"). */
export function displayAmount(minor: number): string {
  const [units = '0', cents = '00'] = formatAmount(minor).split('.');
  return `${units.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
