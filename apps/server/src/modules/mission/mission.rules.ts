import { addDays, weekStartOf } from '../../platform/merchant-day.js';
import type { MissionPeriod } from './mission.repo.js';

/** The days of the day or week (Monday first) holding `today`: first day, and the next period's first. */
export function periodDays(period: MissionPeriod, today: string): { fromDay: string; toDay: string } {
  if (period === 'DAILY') return { fromDay: today, toDay: addDays(today, 1) };
  const fromDay = weekStartOf(today);
  return { fromDay, toDay: addDays(fromDay, 7) };
}

/** Progress in percent, rounded down (100 only once the target is met), never above 100. */
export function percentOf(progress: bigint, target: bigint): number {
  if (target <= 0n || progress >= target) return target > 0n ? 100 : 0;
  return Number((progress * 10_000n) / target) / 100;
}

/**
 * A name on the ranking, masked so that members cannot be told apart by it: its first two and last
 * two characters (one and one for short names) around three stars.
 */
export function maskName(name: string): string {
  const c = [...name];
  if (c.length <= 2) return `${c[0] ?? ''}***`;
  if (c.length <= 5) return `${c[0]}***${c[c.length - 1]}`;
  return `${c.slice(0, 2).join('')}***${c.slice(-2).join('')}`;
}
