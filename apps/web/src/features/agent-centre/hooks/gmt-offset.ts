/** Minutes the zone's wall clock is ahead of GMT at the instant (negative west of Greenwich). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The merchant's offset from GMT as the agent centre's header shows it (`GMT+6`, `GMT+5:30`,
 * `GMT-3`, `GMT+0`) at the given instant (daylight saving changes it during the year); computed, so
 * that browsers with different time-zone name data show the same text. An unknown zone reads GMT+0.
 */
export function gmtOffset(timeZone: string, at: Date = new Date()): string {
  let minutes = 0;
  try {
    minutes = offsetMinutes(timeZone, at);
  } catch {
    minutes = 0;
  }
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const mm = abs % 60;
  return `GMT${sign}${Math.floor(abs / 60)}${mm ? `:${String(mm).padStart(2, '0')}` : ''}`;
}
