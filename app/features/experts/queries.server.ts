import type { ExpertSort, PlanState, RevenueRange } from '../../../modules/experts/experts.contract';
import type { AppLoadContext } from '../../load-context';

const PAGE_SIZE = 20;
const HOT_PLANS = 8;

/**
 * What the expert and creator centre pages read: the experts service called for the page's
 * caller. Pages that need a signed-in caller or a role check it in their loaders first.
 */
export function expertQueries(context: AppLoadContext) {
  const { stats, plans, purchases, applications, verifyChain } = context.services.experts;
  const { user: caller, locale } = context;
  const signedIn = () => {
    if (!caller) throw new Error('the loader lets only signed-in callers through');
    return caller;
  };
  const page = (pageIndex: number) => ({ pageIndex, pageSize: PAGE_SIZE });
  return {
    home: async () => {
      const [recommended, hotPlans, daily, weekly] = await Promise.all([
        stats.recommended(),
        plans.list({ sort: 'hot', onSale: true }, { pageIndex: 1, pageSize: HOT_PLANS }, locale),
        stats.rankings('daily'),
        stats.rankings('weekly'),
      ]);
      return { recommended, hotPlans: hotPlans.list, daily, weekly };
    },
    allExperts: (query: { gameId?: number; sort: ExpertSort }, pageIndex: number) =>
      stats.allExperts(query, page(pageIndex)),
    specialists: (query: { gameId?: number; sort: ExpertSort }) =>
      stats.specialists(query.gameId, query.sort),
    profile: (expertId: number) => stats.profile(expertId, caller),
    graph: (expertId: number) => stats.graph(expertId),
    monthly: (expertId: number) => stats.monthly(expertId),
    plans: (filter: { expertId?: number }, pageIndex: number) =>
      plans.list({ ...filter, sort: 'latest', onSale: false }, page(pageIndex), locale),
    plan: (planId: number) => plans.detail(planId, caller, locale),
    verify: (expertId: number) => verifyChain(expertId),
    purchased: (pageIndex: number) => purchases.purchased(signedIn(), page(pageIndex), locale),
    application: () => applications.state(signedIn().uid),
    ownPlans: (state: PlanState | undefined, pageIndex: number) =>
      plans.own(signedIn(), state, page(pageIndex), locale),
    planOptions: () => plans.options(signedIn()),
    ownStats: () => stats.ownStats(signedIn().uid),
    revenueSummary: (days: RevenueRange) => stats.revenueSummary(signedIn(), days),
    revenueRows: (pageIndex: number) => stats.revenueRows(signedIn(), page(pageIndex)),
    applicationQueue: () => applications.queue('review', { pageIndex: 1, pageSize: 50 }),
    planQueue: () => plans.queue('review', { pageIndex: 1, pageSize: 50 }, locale),
  };
}
