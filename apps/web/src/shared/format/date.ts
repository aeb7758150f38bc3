import { formatZonedTime } from '@bp/contract';

/** SPEC §9 timestamp format `yyyy-MM-dd hh:mm:ss` (24-hour clock) in the given IANA time zone. */
export function formatDateTime(input: Date | string | number, timeZone = 'Asia/Dhaka'): string {
  return formatZonedTime(input, timeZone);
}

export function formatDate(input: Date | string | number, timeZone = 'Asia/Dhaka'): string {
  return formatDateTime(input, timeZone).slice(0, 10);
}
