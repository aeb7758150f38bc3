/**
 * The game server's iframe API (contract `game-server.ts`): the platform envelope
 * `{success, value}` / `{success:false, errorCode, message}`, the session in `X-Game-Session`.
 * Only types come from the contract, so its zod schemas stay out of the bundle.
 */
export class GameApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'GameApiError';
  }
}

let sessionToken = '';
export function setSessionToken(token: string) {
  sessionToken = token;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (sessionToken) headers['x-game-session'] = sessionToken;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new GameApiError('network', 'network error');
  }
  let json: any;
  try {
    json = await res.json();
  } catch {
    throw new GameApiError(res.ok ? 'network' : `http_${res.status}`, res.statusText);
  }
  if (json?.success === true) return json.value as T;
  throw new GameApiError(
    String(json?.errorCode ?? `http_${res.status}`),
    String(json?.message ?? ''),
    json?.value,
  );
}

export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => call<T>('POST', path, body),
};
