import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { countryOf } from '../system/index.js';
import { abuseRepo } from './abuse.repo.js';
import { deviceKindOf, fingerprintsOf } from './abuse.rules.js';
import { promotionRepo, type PromotionRow } from './promotion.repo.js';

export type AbuseRefusal =
  | 'promotion_country_not_allowed'
  | 'promotion_device_not_allowed'
  | 'promotion_ip_limit'
  | 'promotion_device_limit';

/** Who claims, from where: a request's address and session, or (a hook) what the caller knows. */
export interface Claimant {
  merchantId: number;
  memberId: number;
  /** the claim's address (the request's); null: the session's (its latest when no session is named) */
  ip?: string | null;
  sessionId?: number | null;
  /** the client's device id / user agent when known to the caller (registration), else the session's */
  deviceId?: string | null;
  userAgent?: string | null;
}

const ruled = (p: PromotionRow) =>
  p.onePerIp || p.onePerDevice || p.countries.length > 0 || p.devices.length > 0;

/**
 * The bonus-abuse and eligibility rules of a promotion (migration 0091), checked in the claim's own
 * transaction before its claim row: the claim's country (its address through geoip-country) and
 * client kind (its session's user agent) must be allowed; on a one-per-IP / one-per-device promotion
 * its fingerprints (abuse.rules.ts) are taken, and one another member holds refuses the claim. Answers
 * the refusal's error code, or null when the claim may go on (fingerprints then held until the
 * transaction ends: committed with the claim, or released with its rollback).
 */
export async function abuseRefusal(tx: Executor, p: PromotionRow, c: Claimant): Promise<AbuseRefusal | null> {
  if (!ruled(p)) return null;
  const f = await abuseRepo.facts(tx, c.merchantId, c.memberId, c.sessionId ?? null);
  const ip = c.ip ?? f.sessionIp ?? f.registeredIp;
  if (p.countries.length > 0) {
    const country = ip ? countryOf(ip) : null;
    if (!country || !p.countries.includes(country)) return 'promotion_country_not_allowed';
  }
  if (p.devices.length > 0) {
    const kind = deviceKindOf(c.userAgent ?? f.sessionUserAgent);
    if (!p.devices.includes(kind)) return 'promotion_device_not_allowed';
  }
  const keys = fingerprintsOf(p, {
    ip,
    registeredIp: f.registeredIp,
    deviceId: c.deviceId ?? f.sessionDeviceId,
    firstDeviceId: f.firstDeviceId,
  });
  if (keys.length === 0) return null;
  const held = await abuseRepo.take(tx, c.merchantId, p.id, c.memberId, keys);
  return held === 'IP' ? 'promotion_ip_limit' : held === 'DEVICE' ? 'promotion_device_limit' : null;
}

/**
 * A member's own claim of a promotion (join, bet volume, bonus code, raffle entry), in `tx`: the
 * abuse rules first, then the claim row, unique per member and occurrence (and per address and
 * occurrence on a one-per-IP promotion). A refusal is thrown with its code; a claim that exists
 * already is `promotion_already_joined` (the member's own) or `promotion_unavailable` (another
 * account's from this address).
 */
export async function openMemberClaim(
  tx: Executor,
  p: PromotionRow,
  c: { merchantId: number; memberId: number; ip: string; sessionId?: number | null },
  occurrence = '',
) {
  const refused = await abuseRefusal(tx, p, c);
  if (refused) throw new AppError(refused);
  const created = await promotionRepo.insertClaim(tx, {
    merchantId: c.merchantId,
    promotionId: p.id,
    memberId: c.memberId,
    occurrence,
    ip: c.ip,
    ipKey: p.onePerIp ? (occurrence ? `${c.ip}|${occurrence}` : c.ip) : null,
  });
  if (!created) {
    const mine = await promotionRepo.findClaim(tx, p.id, c.memberId, false, occurrence);
    throw new AppError(mine ? 'promotion_already_joined' : 'promotion_unavailable');
  }
  return created;
}
