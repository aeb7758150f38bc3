import type { TGameLane } from '@bp/contract';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../../shared/store/app-store';
import { openModal } from '../../../shared/ui/modal-store';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useFavouriteList } from '../api/get-favourite-list';
import { useGameList } from '../api/get-game-list';
import { useHotGames } from '../api/get-hot-games';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { CATEGORY_PATH } from '../hooks/category-routes';
import {
  HOME_PAGE_SIZE,
  cutVendors,
  menuKeys,
  pageCount,
  pageOf,
  sectionKeys,
  type TMenuKey,
  type TSectionKey,
} from '../hooks/lobby-menu';
import { GameGrid } from './GameGrid';
import { GameMenu } from './GameMenu';
import { LobbySection } from './LobbySection';
import { SearchBox } from './SearchBox';
import { SportsEntrance } from './SportsEntrance';
import { VendorRow } from './VendorRow';
import { WinnerBoard } from './WinnerBoard';
import './lobby.css';

/**
 * The home lobby (SPEC §2.3): search, the game menu (`?type=`, HOME by default), then the sections of
 * the chosen entry. A search (`?q=`, `?page=`) replaces the sections with the matching games.
 */
export function HomeLobby() {
  const [params, setParams] = useSearchParams();
  const isLogin = useAppStore((s) => s.isLogin);
  // Answers render as deferred (sliced) renders: the sections and their tiles are the bulk of the
  // page, and one long render would block a slow phone's main thread.
  const lanes = useDeferredValue(useVendorLanes().data) ?? [];
  const keys = menuKeys(lanes);
  const wanted = (params.get('type') ?? 'HOME').toUpperCase() as TMenuKey;
  const current: TMenuKey = keys.includes(wanted) && (wanted !== 'FAV' || isLogin) ? wanted : 'HOME';
  const q = params.get('q') ?? '';

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes))
          if (v) next.set(k, v);
          else next.delete(k);
        return next;
      },
      { preventScrollReset: true },
    );

  const choose = (key: TMenuKey) => {
    // SPEC §2.3: FAV while logged out opens the login popup.
    if (key === 'FAV' && !isLogin) {
      openModal('login');
      return;
    }
    set({ type: key === 'HOME' ? null : key, q: null, page: null });
  };

  return (
    <div className="lobby" data-testid="lobby" data-current={current}>
      <SearchBox value={q} onSearch={(text) => set({ q: text || null, page: null })} />
      <GameMenu keys={keys} current={current} onChoose={choose} />
      {q ? (
        <SearchResults
          q={q}
          page={Number(params.get('page')) || 1}
          onPage={(p) => set({ page: String(p) })}
        />
      ) : (
        sectionKeys(lanes, current, isLogin).map((key) => (
          <Section key={key} id={key} lanes={lanes} whole={current !== 'HOME'} />
        ))
      )}
    </div>
  );
}

function Section({ id, lanes, whole }: { id: TSectionKey; lanes: TGameLane[]; whole: boolean }) {
  const { t } = useTranslation('lobby');
  if (id === 'HOT') return <HotSection />;
  if (id === 'FAV') return <FavSection />;
  if (id === 'MXWIN')
    return (
      <LobbySection id="MXWIN" title={t('menu_MXWIN')}>
        <WinnerBoard />
      </LobbySection>
    );
  const lane = lanes.find((l) => l.title === id);
  if (!lane) return null;
  if (id === 'SPORTS')
    return (
      <LobbySection id="SPORTS" title={t('menu_SPORTS')} moreTo={CATEGORY_PATH.SPORTS}>
        <SportsEntrance card={lane.cards[0]} />
      </LobbySection>
    );
  const cards = cutVendors(id, lane.cards, whole);
  return (
    <LobbySection id={id} title={t(`menu_${id}`)} moreTo={CATEGORY_PATH[id]}>
      <VendorRow cards={cards} testId={`vendors-${id}`} />
    </LobbySection>
  );
}

function HotSection() {
  const { t } = useTranslation('lobby');
  const { data: fresh, isPending } = useHotGames();
  const data = useDeferredValue(fresh);
  const [page, setPage] = useState(1);
  return (
    <LobbySection
      id="HOT"
      title={t('section_HOT')}
      paging={{ page, pages: pageCount(data?.length ?? 0, HOME_PAGE_SIZE), onPage: setPage }}
    >
      <GameGrid
        games={data && pageOf(data, page, HOME_PAGE_SIZE)}
        loading={isPending || (fresh !== undefined && data === undefined)}
      />
    </LobbySection>
  );
}

function FavSection() {
  const { t } = useTranslation('lobby');
  const { data, isPending } = useFavouriteList();
  const ids = useFavouriteIds().data;
  const [page, setPage] = useState(1);
  // A removed heart leaves the section at once; the list catches up after the server answers.
  const games = data && ids ? data.filter((g) => ids.includes(g.nodeId)) : data;
  return (
    <LobbySection
      id="FAV"
      title={t('menu_FAV')}
      moreTo="/favorite"
      paging={{ page, pages: pageCount(games?.length ?? 0, HOME_PAGE_SIZE), onPage: setPage }}
    >
      <GameGrid games={games && pageOf(games, page, HOME_PAGE_SIZE)} loading={isPending} skeletons={6} />
    </LobbySection>
  );
}

function SearchResults({ q, page, onPage }: { q: string; page: number; onPage: (p: number) => void }) {
  const { t } = useTranslation('lobby');
  const { data, isPending } = useGameList({ gameName: q, pageNo: page, pageSize: HOME_PAGE_SIZE });
  return (
    <LobbySection
      id="SEARCH"
      title={t('searchResults', { q, count: data?.totalCount ?? 0 })}
      paging={{ page, pages: data?.totalPages ?? 1, onPage }}
    >
      <GameGrid games={data?.games} loading={isPending} />
    </LobbySection>
  );
}
