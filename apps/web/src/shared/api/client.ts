import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointValue } from '@bp/contract';
import { ApiError } from './api-error';
import { requestHeaders } from './client-context';
import { resetEncryptionKey, sealBody } from './encryption';

export interface CallOptions<E> {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  params?: EndpointParams<E>;
  signal?: AbortSignal;
}

/** Query string as the reference builds it: null/undefined/empty dropped, arrays repeat the key. */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) {
      if (item === null || item === undefined || item === '') continue;
      sp.append(k, String(item));
    }
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Fills `:param` segments of a Fastify-style path. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

/**
 * A GET the page's first script (public/theme-init.js) started while the app's code was still
 * downloading: the status call on every page, the home page's announcements for a visitor.
 */
export interface EarlyCall {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __bpEarly?: EarlyCall[];
  }
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/**
 * The early answer to this very request (same URL, same headers), taken at most once; later calls
 * (a retry, a refetch) go to the network. A request the early script guessed differently (another
 * language, a token adopted since) finds nothing and is sent as usual.
 */
export function takeEarlyCall(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const calls = typeof window === 'undefined' ? undefined : window.__bpEarly;
  const i = calls?.findIndex((c) => c.url === url && sameHeaders(c.headers, headers)) ?? -1;
  return i < 0 ? undefined : calls!.splice(i, 1)[0]!.response;
}

interface Envelope {
  success?: boolean;
  value?: unknown;
  errorCode?: string;
  message?: string;
  msg?: string;
}

/**
 * Calls one contract endpoint and returns its `value`. Throws ApiError when the envelope says
 * `success:false` (whatever the HTTP status: the reference treats 200 + success:false as failure)
 * or when the response is not an envelope at all.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  opts: CallOptions<E> = {},
): Promise<EndpointValue<E>> {
  const url =
    fillPath(endpoint.path, opts.params as Record<string, unknown> | undefined) +
    toQueryString(opts.query as Record<string, unknown> | undefined);
  const headers = requestHeaders();
  let body: string | undefined;
  if (opts.body !== undefined && endpoint.method !== 'GET') {
    if (endpoint.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.body as Record<string, string>).toString();
    } else if (endpoint.encrypted) {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      const sealed = await sealBody(opts.body, { ...headers });
      body = sealed.body;
      if (sealed.header) headers[sealed.header[0]] = sealed.header[1];
    } else {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      body = JSON.stringify(opts.body);
    }
  }

  let res: Response;
  try {
    const early = endpoint.method === 'GET' ? takeEarlyCall(url, headers) : undefined;
    res = await (early ?? fetch(url, { method: endpoint.method, headers, body, signal: opts.signal }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('network_error', (e as Error).message, 0);
  }

  let json: Envelope;
  try {
    json = (await res.json()) as Envelope;
  } catch {
    throw new ApiError(res.status === 504 ? 'timeout' : 'network_error', res.statusText, res.status);
  }
  if (json.success !== true) {
    // A refused ciphertext is most likely a rotated key: the next encrypted call fetches it again.
    if (endpoint.encrypted && json.errorCode === 'request_param_err') resetEncryptionKey();
    throw new ApiError(
      json.errorCode ?? 'system_busy',
      json.message ?? json.msg ?? res.statusText,
      res.status,
      json.value,
    );
  }
  if (import.meta.env.DEV) {
    // Contract drift shows up in the console during development; production trusts the server.
    const parsed = endpoint.response.safeParse(json.value);
    if (!parsed.success)
      console.warn(`[api] ${endpoint.id} response does not match the contract`, parsed.error);
  }
  return json.value as EndpointValue<E>;
}
