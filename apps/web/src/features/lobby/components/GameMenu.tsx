import { useTranslation } from 'react-i18next';
import type { TMenuKey } from '../hooks/lobby-menu';

/** The home game menu (SPEC §2.3); the chosen entry is `?type=` in the URL. */
export function GameMenu({
  keys,
  current,
  onChoose,
}: {
  keys: readonly TMenuKey[];
  current: TMenuKey;
  onChoose: (key: TMenuKey) => void;
}) {
  const { t } = useTranslation('lobby');
  return (
    <nav className="game-menu" aria-label={t('gameMenu')} data-testid="game-menu">
      {keys.map((k) => (
        <button
          key={k}
          type="button"
          className={`chip ${k === current ? 'chip--active' : ''}`}
          aria-pressed={k === current}
          data-testid={`menu-${k}`}
          onClick={() => onChoose(k)}
        >
          {t(`menu_${k}`)}
        </button>
      ))}
    </nav>
  );
}
