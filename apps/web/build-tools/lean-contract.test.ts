import { describe, expect, it } from 'vitest';
import { leanContractSource } from './lean-contract';

describe('lean contract (web build)', () => {
  const source = [
    "import { z } from 'zod';",
    'export const ZReq = z.object({ a: z.string() }).strict();',
    'const ZRes = z.object({ path: z.string(), response: z.number() });',
    'export const LIMIT = 5;',
    'export const pick = (x) => x;',
    'export const endpoints = {',
    "  get: defineEndpoint({ id: 'x.get', method: 'GET', path: '/x', auth: 'none', query: ZReq, response: ZRes, summary: 'Gets x', tags: ['x'], encrypted: true }),",
    '};',
  ].join('\n');
  const out = leanContractSource(source);

  it('drops the schemas and texts of endpoint declarations, keeps what a call needs', () => {
    expect(out).toContain("{ id: 'x.get', method: 'GET', path: '/x', auth: 'none', encrypted: true }");
    expect(out).not.toMatch(/query: ZReq|response: ZRes|summary|tags/);
  });

  it('makes top-level initialisers pure so unread schemas are tree-shaken', () => {
    expect(out).toContain(
      'export const ZReq = /* @__PURE__ */ (() => (z.object({ a: z.string() }).strict()))();',
    );
    // an object that merely has keys named path and response is not an endpoint unless it is one
    expect(out).toContain(
      'const ZRes = /* @__PURE__ */ (() => (z.object({ path: z.string(), response: z.number() })))();',
    );
    expect(out).toContain('export const LIMIT = 5;');
    expect(out).toContain('export const pick = (x) => x;');
  });

  it('keeps the module valid JavaScript with the same exports', async () => {
    // a stand-in for zod: every call chains
    const stub =
      'const chain = new Proxy(function () {}, { get: () => () => chain }); const z = chain; const defineEndpoint = (e) => e;';
    const url = `data:text/javascript,${encodeURIComponent(out.replace("import { z } from 'zod';", stub))}`;
    const mod = (await import(/* @vite-ignore */ url)) as {
      endpoints: { get: Record<string, unknown> };
      LIMIT: number;
    };
    expect(mod.endpoints.get).toEqual({
      id: 'x.get',
      method: 'GET',
      path: '/x',
      auth: 'none',
      encrypted: true,
    });
    expect(mod.LIMIT).toBe(5);
  });
});
