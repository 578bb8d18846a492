import type {
  ExpertAnswers,
  ExpertSort,
  PlanState,
  RevenueRange,
} from '../../../modules/experts/experts.contract';
import type { AppLoadContext } from '../../load-context';

const PAGE_SIZE = 20;

/**
 * What the expert and creator centre pages read, each a call of the experts service made for the
 * page's caller (its session user and language). One place maps the pages onto the service.
 */
export function expertQueries(context: AppLoadContext) {
  const { experts } = context.services;
  const caller = context.user;
  const page = (pageIndex: number) => ({ pageIndex, pageSize: PAGE_SIZE });
  return {
    home: (): Promise<ExpertAnswers['home']> => experts.home(),
    library: (
      query: { gameId?: number; sort: ExpertSort },
      pageIndex: number,
    ): Promise<ExpertAnswers['expertLibrary']> => experts.library({ ...query, ...page(pageIndex) }),
    specialists: (query: { gameId?: number }): Promise<ExpertAnswers['specialists']> =>
      experts.specialists(query),
    profile: (expertId: number): Promise<ExpertAnswers['expertInfo']> => experts.expertInfo(expertId, caller),
    graph: (expertId: number): Promise<ExpertAnswers['expertGraph']> => experts.graph(expertId),
    monthly: (expertId: number): Promise<ExpertAnswers['monthlyReturns']> => experts.monthlyReturns(expertId),
    plans: (query: { expertId?: number }, pageIndex: number): Promise<ExpertAnswers['plans']> =>
      experts.plans({ ...query, sort: 'latest', onSale: false, ...page(pageIndex) }),
    plan: (planId: number): Promise<ExpertAnswers['planInfo']> => experts.planInfo(planId, caller),
    verify: (expertId: number): Promise<ExpertAnswers['verifyChain']> => experts.verifyChain(expertId),
    purchased: (pageIndex: number): Promise<ExpertAnswers['purchased']> =>
      experts.purchased(requireCaller(caller), page(pageIndex)),
    application: (): Promise<ExpertAnswers['applyStart']> => experts.application(requireCaller(caller)),
    ownPlans: (state: PlanState | undefined, pageIndex: number): Promise<ExpertAnswers['ownPlans']> =>
      experts.ownPlans(requireCaller(caller), { state, ...page(pageIndex) }),
    planOptions: (): Promise<ExpertAnswers['planOptions']> => experts.planOptions(requireCaller(caller)),
    revenueSummary: (days: RevenueRange): Promise<ExpertAnswers['revenueSummary']> =>
      experts.revenueSummary(requireCaller(caller), days),
    revenueRows: (pageIndex: number): Promise<ExpertAnswers['revenueRows']> =>
      experts.revenueRows(requireCaller(caller), page(pageIndex)),
    applicationQueue: (): Promise<ExpertAnswers['adminApplications']> =>
      experts.applicationQueue({ state: 'review', pageIndex: 1, pageSize: 50 }),
    planQueue: (): Promise<ExpertAnswers['adminPlans']> =>
      experts.planQueue({ state: 'review', pageIndex: 1, pageSize: 50 }),
  };
}

function requireCaller<T>(caller: T | null): T {
  if (!caller) throw new Error('a signed-in caller is required');
  return caller;
}
