import { lazy, Suspense, useMemo, useState } from 'react';
import { readStorage, writeStorage } from '../../../shared/store/persist';
import { useAppStore } from '../../../shared/store/app-store';
import { useModalStore } from '../../../shared/ui/modal-store';
import { useAnnouncements } from '../api/get-announcements';
import { popupClosedKey, popupsFor } from '../hooks/popup-audience';

const AnnouncementPopup = lazy(() => import('./AnnouncementPopup'));

/**
 * Shows the audience's popup announcements once per browser session: closing marks them closed in
 * sessionStorage (separate keys for users and anonymous visitors). The HTML renderer loads only when
 * there is something to show. While a modal of the stack is open (login, register, a dialog, ...) the
 * popup steps aside rather than sit under it, and comes back when that one closes.
 */
export function AnnouncementPopupHost() {
  const isLogin = useAppStore((s) => s.isLogin);
  const firstTimeLogin = useAppStore((s) => s.firstTimeLogin);
  const { data } = useAnnouncements();
  const key = popupClosedKey(isLogin);
  // Read on every render: the key changes with the login state (member popups after logging in).
  const [, setVersion] = useState(0);
  const modalOpen = useModalStore((s) => s.stack.length > 0);
  const closed = readStorage('session', key) === '1';
  const popups = useMemo(
    () => popupsFor(data?.popup ?? [], { isLogin, firstTimeLogin }),
    [data, isLogin, firstTimeLogin],
  );
  if (closed || popups.length === 0 || modalOpen) return null;
  const close = () => {
    writeStorage('session', key, '1');
    setVersion((v) => v + 1);
  };
  return (
    <Suspense fallback={null}>
      <AnnouncementPopup popups={popups} onClose={close} />
    </Suspense>
  );
}
