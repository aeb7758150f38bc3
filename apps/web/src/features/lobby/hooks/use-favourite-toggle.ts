import type { TGame } from '@bp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorText } from '../../../shared/api';
import { i18n } from '../../../shared/i18n';
import { useAppStore } from '../../../shared/store/app-store';
import { showDialog } from '../../../shared/ui/dialog';
import { openModal } from '../../../shared/ui/modal-store';
import { favouriteIdsQuery, useFavouriteIds } from '../api/get-favourite-ids';
import { FAVOURITES_KEY } from '../api/lobby-keys';
import { saveFavourite } from '../api/toggle-favourite';
import { createFavouriteThrottle, toggleFavourite } from './favourites';

const throttle = createFavouriteThrottle();
/** The newest toggle: an older call's answer must not undo a heart changed since. */
let latestToggle = 0;

/**
 * The heart: optimistic (the ids change at once, SPEC §4), one toggle per second, the server's id
 * list wins when it answers; a refusal puts the old list back. Visitors get the login popup, trial
 * accounts the need-a-real-account dialog (favourites are a real account's).
 */
export function useFavouriteToggle() {
  const qc = useQueryClient();
  const ids = useFavouriteIds().data;
  const token = useAppStore((s) => s.token);

  const toggle = useCallback(
    (game: TGame) => {
      const { isLogin, isTrial } = useAppStore.getState();
      if (!isLogin) {
        openModal('login');
        return;
      }
      if (isTrial) {
        void showDialog(i18n.t('need_real_account', { ns: 'auth' }), {
          kind: 'warning',
          name: 'need_real_account',
        });
        return;
      }
      throttle(() => {
        const key = favouriteIdsQuery(token).queryKey;
        const before = qc.getQueryData(key) ?? [];
        const add = !before.includes(game.nodeId);
        qc.setQueryData(key, toggleFavourite(before, game.nodeId, add));
        const seq = ++latestToggle;
        saveFavourite({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType }, add).then(
          (serverIds) => {
            if (seq === latestToggle) qc.setQueryData(key, serverIds);
            void qc.invalidateQueries({ queryKey: [...FAVOURITES_KEY, 'list'] });
          },
          (e: unknown) => {
            // put this heart back as it was, keeping any later change
            const now = qc.getQueryData(key) ?? [];
            qc.setQueryData(key, toggleFavourite(now, game.nodeId, !add));
            void showDialog(errorText(i18n.t, e), { kind: 'warning', name: 'favourite_error' });
          },
        );
      });
    },
    [qc, token],
  );

  return { ids: ids ?? [], toggle };
}
