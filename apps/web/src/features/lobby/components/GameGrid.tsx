import type { TGame } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { useFavouriteToggle } from '../hooks/use-favourite-toggle';
import { GameCard } from './GameCard';

interface Props {
  games: readonly TGame[] | undefined;
  loading?: boolean;
  /** placeholders while loading */
  skeletons?: number;
  /** pictures the page's skeleton showed for its first tiles (shared/ui/shell-pictures.ts), drawn in
   * the first placeholders' boxes while loading */
  early?: readonly string[];
  testId?: string;
}

/** Cards whose pictures load at once: a phone's first screen of tiles (the desktop's first row). */
const EAGER_CARDS = 6;

/** Game cards in a responsive grid (3 on phones, 6 on desktop: SPEC §9 "2 rows of 6"), with the no-data text. */
export function GameGrid({ games, loading, skeletons = 12, early, testId = 'game-grid' }: Props) {
  const { t } = useTranslation('lobby');
  const { ids, toggle } = useFavouriteToggle();
  if (!games && loading) {
    return (
      <div className="game-grid" data-testid={testId} aria-busy="true">
        {Array.from({ length: skeletons }, (_, i) =>
          early?.[i] ? (
            <div key={i} className="game-card" aria-hidden="true" data-testid="game-card-early">
              <div className="game-card__media">
                <img className="game-card__early" src={early[i]} alt="" fetchPriority="high" />
              </div>
            </div>
          ) : (
            <div key={i} className="game-card game-card--skeleton" />
          ),
        )}
      </div>
    );
  }
  if (!games || games.length === 0) {
    return (
      <p className="lobby-empty muted" data-testid="lobby-empty">
        {t('noData')}
      </p>
    );
  }
  return (
    <div className="game-grid" data-testid={testId}>
      {games.map((g, i) => (
        <GameCard
          key={g.nodeId}
          game={g}
          favourite={ids.includes(g.nodeId)}
          onFavourite={toggle}
          eager={i < EAGER_CARDS}
          t={t}
        />
      ))}
    </div>
  );
}
