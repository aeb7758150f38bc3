import type { TGameVendorCard } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { openVendor } from '../hooks/launch';
import { GameImage } from './GameImage';

/** A vendor card of a category (SPEC §3): its large icon, name and game count; a click opens it (SPEC §4). */
export function VendorTile({ card }: { card: TGameVendorCard }) {
  const { t } = useTranslation('lobby');
  return (
    <button
      type="button"
      className="vendor-tile"
      data-testid="vendor-tile"
      data-vendor={card.vassalage}
      data-type={card.gameType}
      onClick={() => openVendor(card)}
    >
      <GameImage className="vendor-tile__icon" src={card.lagerIcon} alt="" />
      <span className="vendor-tile__name">{card.displayName}</span>
      <span className="vendor-tile__count muted">
        {card.isGame === 'GAME' ? t('playNow') : t('gameCount', { count: card.gameCount })}
      </span>
    </button>
  );
}
