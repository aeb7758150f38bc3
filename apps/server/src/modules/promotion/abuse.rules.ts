import type { PromotionRow } from './promotion.repo.js';

export type DeviceKind = 'WEB' | 'MOBILE' | 'APP';

/**
 * The kind of client a session came from, by its user agent: the app (an Android WebView's `; wv)`,
 * or the HTTP stacks native apps use: okhttp, Dalvik, CFNetwork, or the word `BPApp`), a phone's or
 * tablet's browser (Mobi, Android, iPhone, iPad, iPod), else a desktop browser; no user agent: WEB.
 */
export function deviceKindOf(userAgent: string | null | undefined): DeviceKind {
  const ua = userAgent ?? '';
  if (/; wv\)|\bokhttp\b|\bDalvik\b|\bCFNetwork\b|\bBPApp\b/i.test(ua)) return 'APP';
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(ua)) return 'MOBILE';
  return 'WEB';
}

export interface ClaimFingerprint {
  kind: 'IP' | 'DEVICE';
  value: string;
}

/**
 * The fingerprints a claim takes on a one-per-IP / one-per-device promotion: the claim's address and
 * the member's registration address; the device id of the member's current session and of its first
 * one (registration's). Distinct, non-empty, at most 128 characters, in a fixed order (kind, value) so
 * that concurrent claims take them in the same order and never deadlock.
 */
export function fingerprintsOf(
  p: Pick<PromotionRow, 'onePerIp' | 'onePerDevice'>,
  f: {
    ip: string | null;
    registeredIp: string | null;
    deviceId: string | null;
    firstDeviceId: string | null;
  },
): ClaimFingerprint[] {
  const out = new Map<string, ClaimFingerprint>();
  const add = (kind: ClaimFingerprint['kind'], v: string | null) => {
    const value = v?.trim().slice(0, 128);
    if (value) out.set(`${kind}\u0000${value}`, { kind, value });
  };
  if (p.onePerIp) {
    add('IP', f.ip);
    add('IP', f.registeredIp);
  }
  if (p.onePerDevice) {
    add('DEVICE', f.deviceId);
    add('DEVICE', f.firstDeviceId);
  }
  return [...out.values()].sort((a, b) =>
    a.kind !== b.kind ? (a.kind < b.kind ? -1 : 1) : a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
  );
}
