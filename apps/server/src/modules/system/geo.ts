import geoip from 'geoip-country';
import { isPublicIp, normaliseIp } from './region.js';

/**
 * Country of an IP from geoip-country's database (GeoLite2 country ranges), which ships inside the npm
 * package (no network look-up). The country-only edition holds about 18 MB in memory where
 * geoip-lite's city database held 143 MB, and region rules need only the country.
 * Loopback, private and other non-public addresses have no country.
 */
export function countryOf(ip: string): string | null {
  const n = normaliseIp(ip);
  if (!isPublicIp(n)) return null;
  return geoip.lookup(n)?.country || null;
}
