import type { TGame, TGameVendorCard } from '@bp/contract';
import { errorText, isApiError } from '../../../shared/api';
import { i18n } from '../../../shared/i18n';
import { navigateTo } from '../../../shared/navigation';
import { useAppStore } from '../../../shared/store/app-store';
import { showDialog } from '../../../shared/ui/dialog';
import { openModal } from '../../../shared/ui/modal-store';
import { launchGame, type TLaunchTarget } from '../api/launch-game';

/** What a launch needs of a game card, a vendor tile (GAME) or a winner row. */
export interface TLaunchable extends TLaunchTarget {
  gameName?: string;
  status?: 'active' | 'maintenance';
}

export const gameTarget = (g: TGame): TLaunchable => ({
  nodeId: g.nodeId,
  vassalage: g.vassalage,
  gameCode: g.gameCode,
  gameType: g.gameType,
  gameName: g.gameName,
  status: g.status,
});

let launching = false;

/**
 * SPEC §4 "Launching a game". Real play: a visitor gets the login popup, a trial account the
 * `in_need_true_account` dialog. Free trial (accountType 0) is open to everyone: members launch it
 * with their session, visitors through launchTrial. A game under maintenance shows that text with
 * other games suggested. Lottery vendors (LOTT, ELOTT, TCG_LOTTO_VN, TCG_SEA) belong on the lottery
 * pages, which do not exist yet: until then they launch into the popup like any game.
 */
export async function startGame(game: TLaunchable, opts: { trial?: boolean } = {}) {
  const trial = !!opts.trial;
  const { isLogin, isTrial, token, language } = useAppStore.getState();
  if (!trial) {
    if (!isLogin && !token) {
      openModal('login');
      return;
    }
    if (isTrial) {
      void showDialog(i18n.t('in_need_true_account', { ns: 'auth' }), {
        kind: 'warning',
        name: 'in_need_true_account',
      });
      return;
    }
  }
  if (game.status === 'maintenance') {
    openModal('gameMaintenance', { game });
    return;
  }
  if (launching) return;
  launching = true;
  try {
    const url = await launchGame(game, { trial, member: isLogin, language });
    openModal('gamePopup', {
      url,
      title: game.gameName ?? game.vassalage,
      trial,
      vassalage: game.vassalage,
      nodeId: game.nodeId,
      gameType: game.gameType,
    });
  } catch (e) {
    if (isApiError(e) && e.errorCode === 'game_maintenance') openModal('gameMaintenance', { game });
    else void showDialog(errorText(i18n.t, e), { kind: 'warning', name: 'game_launch_error' });
  } finally {
    launching = false;
  }
}

/**
 * A vendor tile: a GAME tile starts its one game; a VASSALAGE tile of RNG goes to /rng with the
 * vendor, any other opens the popup list of that vendor's games.
 */
export function openVendor(card: TGameVendorCard) {
  if (card.isGame === 'GAME' && card.gameCode) {
    void startGame({
      nodeId: undefined,
      vassalage: card.vassalage,
      gameCode: card.gameCode,
      gameType: card.gameType,
      gameName: card.displayName,
      status: card.status,
    });
    return;
  }
  if (card.gameType === 'RNG') {
    navigateTo(`/rng?vassalage=${encodeURIComponent(card.vassalage)}`);
    return;
  }
  openModal('vendorGames', { vassalage: card.vassalage, gameType: card.gameType, title: card.displayName });
}
