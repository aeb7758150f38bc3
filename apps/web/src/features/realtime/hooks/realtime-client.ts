/**
 * The `/wps/ws` channel (server: apps/server/src/modules/realtime): auth frame after open, `ready`
 * or close 4401, pushes of `wallet.changed` and `notice`, a ping every 25 s, reconnect with backoff.
 * Framework-free so it can be tested with a fake socket; the hook in use-realtime.ts drives it.
 */
export const PING_MS = 25_000;
export const CLOSE_UNAUTHORISED = 4401;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export type TServerFrame =
  | { type: 'ready' }
  | { type: 'pong' }
  | { type: 'wallet.changed' }
  | { type: 'notice'; kind: string; data: Record<string, unknown> };

export interface RealtimeHandlers {
  onWalletChanged: () => void;
  onNotice: (kind: string, data: Record<string, unknown>) => void;
  /** The server refused the token (4401): the session is gone, do not reconnect with it. */
  onUnauthorised?: () => void;
  onStatus?: (s: 'connecting' | 'ready' | 'closed') => void;
}

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface RealtimeDeps {
  url: string;
  token: string;
  createSocket: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

export function parseFrame(raw: unknown): TServerFrame | null {
  if (typeof raw !== 'string') return null;
  try {
    const f = JSON.parse(raw) as { type?: unknown; kind?: unknown; data?: unknown };
    if (f.type === 'ready' || f.type === 'pong' || f.type === 'wallet.changed') return { type: f.type };
    if (f.type === 'notice' && typeof f.kind === 'string') {
      const data = f.data && typeof f.data === 'object' ? (f.data as Record<string, unknown>) : {};
      return { type: 'notice', kind: f.kind, data };
    }
  } catch {
    /* not JSON: ignored */
  }
  return null;
}

/** `ws(s)://<host>/wps/ws`, with `?merchant=` only when a merchant code is pinned in storage. */
export function realtimeUrl(loc: { protocol: string; host: string }, merchant: string | null): string {
  const proto = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = merchant ? `?merchant=${encodeURIComponent(merchant)}` : '';
  return `${proto}//${loc.host}/wps/ws${q}`;
}

export const backoffMs = (attempt: number) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;

/** Opens the channel and keeps it open until `stop()`. */
export function connectRealtime(deps: RealtimeDeps, h: RealtimeHandlers): { stop: () => void } {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  let stopped = false;
  let attempt = 0;
  let socket: SocketLike | null = null;
  let pingTimer: unknown = null;
  let retryTimer: unknown = null;

  const schedulePing = () => {
    pingTimer = setTimer(() => {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: 'ping' }));
      schedulePing();
    }, PING_MS);
  };

  const open = () => {
    if (stopped) return;
    h.onStatus?.('connecting');
    const s = deps.createSocket(deps.url);
    socket = s;
    s.onopen = () => s.send(JSON.stringify({ type: 'auth', token: deps.token }));
    s.onmessage = (ev) => {
      const f = parseFrame(ev.data);
      if (!f) return;
      if (f.type === 'ready') {
        attempt = 0;
        h.onStatus?.('ready');
        if (pingTimer === null) schedulePing();
      } else if (f.type === 'wallet.changed') h.onWalletChanged();
      else if (f.type === 'notice') h.onNotice(f.kind, f.data);
    };
    s.onerror = () => undefined;
    s.onclose = (ev) => {
      if (pingTimer !== null) clearTimer(pingTimer);
      pingTimer = null;
      socket = null;
      h.onStatus?.('closed');
      if (stopped) return;
      if (ev.code === CLOSE_UNAUTHORISED) {
        h.onUnauthorised?.();
        return;
      }
      // Missed pushes while away: one refresh on the next ready covers them (see use-realtime.ts).
      retryTimer = setTimer(open, backoffMs(attempt++));
    };
  };

  open();
  return {
    stop: () => {
      stopped = true;
      if (pingTimer !== null) clearTimer(pingTimer);
      if (retryTimer !== null) clearTimer(retryTimer);
      socket?.close(1000, 'bye');
      socket = null;
    },
  };
}
