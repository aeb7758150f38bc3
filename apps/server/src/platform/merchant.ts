import type { TWhitelabelNode } from '@bp/contract';
import type { merchant } from '../db/schema/index.js';

/** A merchant's row as stored. */
export type MerchantRow = typeof merchant.$inferSelect;

/** What every request knows about its merchant: the row plus the effective module switches. */
export interface MerchantContext extends MerchantRow {
  /** modId -> on. A module is on only when it and all its ancestors are switched on. */
  modules: Readonly<Record<string, boolean>>;
  whitelabel: TWhitelabelNode[];
}

/**
 * Merchant look-ups every request needs (the merchant module implements it with a short-lived
 * cache): by id, by `Merchant` code, by host name, the merchant's domains, and cache invalidation.
 */
export interface MerchantService {
  getById(id: number): Promise<MerchantContext | undefined>;
  findByCode(code: string): Promise<MerchantContext | undefined>;
  findByHost(host: string): Promise<MerchantContext | undefined>;
  /**
   * What `findByCode` would answer from its cache, without waiting: the merchant when it is cached and
   * fresh, else undefined (not cached, expired, or a cached "no such merchant": ask `findByCode`).
   */
  cachedByCode(code: string): MerchantContext | undefined;
  /** Likewise for `findByHost`. */
  cachedByHost(host: string): MerchantContext | undefined;
  listDomains(merchantId: number): Promise<{ domain: string; routeType: string }[]>;
  /** Drop cached state after an operator change. */
  invalidate(merchantId?: number): void;
}

/** `Host` header -> lower-case domain without port; IPv6 literals keep their brackets stripped. */
export function normaliseHost(host: string | undefined): string | undefined {
  if (!host) return undefined;
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end > 0 ? h.slice(1, end) : undefined;
  }
  h = h.replace(/:\d+$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(h) ? h : undefined;
}
