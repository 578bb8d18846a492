import { useQuery } from '@tanstack/react-query';
import type { Page, PlanSummary } from '../../../modules/experts/experts.contract';
import { EXPERT_PATHS } from '../../../modules/experts/experts-constants.contract';
import { useApi } from '../../lib/api';

/** Plans on a match as many as a match page lists: an expert has at most three on one. */
const MATCH_PLANS = 30;

/** The published plans on a match, hot ones first; empty until they have come. */
export function useMatchPlans(matchId: number): PlanSummary[] {
  const api = useApi();
  const plans = useQuery({
    queryKey: ['matchPlans', matchId],
    queryFn: () =>
      api.get<Page<PlanSummary>>(EXPERT_PATHS.plans, {
        query: { matchId, sort: 'hot', pageSize: MATCH_PLANS },
        quiet: true,
      }),
  });
  return plans.data?.list ?? [];
}
