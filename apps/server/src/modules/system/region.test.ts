import { describe, expect, it } from 'vitest';
import { cidrMatch, evaluateRegion, normaliseIp, normaliseRuleValue, type RegionRuleLike } from './region.js';

const deny = (kind: 'country' | 'cidr', value: string): RegionRuleLike => ({ action: 'deny', kind, value });
const allow = (kind: 'country' | 'cidr', value: string): RegionRuleLike => ({ action: 'allow', kind, value });

describe('rule values', () => {
  it('canonicalises countries, IPs and CIDRs and refuses garbage', () => {
    expect(normaliseRuleValue('country', 'bd')).toBe('BD');
    expect(normaliseRuleValue('country', 'BGD')).toBeUndefined();
    expect(normaliseRuleValue('cidr', '203.0.113.7')).toBe('203.0.113.7/32');
    expect(normaliseRuleValue('cidr', '10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(normaliseRuleValue('cidr', '2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normaliseRuleValue('cidr', '2001:db8::1')).toBe('2001:db8::1/128');
    expect(normaliseRuleValue('cidr', '::ffff:10.1.0.0/112')).toBe('10.1.0.0/16');
    expect(normaliseRuleValue('cidr', '10.0.0.0/33')).toBeUndefined();
    expect(normaliseRuleValue('cidr', 'not-an-ip')).toBeUndefined();
    expect(normaliseRuleValue('cidr', '300.1.1.1')).toBeUndefined();
  });
  it('shows IPv4-mapped IPv6 callers as IPv4', () => {
    expect(normaliseIp('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseIp('2001:0db8:0000::0001')).toBe('2001:db8::1');
  });
});

describe('CIDR matching', () => {
  it('matches IPv4 ranges and single addresses', () => {
    expect(cidrMatch('10.1.2.3', '10.0.0.0/8')).toBe(8);
    expect(cidrMatch('11.1.2.3', '10.0.0.0/8')).toBeUndefined();
    expect(cidrMatch('203.0.113.7', '203.0.113.7/32')).toBe(32);
    expect(cidrMatch('203.0.113.8', '203.0.113.7/32')).toBeUndefined();
    expect(cidrMatch('::ffff:10.9.9.9', '10.0.0.0/8')).toBe(8);
  });
  it('matches IPv6 ranges and never mixes families', () => {
    expect(cidrMatch('2001:db8:abcd::1', '2001:db8::/32')).toBe(32);
    expect(cidrMatch('2001:db9::1', '2001:db8::/32')).toBeUndefined();
    expect(cidrMatch('10.0.0.1', '2001:db8::/32')).toBeUndefined();
    expect(cidrMatch('2001:db8::1', '10.0.0.0/8')).toBeUndefined();
    expect(cidrMatch('garbage', '10.0.0.0/8')).toBeUndefined();
  });
});

describe('region evaluation', () => {
  it('is open without rules', () => {
    expect(evaluateRegion([], '1.2.3.4', 'US').blocked).toBe(false);
  });
  it('blocks a denied country and a denied CIDR, nothing else', () => {
    const rules = [deny('country', 'US'), deny('cidr', '198.51.100.0/24')];
    expect(evaluateRegion(rules, '8.8.8.8', 'US')).toMatchObject({ blocked: true, reason: 'country-rule' });
    expect(evaluateRegion(rules, '198.51.100.20', 'BD')).toMatchObject({ blocked: true, reason: 'ip-rule' });
    expect(evaluateRegion(rules, '103.4.145.2', 'BD')).toMatchObject({ blocked: false, reason: 'no-match' });
  });
  it('in allow-list mode blocks callers matching no allow rule, including callers without a country', () => {
    const rules = [allow('country', 'BD')];
    expect(evaluateRegion(rules, '103.4.145.2', 'BD').blocked).toBe(false);
    expect(evaluateRegion(rules, '8.8.8.8', 'US')).toMatchObject({
      blocked: true,
      reason: 'not-allow-listed',
    });
    expect(evaluateRegion(rules, '127.0.0.1', null).blocked).toBe(true);
    // a caller whose socket closed before the check has no address: judged like an unknown one, no throw
    expect(evaluateRegion(rules, undefined, null).blocked).toBe(true);
    expect(evaluateRegion([...rules, allow('cidr', '127.0.0.1/32')], '127.0.0.1', null).blocked).toBe(false);
  });
  it('lets an allowed IP or CIDR through a country deny', () => {
    const rules = [deny('country', 'US'), allow('cidr', '8.8.8.0/24')];
    expect(evaluateRegion(rules, '8.8.8.8', 'US')).toMatchObject({ blocked: false, reason: 'ip-rule' });
    expect(evaluateRegion(rules, '8.8.4.4', 'US').blocked).toBe(true);
  });
  it('lets the most specific IP rule win, deny on a tie', () => {
    const inside = [allow('cidr', '10.0.0.0/8'), deny('cidr', '10.1.1.1/32')];
    expect(evaluateRegion(inside, '10.1.1.1', null).blocked).toBe(true);
    expect(evaluateRegion(inside, '10.1.1.2', null).blocked).toBe(false);
    const tie = [allow('cidr', '10.0.0.0/8'), deny('cidr', '10.0.0.0/8')];
    expect(evaluateRegion(tie, '10.1.1.1', null).blocked).toBe(true);
    const v6 = [deny('cidr', '2001:db8::/32'), allow('cidr', '2001:db8:1::/48')];
    expect(evaluateRegion(v6, '2001:db8:1::5', null).blocked).toBe(false);
    expect(evaluateRegion(v6, '2001:db8:2::5', null).blocked).toBe(true);
  });
  it('lets a country deny win over the same country allowed', () => {
    expect(evaluateRegion([allow('country', 'US'), deny('country', 'US')], '8.8.8.8', 'US').blocked).toBe(
      true,
    );
  });
});
