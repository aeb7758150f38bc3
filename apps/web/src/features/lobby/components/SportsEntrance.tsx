import type { TGameVendorCard } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { openVendor } from '../hooks/launch';
import { GameImage } from './GameImage';

/** SPEC §2.3 sports entrance: one picture that launches the first sports game. */
export function SportsEntrance({ card }: { card: TGameVendorCard | undefined }) {
  const { t } = useTranslation('lobby');
  if (!card)
    return (
      <p className="lobby-empty muted" data-testid="lobby-empty">
        {t('noData')}
      </p>
    );
  return (
    <button
      type="button"
      className="sports-entrance"
      data-testid="sports-entrance"
      data-vendor={card.vassalage}
      onClick={() => openVendor(card)}
    >
      <GameImage className="sports-entrance__logo" src={card.lagerIcon} alt="" />
      <span className="sports-entrance__text">
        <strong>{t('sportsEntrance')}</strong>
        <span>{card.displayName}</span>
      </span>
      <span className="btn btn--primary sports-entrance__cta">{t('playNow')}</span>
    </button>
  );
}
