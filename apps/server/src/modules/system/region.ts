import ipaddr from 'ipaddr.js';

export type TRegionAction = 'allow' | 'deny';
export type TRegionKind = 'country' | 'cidr';
export interface RegionRuleLike {
  action: TRegionAction;
  kind: TRegionKind;
  value: string;
}

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

/** Parses an address; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) becomes IPv4 so v4 rules match it. */
export function parseIp(ip: string | undefined): Addr | undefined {
  // a request whose socket closed before it was handled has no remote address (req.ip undefined)
  if (typeof ip !== 'string') return undefined;
  const raw = ip.trim().replace(/^\[|\]$/g, '');
  const noZone = raw.includes('%') ? raw.slice(0, raw.indexOf('%')) : raw;
  if (!ipaddr.isValid(noZone)) return undefined;
  try {
    return ipaddr.process(noZone);
  } catch {
    return undefined;
  }
}

/** The caller IP as shown to clients: canonical text, IPv4-mapped addresses as plain IPv4. */
export function normaliseIp(ip: string): string {
  return parseIp(ip)?.toString() ?? ip;
}

/** Loopback, private, link-local and other non-public ranges have no country. */
export function isPublicIp(ip: string): boolean {
  const a = parseIp(ip);
  return !!a && a.range() === 'unicast';
}

/**
 * Validates and canonicalises a rule value: country -> upper-case ISO alpha-2; cidr -> `<addr>/<bits>`
 * (a bare IP becomes /32 or /128). Returns undefined when invalid.
 */
export function normaliseRuleValue(kind: TRegionKind, value: string): string | undefined {
  const v = value.trim();
  if (kind === 'country') return /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : undefined;
  try {
    if (v.includes('/')) {
      const [addr, bits] = ipaddr.parseCIDR(v);
      // an IPv4-mapped IPv6 network is stored as the IPv4 network it covers
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
        return `${(addr as ipaddr.IPv6).toIPv4Address().toString()}/${bits - 96}`;
      }
      return `${addr.toString()}/${bits}`;
    }
    const a = parseIp(v);
    if (!a) return undefined;
    return `${a.toString()}/${a.kind() === 'ipv4' ? 32 : 128}`;
  } catch {
    return undefined;
  }
}

/** Prefix length of a canonical CIDR value when `ip` lies inside it, else undefined. */
export function cidrMatch(ip: string | Addr, cidr: string): number | undefined {
  const a = typeof ip === 'string' ? parseIp(ip) : ip;
  if (!a) return undefined;
  let range: [Addr, number];
  try {
    range = ipaddr.parseCIDR(cidr);
  } catch {
    return undefined;
  }
  if (range[0].kind() !== a.kind()) return undefined;
  return (a as ipaddr.IPv4).match(range as [ipaddr.IPv4, number]) ? range[1] : undefined;
}

export interface RegionVerdict {
  blocked: boolean;
  /** The rule that decided, or null when none matched. */
  rule: RegionRuleLike | null;
  reason: 'ip-rule' | 'country-rule' | 'not-allow-listed' | 'no-rules' | 'no-match';
}

/**
 * Region restriction. Precedence (most specific wins):
 *  1. IP/CIDR rules matching the caller: the one with the longest prefix decides; on a tie deny wins.
 *     So an allowed office IP gets through a country deny, and a denied /32 inside an allowed /16 is blocked.
 *  2. Country rules matching the caller's GeoIP country: deny wins over allow.
 *  3. Nothing matched: blocked when any allow rule exists (allow-list mode), otherwise open.
 * A caller without a country (private/loopback address, unknown range) matches no country rule, so in
 * allow-list mode it is blocked unless an IP rule allows it.
 */
export function evaluateRegion(
  rules: readonly RegionRuleLike[],
  ip: string | undefined,
  countryCode: string | null,
): RegionVerdict {
  if (rules.length === 0) return { blocked: false, rule: null, reason: 'no-rules' };
  const addr = parseIp(ip);
  let best: { rule: RegionRuleLike; bits: number } | undefined;
  if (addr) {
    for (const r of rules) {
      if (r.kind !== 'cidr') continue;
      const bits = cidrMatch(addr, r.value);
      if (bits === undefined) continue;
      if (!best || bits > best.bits || (bits === best.bits && r.action === 'deny')) best = { rule: r, bits };
    }
  }
  if (best) return { blocked: best.rule.action === 'deny', rule: best.rule, reason: 'ip-rule' };
  if (countryCode) {
    const cc = countryCode.toUpperCase();
    const matching = rules.filter((r) => r.kind === 'country' && r.value === cc);
    const deny = matching.find((r) => r.action === 'deny');
    if (deny) return { blocked: true, rule: deny, reason: 'country-rule' };
    if (matching[0]) return { blocked: false, rule: matching[0], reason: 'country-rule' };
  }
  if (rules.some((r) => r.action === 'allow'))
    return { blocked: true, rule: null, reason: 'not-allow-listed' };
  return { blocked: false, rule: null, reason: 'no-match' };
}
