/**
 * The crash multiplier is drawn locally every frame from the round's start time and growth rate; the
 * server is only polled a few times a second. Times are the server's: the client keeps an offset
 * (server clock - local clock) taken from each state's `now`.
 */

/** Offset to add to Date.now() to get the server's clock. */
export function clockOffset(serverNow: number, localNow: number): number {
  return serverNow - localNow;
}

/**
 * Smooths offsets from successive polls: a response stamped `now` by the server arrives after its
 * transit time, so each sample underestimates the offset by that time; the largest of the recent
 * samples (the fastest response) is the best estimate. Keeps the last `keep` samples in `samples`.
 */
export function smoothedOffset(samples: number[], sample: number, keep = 8): number {
  samples.push(sample);
  if (samples.length > keep) samples.shift();
  return Math.max(...samples);
}

/** Multiplier x100 at a server time, floored like the server does: e^(growth * elapsed ms). */
export function multiplierX100At(startsAt: number, growth: number, serverTime: number): number {
  const elapsed = Math.max(0, serverTime - startsAt);
  return Math.max(100, Math.floor(100 * Math.exp(growth * elapsed) + 1e-9));
}

/** Whole seconds left before betting closes (never negative). */
export function secondsLeft(startsAt: number, serverTime: number): number {
  return Math.max(0, Math.ceil((startsAt - serverTime) / 1000));
}

/** "1.00x" from x100. */
export function formatMultiplier(x100: number): string {
  return `${Math.floor(x100 / 100)}.${String(x100 % 100).padStart(2, '0')}x`;
}

/**
 * Points of the rising curve for an SVG path: elapsed time on x, multiplier on y, scaled so that the
 * current value stays in view (the axes grow with the round, as players expect).
 */
export function curvePoints(
  growth: number,
  elapsedMs: number,
  width: number,
  height: number,
  steps = 40,
): { points: string; maxX100: number } {
  const span = Math.max(elapsedMs, 5000);
  const top = Math.max(2, Math.exp(growth * span) * 1.1);
  const pts: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = (elapsedMs * i) / steps;
    const m = Math.exp(growth * t);
    const x = (t / span) * width;
    const y = height - ((m - 1) / (top - 1)) * height;
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return { points: pts.join(' '), maxX100: Math.round(top * 100) };
}
