import { formatZonedTime } from '@bp/contract';

/** SPEC §9 timestamps: `yyyy-MM-dd HH:mm:ss` in the merchant's time zone. */
export function formatMerchantTime(at: Date | string, timeZone: string): string {
  return formatZonedTime(at, timeZone);
}

/** Offset of a time zone at an instant, in minutes east of UTC (Asia/Dhaka: 360). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const local = formatMerchantTime(at, timeZone).replace(' ', 'T') + 'Z';
  return Math.round((Date.parse(local) - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * Start of the merchant's calendar day containing `at`, `addDays` days later (negative: earlier), as
 * a UTC instant: the bounds of the spec's date presets (today, yesterday, last 7 days, ...).
 */
export function merchantDayStart(timeZone: string, at: Date, addDays = 0): Date {
  const day = formatMerchantTime(at, timeZone).slice(0, 10);
  const midnightUtc = Date.parse(`${day}T00:00:00Z`) + addDays * 86_400_000;
  const offset = zoneOffsetMinutes(timeZone, new Date(midnightUtc));
  return new Date(midnightUtc - offset * 60_000);
}
