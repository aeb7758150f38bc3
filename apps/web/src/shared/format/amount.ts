/**
 * Money from the API is decimal text ("1234.5", "-12.05"). It is formatted and compared as text and
 * bigint minor units, never through parseFloat: 0.1 + 0.2 must not become a visible 0.30000000000000004.
 */
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Decimal text -> minor units at `decimals` places; extra places are cut (display only). Null if not a number. */
export function decimalToMinor(text: string, decimals = 2): bigint | null {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m) return null;
  const frac = (m[3] ?? '').slice(0, decimals).padEnd(decimals, '0');
  const abs = BigInt(m[2]!) * 10n ** BigInt(decimals) + BigInt(frac || '0');
  return m[1] === '-' ? -abs : abs;
}

/** SPEC §9: two decimals, thousands separators and the currency symbol ("৳1,234.50"); "-" for non-numbers. */
export function formatAmount(text: string | null | undefined, symbol = '', decimals = 2): string {
  const minor = text === null || text === undefined ? null : decimalToMinor(String(text), decimals);
  if (minor === null) return '-';
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const scale = 10n ** BigInt(decimals);
  const whole = (abs / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = decimals > 0 ? '.' + (abs % scale).toString().padStart(decimals, '0') : '';
  return `${negative ? '-' : ''}${symbol}${whole}${frac}`;
}

/** The hidden balance: as many asterisks whatever the amount, so its length gives nothing away. */
export const HIDDEN_AMOUNT = '******';

export type TAmountProblem = 'required' | 'format' | 'decimals' | 'min' | 'max' | 'balance';

export interface AmountRules {
  /** decimal text; absent = no lower bound beyond "more than zero" */
  min?: string | null;
  max?: string | null;
  /** what the member can spend (decimal text) */
  balance?: string | null;
  decimals?: number;
}

/**
 * Checks an amount the member typed against the channel's limits and the balance. Returns the first
 * problem (an i18n key suffix) or null. Typed text only: digits with at most `decimals` places.
 */
export function checkAmount(input: string, rules: AmountRules = {}): TAmountProblem | null {
  const decimals = rules.decimals ?? 2;
  const text = input.trim();
  if (text === '') return 'required';
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(text);
  if (!m) return 'format';
  if ((m[2] ?? '').replace(/0+$/, '').length > decimals) return 'decimals';
  const value = decimalToMinor(text, decimals)!;
  if (value <= 0n) return 'format';
  const bound = (b: string | null | undefined) => (b ? decimalToMinor(b, decimals) : null);
  const min = bound(rules.min);
  const max = bound(rules.max);
  const balance = bound(rules.balance);
  if (min !== null && value < min) return 'min';
  if (max !== null && max > 0n && value > max) return 'max';
  if (balance !== null && value > balance) return 'balance';
  return null;
}

/** Whether a decimal text is above zero (e.g. a sub-wallet worth recalling). */
export const isPositive = (text: string | null | undefined) =>
  text ? (decimalToMinor(text) ?? 0n) > 0n : false;
