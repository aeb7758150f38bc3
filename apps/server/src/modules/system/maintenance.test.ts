import { describe, expect, it } from 'vitest';
import { isMaintenanceOn, msUntilMaintenanceEdge } from './maintenance.js';

const at = (s: string) => new Date(s);
const now = at('2026-06-01T12:00:00Z');

describe('maintenance window', () => {
  it('is off when not enabled, whatever the window', () => {
    expect(isMaintenanceOn(undefined, now)).toBe(false);
    expect(isMaintenanceOn({ enabled: false, startTime: null, endTime: null }, now)).toBe(false);
  });
  it('is on when enabled without a window', () => {
    expect(isMaintenanceOn({ enabled: true, startTime: null, endTime: null }, now)).toBe(true);
  });
  it('is on inside [start, end) and off outside', () => {
    const w = { enabled: true, startTime: at('2026-06-01T11:00:00Z'), endTime: at('2026-06-01T13:00:00Z') };
    expect(isMaintenanceOn(w, now)).toBe(true);
    expect(isMaintenanceOn(w, at('2026-06-01T11:00:00Z'))).toBe(true);
    expect(isMaintenanceOn(w, at('2026-06-01T13:00:00Z'))).toBe(false);
    expect(isMaintenanceOn(w, at('2026-06-01T10:59:59Z'))).toBe(false);
  });
  it('handles open ends', () => {
    expect(
      isMaintenanceOn({ enabled: true, startTime: at('2026-06-02T00:00:00Z'), endTime: null }, now),
    ).toBe(false);
    expect(
      isMaintenanceOn({ enabled: true, startTime: null, endTime: at('2026-05-31T00:00:00Z') }, now),
    ).toBe(false);
    expect(
      isMaintenanceOn({ enabled: true, startTime: at('2026-05-31T00:00:00Z'), endTime: null }, now),
    ).toBe(true);
  });
  it('knows when the state flips next', () => {
    const w = { enabled: true, startTime: at('2026-06-01T12:00:10Z'), endTime: at('2026-06-01T13:00:00Z') };
    expect(msUntilMaintenanceEdge(w, now)).toBe(10_000);
    expect(msUntilMaintenanceEdge({ enabled: true, startTime: null, endTime: null }, now)).toBeUndefined();
  });
});
