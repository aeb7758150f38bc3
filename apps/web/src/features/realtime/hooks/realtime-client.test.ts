import { describe, expect, it, vi } from 'vitest';
import {
  CLOSE_UNAUTHORISED,
  PING_MS,
  backoffMs,
  connectRealtime,
  parseFrame,
  realtimeUrl,
  type SocketLike,
} from './realtime-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(d: string) {
    this.sent.push(d);
  }
  close(code = 1000) {
    this.closed = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; id: number; live: boolean }[] = [];
  let seq = 0;
  const h = {
    onWalletChanged: vi.fn(),
    onNotice: vi.fn(),
    onUnauthorised: vi.fn(),
    onStatus: vi.fn(),
  };
  const conn = connectRealtime(
    {
      url: 'ws://x/wps/ws',
      token: 'tok',
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      setTimer: (fn, ms) => {
        const t = { fn, ms, id: ++seq, live: true };
        timers.push(t);
        return t.id;
      },
      clearTimer: (id) => {
        const t = timers.find((x) => x.id === id);
        if (t) t.live = false;
      },
    },
    h,
  );
  const fire = (ms: number) => {
    const t = timers.find((x) => x.live && x.ms === ms);
    if (!t) throw new Error(`no live timer of ${ms} ms`);
    t.live = false;
    t.fn();
  };
  return { sockets, timers, h, conn, fire };
}

describe('realtime client', () => {
  it('authenticates after open and hands pushes to the handlers', () => {
    const { sockets, h } = harness();
    const s = sockets[0]!;
    s.open();
    expect(JSON.parse(s.sent[0]!)).toEqual({ type: 'auth', token: 'tok' });
    s.push({ type: 'ready' });
    expect(h.onStatus).toHaveBeenLastCalledWith('ready');
    s.push({ type: 'wallet.changed' });
    expect(h.onWalletChanged).toHaveBeenCalledTimes(1);
    s.push({ type: 'notice', kind: 'deposit_approved', data: { amount: '10.00' } });
    expect(h.onNotice).toHaveBeenCalledWith('deposit_approved', { amount: '10.00' });
  });

  it('pings every 25 seconds once ready', () => {
    const { sockets, fire } = harness();
    const s = sockets[0]!;
    s.open();
    s.push({ type: 'ready' });
    fire(PING_MS);
    fire(PING_MS);
    expect(s.sent.slice(1).map((x) => JSON.parse(x))).toEqual([{ type: 'ping' }, { type: 'ping' }]);
  });

  it('reconnects with growing backoff, and not after 4401', () => {
    const { sockets, fire, h } = harness();
    sockets[0]!.drop(1006);
    fire(backoffMs(0));
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop(1006);
    fire(backoffMs(1));
    expect(sockets).toHaveLength(3);
    expect(backoffMs(1)).toBeGreaterThan(backoffMs(0));
    sockets[2]!.drop(CLOSE_UNAUTHORISED);
    expect(h.onUnauthorised).toHaveBeenCalledTimes(1);
    expect(() => fire(backoffMs(2))).toThrow();
  });

  it('stops for good', () => {
    const { sockets, conn, timers } = harness();
    sockets[0]!.open();
    conn.stop();
    expect(sockets[0]!.closed).toBe(1000);
    sockets[0]!.drop(1000);
    expect(timers.filter((t) => t.live)).toHaveLength(0);
  });

  it('parses frames defensively and builds the URL', () => {
    expect(parseFrame('nope')).toBeNull();
    expect(parseFrame(JSON.stringify({ type: 'other' }))).toBeNull();
    expect(parseFrame(JSON.stringify({ type: 'notice', kind: 'x' }))).toEqual({
      type: 'notice',
      kind: 'x',
      data: {},
    });
    expect(realtimeUrl({ protocol: 'https:', host: 'a.b' }, null)).toBe('wss://a.b/wps/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 'demo bdt')).toBe(
      'ws://127.0.0.1:8080/wps/ws?merchant=demo%20bdt',
    );
  });
});
