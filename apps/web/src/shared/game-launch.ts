/** Launching a game (SPEC §4): the lobby's cards and the promotions' free spins open games the same way. */
import { gameLaunchEndpoints, type TGame } from '@bp/contract';
import { callEndpoint, errorText, isApiError } from './api';
import { i18n } from './i18n';
import { useAppStore } from './store/app-store';
import { showDialog } from './ui/dialog';
import { openModal } from './ui/modal-store';

export interface TLaunchTarget {
  nodeId?: number;
  vassalage: string;
  gameCode?: string | null;
  gameType?: string;
}

/**
 * GET /wps/game/launchGame (member; `launchMode` GLS, `accountType` 1 real money, 0 free trial) or
 * GET /wps/game/launchTrial (visitors' free trial). Answers the iframe URL.
 */
export async function launchGame(
  target: TLaunchTarget,
  opts: { trial: boolean; member: boolean; language: string },
) {
  const common = {
    nodeId: target.nodeId,
    vassalage: target.vassalage,
    gameCode: target.gameCode ?? undefined,
    gameType: target.gameType,
    platform: 'html5-desktop',
    clientType: 3,
    language: opts.language.toUpperCase(),
  };
  const v = opts.member
    ? await callEndpoint(gameLaunchEndpoints.launchGame, {
        query: { ...common, launchMode: 'GLS', accountType: opts.trial ? 0 : 1 },
      })
    : await callEndpoint(gameLaunchEndpoints.launchTrial, { query: common });
  return v.content.game_url;
}

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
