import type { TGameVendorCard } from '@bp/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowIcon } from './lobby-icons';
import { VendorTile } from './VendorTile';

/** A category's vendor tiles in one row; the arrows (only when more than a desktop row of 5) scroll it by a screenful. */
export function VendorRow({ cards, testId }: { cards: readonly TGameVendorCard[]; testId: string }) {
  const { t } = useTranslation('lobby');
  const row = useRef<HTMLDivElement>(null);
  const scroll = (dir: 1 | -1) =>
    row.current?.scrollBy({ left: dir * row.current.clientWidth * 0.9, behavior: 'smooth' });
  const arrows = cards.length > 5;
  return (
    <div className={`vendor-row ${arrows ? 'vendor-row--arrows' : ''}`}>
      <button
        type="button"
        className="icon-button vendor-row__arrow"
        aria-label={t('previous')}
        onClick={() => scroll(-1)}
      >
        <ArrowIcon dir="left" />
      </button>
      <div className="vendor-row__track" ref={row} data-testid={testId}>
        {cards.map((c) => (
          <VendorTile key={`${c.gameType}-${c.vassalage}`} card={c} />
        ))}
      </div>
      <button
        type="button"
        className="icon-button vendor-row__arrow"
        aria-label={t('next')}
        onClick={() => scroll(1)}
      >
        <ArrowIcon />
      </button>
    </div>
  );
}
