import type { TGame } from '@bp/contract';
import type { TFunction } from 'i18next';
import { gameTarget, startGame } from '../hooks/launch';
import { GameImage } from './GameImage';
import { HeartIcon } from './lobby-icons';

interface Props {
  game: TGame;
  favourite: boolean;
  onFavourite: (game: TGame) => void;
  /** on the first screen: its picture loads at once */
  eager?: boolean;
  /** the lobby's texts, from the grid: a `useTranslation` per card cost a copy of the i18n instance each
   * (react-i18next), two dozen on a page's first render */
  t: TFunction<'lobby'>;
}

/**
 * SPEC §2.3 game card: image, vendor name, "immediate game" and "free trial", game name, the heart.
 * A tap on the picture plays for real, like the button.
 */
export function GameCard({ game, favourite, onFavourite, eager = false, t }: Props) {
  const maintenance = game.status === 'maintenance';
  return (
    <article
      className="game-card"
      data-testid="game-card"
      data-node-id={game.nodeId}
      data-vendor={game.vassalage}
      data-status={game.status}
    >
      <div className="game-card__media">
        <button
          type="button"
          className="game-card__image"
          aria-label={`${t('playNow')}: ${game.gameName}`}
          onClick={() => void startGame(gameTarget(game))}
        >
          <GameImage src={game.iconUrl || game.showIcon} alt="" eager={eager} />
        </button>
        {maintenance && <span className="game-card__badge">{t('maintenanceBadge')}</span>}
        <button
          type="button"
          className={`game-card__fav ${favourite ? 'is-on' : ''}`}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'removeFavourite' : 'addFavourite')}
          data-testid="game-fav"
          onClick={() => onFavourite(game)}
        >
          <HeartIcon filled={favourite} />
        </button>
        <div className="game-card__actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            data-testid="game-play"
            onClick={() => void startGame(gameTarget(game))}
          >
            {t('playNow')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            data-testid="game-trial"
            onClick={() => void startGame(gameTarget(game), { trial: true })}
          >
            {t('freeTrial')}
          </button>
        </div>
      </div>
      <p className="game-card__vendor">{game.displayName}</p>
      <h3 className="game-card__name" data-testid="game-name" title={game.gameName}>
        {game.gameName}
      </h3>
    </article>
  );
}
