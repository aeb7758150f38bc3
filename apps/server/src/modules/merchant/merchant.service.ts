import type { TWhitelabelNode } from '@bp/contract';
import type { Db } from '../../db/client.js';
import {
  normaliseHost,
  type MerchantContext,
  type MerchantRow,
  type MerchantService,
} from '../../platform/merchant.js';
import { merchantRepo, type ModuleRow } from './merchant.repo.js';

export type { MerchantContext, MerchantRow, MerchantService };

export function buildWhitelabelTree(rows: ModuleRow[]): TWhitelabelNode[] {
  const byParent = new Map<string | null, ModuleRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentModId) ?? [];
    list.push(r);
    byParent.set(r.parentModId, list);
  }
  const build = (parent: string | null): TWhitelabelNode[] =>
    (byParent.get(parent) ?? []).map((r) => ({
      modId: r.modId,
      name: r.name,
      enabled: r.enabled ? '1' : '0',
      childrenNodes: build(r.modId),
    }));
  return build(null);
}

export function effectiveModules(tree: TWhitelabelNode[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const walk = (nodes: TWhitelabelNode[], parentOn: boolean) => {
    for (const n of nodes) {
      const on = parentOn && n.enabled === '1';
      out[n.modId] = on;
      walk(n.childrenNodes, on);
    }
  };
  walk(tree, true);
  return out;
}

/**
 * Resolves merchants by code or host with a short-lived cache. Operator changes call `invalidate`
 * so this instance sees them at once; other instances within `ttlMs`.
 */
export function createMerchantService({
  db,
  ttlMs = 5000,
  now = Date.now,
}: {
  db: Db;
  ttlMs?: number;
  now?: () => number;
}): MerchantService {
  const byId = new Map<number, { at: number; ctx: MerchantContext }>();
  const hostToId = new Map<string, { at: number; id: number | undefined }>();
  const codeToId = new Map<string, { at: number; id: number | undefined }>();

  async function load(row: MerchantRow): Promise<MerchantContext> {
    const whitelabel = buildWhitelabelTree(await merchantRepo.listModules(db, row.id));
    const ctx: MerchantContext = { ...row, whitelabel, modules: Object.freeze(effectiveModules(whitelabel)) };
    byId.set(row.id, { at: now(), ctx });
    return ctx;
  }

  async function getById(id: number): Promise<MerchantContext | undefined> {
    const hit = byId.get(id);
    if (hit && now() - hit.at < ttlMs) return hit.ctx;
    const row = await merchantRepo.findById(db, id);
    if (!row) {
      byId.delete(id);
      return undefined;
    }
    return load(row);
  }

  /** The cached context of a cached id, when both are fresh (what getById would answer at once). */
  function cachedContext(hit: { at: number; id: number | undefined } | undefined, t: number) {
    if (!hit || hit.id === undefined || t - hit.at >= ttlMs) return undefined;
    const ctx = byId.get(hit.id);
    return ctx && t - ctx.at < ttlMs ? ctx.ctx : undefined;
  }

  return {
    getById,
    cachedByCode: (code: string) => cachedContext(codeToId.get(code), now()),
    cachedByHost(host: string) {
      const domain = normaliseHost(host);
      return domain ? cachedContext(hostToId.get(domain), now()) : undefined;
    },
    async findByCode(code: string): Promise<MerchantContext | undefined> {
      const hit = codeToId.get(code);
      if (hit && now() - hit.at < ttlMs) return hit.id === undefined ? undefined : getById(hit.id);
      const row = await merchantRepo.findByCode(db, code);
      codeToId.set(code, { at: now(), id: row?.id });
      return row ? load(row) : undefined;
    },
    async findByHost(host: string): Promise<MerchantContext | undefined> {
      const domain = normaliseHost(host);
      if (!domain) return undefined;
      const hit = hostToId.get(domain);
      if (hit && now() - hit.at < ttlMs) return hit.id === undefined ? undefined : getById(hit.id);
      const id = await merchantRepo.findIdByDomain(db, domain);
      hostToId.set(domain, { at: now(), id });
      return id === undefined ? undefined : getById(id);
    },
    listDomains: (merchantId: number) => merchantRepo.listDomains(db, merchantId),
    /** Drop cached state after an operator change. */
    invalidate(merchantId?: number) {
      if (merchantId === undefined) byId.clear();
      else byId.delete(merchantId);
      hostToId.clear();
      codeToId.clear();
    },
  };
}
