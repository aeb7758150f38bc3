import { formatMerchantTime, merchantDayStart } from './time.js';

/**
 * Merchant calendar days as `yyyy-MM-dd` text (check-in occurrences, mission periods): plain date
 * arithmetic on the text, and the UTC instant a day starts at in the merchant's time zone.
 */
export const merchantDay = (timeZone: string, at: Date): string =>
  formatMerchantTime(at, timeZone).slice(0, 10);

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b - a). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The Monday of the week holding `day` (weeks start on Monday). */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The UTC instant the merchant day `day` begins. */
export const dayStartInstant = (timeZone: string, day: string): Date =>
  merchantDayStart(timeZone, new Date(Date.parse(`${day}T12:00:00Z`)), 0);
