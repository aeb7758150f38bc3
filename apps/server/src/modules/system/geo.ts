import geoip from 'geoip-lite';
import { isPublicIp, normaliseIp } from './region.js';

/**
 * Country of an IP from geoip-lite's database, which ships inside the npm package (no network look-up).
 * Loopback, private and other non-public addresses have no country.
 */
export function countryOf(ip: string): string | null {
  const n = normaliseIp(ip);
  if (!isPublicIp(n)) return null;
  return geoip.lookup(n)?.country || null;
}
