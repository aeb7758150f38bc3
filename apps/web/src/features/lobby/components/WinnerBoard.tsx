import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { useRankList } from '../api/get-rank-list';
import { startGame } from '../hooks/launch';
import { GameImage } from './GameImage';
import { TrophyIcon } from './lobby-icons';

type TWinner = NonNullable<ReturnType<typeof useRankList>['data']>[number];

/** SPEC §2.3 winner board: the top 3 with rank icons, the rest in a scrolling list; a row launches its game. */
export function WinnerBoard() {
  const { t } = useTranslation('lobby');
  const { data, isPending } = useRankList();
  if (isPending) return <div className="winner-board winner-board--loading" aria-busy="true" />;
  if (!data || data.length === 0)
    return (
      <p className="lobby-empty muted" data-testid="lobby-empty">
        {t('noWinners')}
      </p>
    );
  const top = data.slice(0, 3);
  const rest = data.slice(3);
  return (
    <div className="winner-board" data-testid="winner-board">
      <ol className="winner-board__top">
        {top.map((w, i) => (
          <WinnerRow key={`${w.winTime}-${i}`} w={w} rank={i + 1} />
        ))}
      </ol>
      {rest.length > 0 && (
        <div className="winner-board__scroll">
          {/* the list is drawn twice so the scroll loops without a jump */}
          <ol className="winner-board__rest">
            {[...rest, ...rest].map((w, i) => (
              <WinnerRow
                key={`${w.winTime}-${i}`}
                w={w}
                rank={(i % rest.length) + 4}
                hidden={i >= rest.length}
              />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function WinnerRow({ w, rank, hidden }: { w: TWinner; rank: number; hidden?: boolean }) {
  return (
    <li aria-hidden={hidden || undefined}>
      <button
        type="button"
        className={`winner-row winner-row--${rank <= 3 ? `top${rank}` : 'rest'}`}
        data-testid={hidden ? undefined : 'winner-row'}
        data-rank={rank}
        tabIndex={hidden ? -1 : undefined}
        onClick={() =>
          void startGame({
            nodeId: w.nodeId,
            vassalage: w.vendor,
            gameCode: w.gameCode,
            gameType: w.gameType,
            gameName: w.gameName,
          })
        }
      >
        <span className="winner-row__rank" data-rank={rank}>
          {rank <= 3 ? <TrophyIcon /> : rank}
        </span>
        <GameImage className="winner-row__icon" src={w.iconUrl} alt="" />
        <span className="winner-row__who">
          <span className="winner-row__name">{w.customerName}</span>
          <span className="winner-row__game muted">{w.gameName}</span>
        </span>
        <span className="winner-row__amount" data-testid={hidden ? undefined : 'winner-amount'}>
          {formatAmount(w.winAmount, w.currencySymbol)}
        </span>
      </button>
    </li>
  );
}
