import type { Clock } from '../platform/module.js';

export interface TestClock extends Clock {
  /** Moves the clock forward (or back, with a negative value). */
  advance(ms: number): void;
}

/**
 * The one controllable clock for tests (pass it as the app's `deps.clock`): the wall clock plus an
 * offset the test moves forward with `advance`; `frozen`: time stands still between the test's own
 * steps (a busy machine cannot move, say, a crash round on behind the test's back); `at`: starts at
 * that instant instead of now (implies frozen unless `frozen: false`).
 */
export function testClock(opts: { frozen?: boolean; at?: Date } = {}): TestClock {
  let offset = 0;
  const start = opts.at?.getTime() ?? Date.now();
  const frozen = opts.frozen ?? opts.at !== undefined;
  const realStart = Date.now();
  const base = () => (frozen ? start : start + (Date.now() - realStart));
  return {
    now: () => new Date(base() + offset),
    advance: (ms) => void (offset += ms),
  };
}
