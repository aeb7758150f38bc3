import { describe, expect, it } from 'vitest';
import { loadConfig, parseMerchants } from './config.js';

describe('config', () => {
  it('reads merchants as mchId:secret pairs, secrets may contain colons', () => {
    expect(parseMerchants('a:s1, b:s:2')).toEqual({ a: 's1', b: 's:2' });
  });

  it('fails loudly on missing or malformed merchants', () => {
    expect(() => parseMerchants(undefined)).toThrow(/GATEWAY_MERCHANTS/);
    expect(() => parseMerchants('nocolon')).toThrow(/mchId:secret/);
    expect(() => parseMerchants('a:')).toThrow(/mchId:secret/);
  });

  it('defaults the port to 8081 and rejects a bad one', () => {
    expect(loadConfig({ GATEWAY_MERCHANTS: 'a:b' }).port).toBe(8081);
    expect(() => loadConfig({ GATEWAY_MERCHANTS: 'a:b', GATEWAY_PORT: 'x' })).toThrow(/GATEWAY_PORT/);
  });
});
