import type { TGameVendorCard } from '@bp/contract';
import { navigateTo } from '../../../shared/navigation';
import { openModal } from '../../../shared/ui/modal-store';
import { startGame } from '../../../shared/game-launch';

export { gameTarget, startGame, type TLaunchable } from '../../../shared/game-launch';

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
