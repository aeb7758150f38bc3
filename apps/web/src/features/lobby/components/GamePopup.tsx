import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../shared/ui/icons';
import { RECENT_GAMES_KEY } from '../api/lobby-keys';
import { GameAnnouncements } from './GameAnnouncements';
import './game-popup.css';

interface Props {
  url: string;
  title: string;
  trial?: boolean;
  /** the game's vendor and node id: their announcements show above the game */
  vassalage?: string;
  nodeId?: number;
  gameType?: string;
  onClose: () => void;
  /** what else to refresh when the game closes (the app passes the wallet's balance) */
  onClosed?: () => void;
}

/**
 * The game popup (SPEC §2.6): the vendor's page in an iframe, full screen on phones, large and centred
 * on desktop. Closing refreshes the recent games here and, through the app, the balance the game moved.
 */
export default function GamePopup({
  url,
  title,
  trial,
  vassalage,
  nodeId,
  gameType,
  onClose,
  onClosed,
}: Props) {
  const { t } = useTranslation('lobby');
  const qc = useQueryClient();
  const close = () => {
    void qc.invalidateQueries({ queryKey: RECENT_GAMES_KEY });
    onClosed?.();
    onClose();
  };
  // the key listener is added once and calls the latest close (callers pass new callbacks on every render)
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    // Capture phase, and stopped there: Escape closes the game only, not a vendor list it was opened from.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopImmediatePropagation();
      closeRef.current();
    };
    document.addEventListener('keydown', onKey, true);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey, true);
      // another modal still open underneath keeps the page still
      if (!document.querySelector('.modal')) document.body.classList.remove('modal-open');
    };
  }, []);

  return (
    <div className="game-popup-backdrop">
      <div className="game-popup" role="dialog" aria-modal="true" aria-label={title} data-testid="game-popup">
        <header className="game-popup__bar">
          <h2 className="game-popup__title">
            {title}
            {trial && <span className="game-popup__trial">{t('freeTrial')}</span>}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('closeGame')}
            data-testid="game-popup-close"
            onClick={close}
          >
            <CloseIcon />
          </button>
        </header>
        <GameAnnouncements scope={{ vassalage, nodeId, gameType }} compact />
        <iframe
          className="game-popup__frame"
          src={url}
          title={title}
          allow="fullscreen; autoplay"
          allowFullScreen
          data-testid="game-iframe"
        />
      </div>
    </div>
  );
}
