import type { TGameType } from '@bp/contract';
import { useState } from 'react';
import { Modal } from '../../../shared/ui/Modal';
import { Pager } from '../../../shared/ui/Pager';
import { useGameList } from '../api/get-game-list';
import { CATEGORY_PAGE_SIZE } from '../hooks/lobby-menu';
import { GameAnnouncements } from './GameAnnouncements';
import { GameGrid } from './GameGrid';
import './lobby.css';

interface Props {
  vassalage: string;
  gameType: TGameType;
  title: string;
  onClose: () => void;
}

/** SPEC §4: a VASSALAGE vendor tile opens a popup list of that vendor's games. */
export default function VendorGamesModal({ vassalage, gameType, title, onClose }: Props) {
  const [page, setPage] = useState(1);
  const { data, isPending } = useGameList({
    vassalage,
    gameType,
    pageNo: page,
    pageSize: CATEGORY_PAGE_SIZE,
  });
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="lg"
      testId="vendor-games-modal"
      closeTestId="vendor-games-close"
    >
      <div className="lobby lobby--modal">
        <GameAnnouncements scope={{ vassalage, gameType }} />
        <GameGrid games={data?.games} loading={isPending} skeletons={12} />
        <Pager
          pageNo={page}
          totalPages={data?.totalPages ?? 1}
          onChange={setPage}
          testId="vendor-games-pager"
        />
      </div>
    </Modal>
  );
}
