import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { shiftableClock } from './e2e-clock.js';

const DAY = 86_400_000;

describe('e2e clock', () => {
  it('runs on the underlying clock and only ever jumps forward', () => {
    let wall = Date.parse('2026-03-01T10:00:00Z');
    const clock = shiftableClock({ now: () => new Date(wall) });
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    clock.moveTo(new Date('2026-03-02T00:05:00Z'));
    expect(clock.now().toISOString()).toBe('2026-03-02T00:05:00.000Z');
    // time keeps flowing under the offset
    wall += 60_000;
    expect(clock.now().toISOString()).toBe('2026-03-02T00:06:00.000Z');
    expect(clock.offsetMs()).toBe(14 * 3_600_000 + 5 * 60_000);
    expect(() => clock.moveTo(new Date('2026-03-02T00:00:00Z'))).toThrow(/forward/);
    expect(() => clock.moveTo(new Date(clock.now().getTime() + 401 * DAY))).toThrow(/too large/);
    expect(clock.now().toISOString()).toBe('2026-03-02T00:06:00.000Z');
  });

  it('is off unless asked for, and refused in production', () => {
    expect(loadConfig({}).e2eClockControl).toBe(false);
    expect(loadConfig({ E2E_CLOCK_CONTROL: 'true' }).e2eClockControl).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', E2E_CLOCK_CONTROL: 'true' })).toThrow(
      /E2E_CLOCK_CONTROL.*never in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', E2E_CLOCK_CONTROL: 'false' }).e2eClockControl).toBe(false);
  });
});
