/**
 * Leading-edge throttle: the first call runs, further calls within `ms` are dropped
 * (SMS request 1000 ms, captcha refresh 1000 ms; SPEC §9).
 */
export function createThrottle(ms: number, clock: () => number = Date.now) {
  let last = -Infinity;
  return <T>(fn: () => T): T | undefined => {
    const n = clock();
    if (n - last < ms) return undefined;
    last = n;
    return fn();
  };
}
