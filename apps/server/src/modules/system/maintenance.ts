export interface MaintenanceLike {
  enabled: boolean;
  startTime: Date | null;
  endTime: Date | null;
}

/**
 * Maintenance is on when switched on and `now` lies within the window. Either end may be open:
 * [start, end) — on from the start instant, off again at the end instant.
 */
export function isMaintenanceOn(m: MaintenanceLike | undefined, now: Date): boolean {
  if (!m?.enabled) return false;
  const t = now.getTime();
  if (m.startTime && t < m.startTime.getTime()) return false;
  if (m.endTime && t >= m.endTime.getTime()) return false;
  return true;
}

/** Milliseconds until the maintenance state may flip on its own (window edge), or undefined. */
export function msUntilMaintenanceEdge(m: MaintenanceLike | undefined, now: Date): number | undefined {
  if (!m?.enabled) return undefined;
  const t = now.getTime();
  const edges = [m.startTime, m.endTime].filter((d): d is Date => !!d).map((d) => d.getTime() - t);
  const future = edges.filter((d) => d > 0);
  return future.length ? Math.min(...future) : undefined;
}
