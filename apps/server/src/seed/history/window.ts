import { merchantDayStart } from '../../platform/time.js';

/** Merchant days of play in the demo team's history, ending with yesterday. */
export const DEMO_HISTORY_DAYS = 21;

/** The history's days: [from, to) on merchant midnights, `to` the start of today. */
export function demoHistoryWindow(timeZone: string, now: Date) {
  return {
    from: merchantDayStart(timeZone, now, -DEMO_HISTORY_DAYS),
    to: merchantDayStart(timeZone, now),
  };
}

/** When the demo team's contracts were accepted: a few days before the history starts. */
export const demoContractsSince = (timeZone: string, now: Date) =>
  merchantDayStart(timeZone, now, -DEMO_HISTORY_DAYS - 3);

/**
 * When the demo's hourly and real-time salary contracts were accepted: at the start of the history's
 * last day, so that every hour and 5-minute window since is settled (the seed settles that day).
 */
export const demoShortPeriodsSince = (timeZone: string, now: Date) => merchantDayStart(timeZone, now, -1);

/** When subagent01's contract with subagent03 was accepted: a week before the history ends. */
export const demoLastWeekSince = (timeZone: string, now: Date) => merchantDayStart(timeZone, now, -7);
