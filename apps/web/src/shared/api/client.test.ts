// @vitest-environment jsdom
import { systemEndpoints } from '@bp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { callEndpoint, fillPath, toQueryString, type EarlyCall } from './client';
import { setLanguageGetter } from './client-context';

const ok = (value: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, value }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => ok([]));
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.clear();
    localStorage.clear();
    setLanguageGetter(() => 'bn');
  });
  afterEach(() => vi.unstubAllGlobals());

  const headersOf = () => (fetchMock.mock.calls[0]![1] as RequestInit).headers as Record<string, string>;

  it('sends Language upper-case and Device, and no Merchant/Authorization by default', async () => {
    await callEndpoint(systemEndpoints.helpCenter, { query: { lang: 'BN', device: 'WEB' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/wps/system/helpCenter?lang=BN&device=WEB');
    const h = headersOf();
    expect(h.Language).toBe('BN');
    expect(h.Device).toBe('web');
    expect(h).not.toHaveProperty('Merchant');
    expect(h).not.toHaveProperty('Authorization');
  });

  it('sends a stored merchant code and the raw token', async () => {
    localStorage.setItem('merchantCode', 'demo1');
    sessionStorage.setItem('token', 'abc123');
    await callEndpoint(systemEndpoints.status);
    expect(headersOf().Merchant).toBe('demo1');
    expect(headersOf().Authorization).toBe('abc123');
  });

  it('returns value on success and throws ApiError on success:false, even with HTTP 200', async () => {
    fetchMock.mockResolvedValueOnce(ok({ a: 1 }));
    await expect(callEndpoint(systemEndpoints.status)).resolves.toEqual({ a: 1 });
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ success: false, errorCode: 'merchant.not.found', message: 'Invalid URL' }),
        {
          status: 200,
        },
      ),
    );
    const err = await callEndpoint(systemEndpoints.status).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ errorCode: 'merchant.not.found', message: 'Invalid URL', status: 200 });
  });

  it('maps transport failures to network_error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callEndpoint(systemEndpoints.status)).rejects.toMatchObject({ errorCode: 'network_error' });
  });

  it('builds query strings and paths like the reference', () => {
    expect(toQueryString({ a: 'x', b: '', c: null, d: undefined, e: ['1', '2'] })).toBe('?a=x&e=1&e=2');
    expect(toQueryString({})).toBe('');
    expect(fillPath('/wps/x/:id/y', { id: 'a b' })).toBe('/wps/x/a%20b/y');
    expect(() => fillPath('/wps/x/:id', {})).toThrow();
  });

  describe('an early call of the page script', () => {
    const early = (headers: Record<string, string>, value: unknown): EarlyCall => ({
      url: '/wps/system/status',
      headers,
      response: Promise.resolve(ok(value)),
    });
    afterEach(() => delete window.__bpEarly);

    it('answers the same request once, then the network answers', async () => {
      window.__bpEarly = [
        early({ Accept: 'application/json', Device: 'web', Language: 'BN' }, { early: true }),
      ];
      fetchMock.mockResolvedValueOnce(ok({ early: false }));
      expect(await callEndpoint(systemEndpoints.status)).toEqual({ early: true });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(await callEndpoint(systemEndpoints.status)).toEqual({ early: false });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('is not taken by a request with other headers (a token adopted since)', async () => {
      window.__bpEarly = [
        early({ Accept: 'application/json', Device: 'web', Language: 'BN' }, { early: true }),
      ];
      sessionStorage.setItem('token', 'abc123');
      fetchMock.mockResolvedValueOnce(ok({ early: false }));
      expect(await callEndpoint(systemEndpoints.status)).toEqual({ early: false });
      expect(window.__bpEarly).toHaveLength(1);
    });
  });
});
