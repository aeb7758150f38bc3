import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/Modal';
import { useHotGames } from '../api/get-hot-games';
import type { TLaunchable } from '../hooks/launch';
import { GameGrid } from './GameGrid';
import './lobby.css';

/** SPEC §4 "game under maintenance (other games suggested)": the text plus hot games of the same kind. */
export default function GameMaintenanceModal({ game, onClose }: { game: TLaunchable; onClose: () => void }) {
  const { t } = useTranslation('lobby');
  const hot = useHotGames().data ?? [];
  const sameType = hot.filter(
    (g) => g.gameType === game.gameType && g.nodeId !== game.nodeId && g.status === 'active',
  );
  const suggested = (sameType.length >= 3 ? sameType : hot.filter((g) => g.status === 'active')).slice(0, 6);
  return (
    <Modal
      title={t('maintenanceTitle')}
      onClose={onClose}
      size="lg"
      testId="game-maintenance"
      closeTestId="game-maintenance-close"
    >
      <div className="lobby lobby--modal">
        <p data-testid="game-maintenance-text">{t('errors:game_maintenance')}</p>
        <h3 className="lobby-section__title">{t('suggested')}</h3>
        <GameGrid games={suggested} skeletons={6} />
      </div>
    </Modal>
  );
}
