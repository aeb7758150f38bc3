import { gameEndpoints, gameLaunchEndpoints, type TBettingRecordQuery } from '@bp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { RECORDS_KEY, REPORT_PAGE_SIZE } from './get-account-records';

/**
 * GET /wps/relay/ODSFE2_getBettingRecord: the player's rounds of every vendor, with the filter's
 * summary. Game and vendor names come in the request's language, so the language is part of the key.
 */
export const bettingRecordsQuery = (token: string | null, language: string, q: TBettingRecordQuery) =>
  queryOptions({
    queryKey: [...RECORDS_KEY, 'betting', token, language, q],
    queryFn: ({ signal }) => callEndpoint(gameLaunchEndpoints.bettingRecord, { query: q, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useBettingRecords(q: TBettingRecordQuery) {
  const token = useAppStore((s) => s.token);
  const language = useAppStore((s) => s.language);
  return useQuery(bettingRecordsQuery(token, language, { pageSize: REPORT_PAGE_SIZE, ...q }));
}

/** GET /wps/relay/ODSFE2_getBettingRecordDetail: one round's wallet movements and, for built-in games, its outcome. */
export function useBettingRecordDetail(round: { vendor: string; roundId: string } | null) {
  const token = useAppStore((s) => s.token);
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: [...RECORDS_KEY, 'betting-detail', token, language, round],
    queryFn: ({ signal }) => callEndpoint(gameLaunchEndpoints.bettingRecordDetail, { query: round!, signal }),
    enabled: !!token && !!round,
  });
}

/**
 * The vendor select's options: the vendors of the lobby's lanes (GCSGAME_newGameVendor), one entry
 * per vendor code, limited to the chosen game type when there is one. Public and cached by the server.
 */
export function useVendorOptions() {
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: ['games', 'lanes', language],
    queryFn: ({ signal }) => callEndpoint(gameEndpoints.vendorLanes, { query: {}, signal }),
    staleTime: 5 * 60_000,
    select: (d) =>
      d.data.lanes.flatMap((lane) =>
        lane.cards.map((c) => ({ code: c.vassalage, name: c.displayName, gameType: lane.title })),
      ),
  });
}
