import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The e2e server's clock (apps/server/src/platform/e2e-clock.ts, mounted because playwright.config.ts
 * starts the server with E2E_CLOCK_CONTROL): read it, move it forward. Only the settlement project
 * moves it, after every other spec has run.
 */
const CLOCK = '/__e2e/clock';

export async function serverNow(request: APIRequestContext): Promise<Date> {
  const body = await (await request.get(CLOCK)).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return new Date(body.value.now as string);
}

export async function moveServerClock(request: APIRequestContext, to: Date): Promise<Date> {
  const body = await (await request.post(CLOCK, { data: { to: to.toISOString() } })).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return new Date(body.value.now as string);
}

/** Minutes the zone's wall clock is ahead of GMT at the instant. */
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
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The merchant's calendar day (yyyy-MM-dd) of an instant. */
export function merchantDay(timeZone: string, at: Date): string {
  return new Date(at.getTime() + offsetMinutes(timeZone, at) * 60_000).toISOString().slice(0, 10);
}

/** The instant of a wall-clock time (HH:mm) on a merchant day, `addDays` after `day`. */
export function merchantTime(timeZone: string, day: string, hhmm: string, addDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d + addDays, hh, mm);
  // the zone's offset at about that instant (a change of offset in between is not a case we meet)
  return new Date(wall - offsetMinutes(timeZone, new Date(wall)) * 60_000);
}
