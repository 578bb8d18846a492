import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MatchDetail, MatchSummary } from '../../../modules/matches/matches.contract';
import { useApi } from '../../lib/api';

export const matchDetailKey = (match: Pick<MatchSummary, 'game' | 'id'>) =>
  ['match-detail', match.game, match.id] as const;

/**
 * The details (incidents, statistics, lineups...) of live matches, kept as fresh as their pushed
 * rows: when a row's version passes its detail's, the detail is fetched again, one request per
 * match at a time, so new incidents appear without a reload. A match without an initial detail
 * is fetched at once.
 */
export function useFreshDetails(matches: readonly MatchSummary[], initial: ReadonlyMap<number, MatchDetail>) {
  const api = useApi();
  const queries = useQueries({
    queries: matches.map((match) => ({
      queryKey: matchDetailKey(match),
      queryFn: () => api.get<MatchDetail>(`/${match.game}/${match.id}`, { quiet: true }),
      initialData: initial.get(match.id),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  useEffect(() => {
    queries.forEach((query, index) => {
      const seq = matches[index]?.seq ?? 0;
      if (query.data && seq > query.data.summary.seq && !query.isFetching && !query.isError)
        void query.refetch({ cancelRefetch: false });
    });
  });
  return queries;
}
