import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useAppStore } from '../../../shared/store/app-store';
import { openModal } from '../../../shared/ui/modal-store';
import { Pager } from '../../../shared/ui/Pager';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useFavouriteList } from '../api/get-favourite-list';
import { useRecentGames } from '../api/get-recent-games';
import { GameGrid } from '../components/GameGrid';
import { CATEGORY_PAGE_SIZE, pageCount, pageOf } from '../hooks/lobby-menu';
import '../components/lobby.css';

/**
 * /favorite and /recent (SPEC §2.1 account game lists). Both need a session: a visitor sees a note
 * and the login popup. Favourites are a real account's; a trial account's list is empty.
 */
export default function AccountGamesPage() {
  const { t } = useTranslation('lobby');
  const kind = useLocation().pathname.startsWith('/recent') ? 'recent' : 'favorite';
  const isLogin = useAppStore((s) => s.isLogin);
  const pendingLogin = useAppStore((s) => s.token !== null && !s.isLogin);
  useEffect(() => {
    if (!isLogin && !pendingLogin) openModal('login');
  }, [isLogin, pendingLogin]);

  return (
    <div className="page lobby" data-testid={`${kind}-page`}>
      <h1 className="page__title">{t(kind === 'recent' ? 'recentTitle' : 'favoriteTitle')}</h1>
      {!isLogin ? (
        <p className="lobby-empty muted" data-testid="account-games-gate">
          {pendingLogin ? t('common:loading') : t('loginToSee')}
        </p>
      ) : kind === 'recent' ? (
        <RecentList />
      ) : (
        <FavouriteList />
      )}
    </div>
  );
}

function FavouriteList() {
  const { data, isPending } = useFavouriteList();
  const ids = useFavouriteIds().data;
  const games = data && ids ? data.filter((g) => ids.includes(g.nodeId)) : data;
  return <Paged games={games} loading={isPending} />;
}

function RecentList() {
  const { data, isPending } = useRecentGames();
  return <Paged games={data} loading={isPending} />;
}

function Paged({ games, loading }: { games: Parameters<typeof GameGrid>[0]['games']; loading: boolean }) {
  // paging lives in the URL (`?page=`), like every list of the site
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setPage = (p: number) => setParams(p > 1 ? { page: String(p) } : {});
  const pages = pageCount(games?.length ?? 0, CATEGORY_PAGE_SIZE);
  return (
    <>
      <GameGrid games={games && pageOf(games, page, CATEGORY_PAGE_SIZE)} loading={loading} />
      <Pager
        pageNo={Math.min(page, pages)}
        totalPages={pages}
        onChange={setPage}
        testId="account-games-pager"
      />
    </>
  );
}
