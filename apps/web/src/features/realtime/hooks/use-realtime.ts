import { useEffect, useRef } from 'react';
import { useAppStore } from '../../../shared/store/app-store';
import type { RealtimeHandlers, SocketLike } from './realtime-client';

/**
 * Keeps `/wps/ws` open while logged in (real or trial account). Handlers live in a ref so a
 * re-render never reconnects; a new token (login as someone else) does.
 */
export function useRealtime(handlers: RealtimeHandlers) {
  const token = useAppStore((s) => s.token);
  const isLogin = useAppStore((s) => s.isLogin);
  const merchant = useAppStore((s) => s.merchantCode);
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    if (!token || !isLogin || typeof WebSocket === 'undefined') return;
    let readyOnce = false;
    let stopped = false;
    let conn: { stop: () => void } | undefined;
    // The client loads only once someone is logged in: visitors' home route does not carry it.
    void import('./realtime-client').then(({ connectRealtime, realtimeUrl }) => {
      if (stopped) return;
      conn = connectRealtime(
        {
          url: realtimeUrl(window.location, merchant),
          token,
          createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
        },
        {
          onWalletChanged: () => ref.current.onWalletChanged(),
          onNotice: (k, d) => ref.current.onNotice(k, d),
          onUnauthorised: () => ref.current.onUnauthorised?.(),
          onStatus: (s) => {
            // After a reconnect anything pushed while away was missed: refresh once.
            if (s === 'ready' && readyOnce) ref.current.onWalletChanged();
            if (s === 'ready') readyOnce = true;
            ref.current.onStatus?.(s);
          },
        },
      );
    });
    return () => {
      stopped = true;
      conn?.stop();
    };
  }, [token, isLogin, merchant]);
}
