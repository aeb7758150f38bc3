import type { TGameClassify } from '@bp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Pager } from '../../../shared/ui/Pager';
import { shellTilesFor } from '../../../shared/ui/shell-pictures';
import { useGameList } from '../api/get-game-list';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { GameAnnouncements } from '../components/GameAnnouncements';
import { GameGrid } from '../components/GameGrid';
import { SearchBox } from '../components/SearchBox';
import { VendorTile } from '../components/VendorTile';
import { categoryFilterOf } from '../hooks/category-routes';
import { CATEGORY_PAGE_SIZE } from '../hooks/lobby-menu';
import '../components/lobby.css';

/**
 * /rng /live /fish /pvp (game lists; RNG takes `?vassalage=`) and /sports /esports /lott /elott (game
 * centres). Vendor, classify, name search and page live in the URL (`vassalage`, `classify`, `q`,
 * `page`); 24 games a page (SPEC §9). A category whose vendors are single games (sports, esports,
 * cockfight) shows their tiles instead of a list.
 */
export default function CategoryPage() {
  const { t, i18n } = useTranslation('lobby');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { types, vassalage, classify, q, page, filter } = categoryFilterOf(pathname, params);
  const main = types[0]!;
  const lanes = useVendorLanes().data;
  const lane = lanes?.find((l) => l.title === main);
  const centreCards = (lanes ?? []).filter((l) => types.includes(l.title)).flatMap((l) => l.cards);
  const isCentre = centreCards.length > 0 && centreCards.every((c) => c.isGame === 'GAME');

  const set = (changes: Record<string, string | null>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes))
        if (v) next.set(k, v);
        else next.delete(k);
      return next;
    });

  // the boot asked for the same filter already when the page is the address (api/prefetch.ts)
  const list = useGameList(filter, !isCentre);
  // the first page of the list the address opened with: the skeleton showed its first tiles
  const unfiltered = !vassalage && !classify && !q && page === 1;
  const early = unfiltered ? shellTilesFor(pathname, i18n.language) : undefined;

  return (
    <div className="page lobby category-page" data-testid="category-page" data-type={main}>
      <h1 className="page__title">{t(`menu_${main}`)}</h1>
      {isCentre ? (
        <div className="vendor-grid" data-testid="centre-tiles">
          {centreCards.map((c) => (
            <VendorTile key={`${c.gameType}-${c.vassalage}`} card={c} />
          ))}
        </div>
      ) : (
        <>
          {vassalage && <GameAnnouncements scope={{ vassalage, gameType: main }} />}
          <SearchBox value={q} onSearch={(text) => set({ q: text || null, page: null })} />
          {/* the filter rows' room is kept while the vendor lanes load: the games do not jump down */}
          {!lanes && <ChipRowPlaceholder />}
          {!lanes && <ChipRowPlaceholder />}
          {lane && lane.cards.length > 1 && (
            <div className="chip-row" role="group" aria-label={t('vendors')} data-testid="vendor-filter">
              <FilterChip
                active={!vassalage}
                testId="vendor-all"
                onClick={() => set({ vassalage: null, page: null })}
              >
                {t('allVendors')}
              </FilterChip>
              {lane.cards.map((c) => (
                <FilterChip
                  key={c.vassalage}
                  active={vassalage === c.vassalage}
                  testId={`vendor-${c.vassalage}`}
                  onClick={() => set({ vassalage: c.vassalage, page: null })}
                >
                  {c.displayName}
                </FilterChip>
              ))}
            </div>
          )}
          {lane && lane.gameClassify.length > 0 && (
            <div className="chip-row" role="group" aria-label={t('classify')} data-testid="classify-filter">
              <FilterChip
                active={!classify}
                testId="classify-all"
                onClick={() => set({ classify: null, page: null })}
              >
                {t('allClassify')}
              </FilterChip>
              {lane.gameClassify.map((c) => (
                <FilterChip
                  key={c.key}
                  active={classify === c.key}
                  testId={`classify-${c.key}`}
                  onClick={() => set({ classify: c.key as TGameClassify, page: null })}
                >
                  {c.displayName}
                </FilterChip>
              ))}
            </div>
          )}
          <p className="muted category-page__count" data-testid="category-count">
            {list.data ? t('gameCount', { count: list.data.totalCount }) : '\u00a0'}
          </p>
          <GameGrid
            games={list.data?.games}
            loading={list.isPending}
            skeletons={CATEGORY_PAGE_SIZE}
            early={early}
          />
          <Pager
            pageNo={list.data?.pageNo ?? page}
            totalPages={list.data?.totalPages ?? 1}
            onChange={(p) => set({ page: p > 1 ? String(p) : null })}
            testId="category-pager"
          />
        </>
      )}
    </div>
  );
}

function ChipRowPlaceholder() {
  return (
    <div className="chip-row" aria-hidden="true" data-testid="chip-row-placeholder">
      {[0, 1, 2, 3].map((i) => (
        <span key={i} className="chip chip--skeleton">
          {'\u00a0'}
        </span>
      ))}
    </div>
  );
}

function FilterChip({
  active,
  testId,
  onClick,
  children,
}: {
  active: boolean;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`chip ${active ? 'chip--active' : ''}`}
      aria-pressed={active}
      data-testid={testId}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
