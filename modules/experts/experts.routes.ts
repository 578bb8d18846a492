import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { defineApi } from '../../platform/define-api';
import { pageQuery } from '../../platform/paging';
import { acceptBinaryBody } from '../../platform/uploads';
import type { Experts } from './experts';
import {
  applicationQueueQuery,
  expertApplyInput,
  expertIdQuery,
  expertLibraryQuery,
  expertSettingsInput,
  optionalExpertQuery,
  ownPlansQuery,
  EXPERT_PATHS as PATHS,
  planIdInput,
  planInput,
  planListQuery,
  planMatchesQuery,
  planQueueQuery,
  rankingQuery,
  revenueSummaryQuery,
  reviewApplicationInput,
  reviewPlanInput,
} from './experts.contract';

const paged = pageQuery({ defaultSize: 12, maxSize: 50 });
const HOT_PLANS = 8;

/** What everyone may read: experts, their records, rankings, plans and the chain verification. */
export async function expertsPublicRoutes(app: FastifyInstance, { experts }: { experts: Experts }) {
  const { stats, plans } = experts;
  const tags = ['experts'];

  defineApi(app, {
    method: 'GET',
    path: PATHS.home,
    summary: 'The expert home: recommended experts, hot plans on sale, daily and weekly rankings',
    tags,
    handler: async ({ locale }) => ({
      recommended: await stats.recommended(),
      hotPlans: (
        await plans.list({ sort: 'hot', onSale: true }, { pageIndex: 1, pageSize: HOT_PLANS }, locale)
      ).list,
      daily: await stats.rankings('daily'),
      weekly: await stats.rankings('weekly'),
    }),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.recommendExpert,
    summary: 'Recommended experts: the best hit rates',
    tags,
    handler: () => stats.recommended(),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.expertLibrary,
    summary: 'All approved experts, by game, sorted by hit rate, streak or ROI',
    tags,
    query: expertLibraryQuery.extend(paged.shape),
    handler: ({ query }) => stats.allExperts(query, query),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.specialists,
    summary: 'Specialists: experts ranked by their record in one game (at least 5 settled plans in it)',
    tags,
    query: expertLibraryQuery,
    handler: ({ query }) => stats.specialists(query.gameId, query.sort),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.rankings,
    summary: 'Daily or weekly ranking of experts by hits on matches of the last day or week',
    tags,
    query: rankingQuery,
    handler: ({ query }) => stats.rankings(query.period),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.expertInfo,
    summary: 'An expert: card, statistics, followers',
    tags,
    auth: 'optional',
    query: expertIdQuery,
    handler: ({ query, user }) => stats.profile(query.expertId, user),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.expertAccuracy,
    summary: "An expert's hit rate overall and over the last 5, 7, 10, 15 and 30 settled plans, streaks, ROI",
    tags,
    query: expertIdQuery,
    handler: ({ query }) => stats.stats(query.expertId),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.expertGraph,
    summary: "An expert's return graph: units after each settled plan",
    tags,
    query: expertIdQuery,
    handler: ({ query }) => stats.graph(query.expertId),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.monthlyReturns,
    summary: "An expert's returns per month (the caller's own without expertId)",
    tags,
    auth: 'optional',
    query: optionalExpertQuery,
    handler: ({ query, user }) => {
      const expertId = query.expertId ?? user?.uid;
      if (!expertId) throw new AppError('pleaseLogIn');
      return stats.monthly(expertId);
    },
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.homePlans,
    summary: 'Hot plans on sale',
    tags,
    query: planListQuery.omit({ sort: true, onSale: true }).extend(paged.shape),
    handler: ({ query, locale }) => plans.list({ ...query, sort: 'hot', onSale: true }, query, locale),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.plans,
    summary: 'Published plans by game, match or expert',
    tags,
    query: planListQuery.extend(paged.shape),
    handler: ({ query, locale }) => plans.list(query, query, locale),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.planInfo,
    summary: 'A plan: the summary for everyone, the content for buyers, its expert and administrators',
    tags,
    auth: 'optional',
    query: planIdInput,
    handler: ({ query, user, locale }) => plans.detail(query.planId, user, locale),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.focusEvents,
    summary: 'Upcoming matches with plans on sale',
    tags,
    handler: ({ locale }) => plans.focusEvents(locale),
  });
  defineApi(app, {
    method: 'GET',
    path: PATHS.verifyChain,
    summary: "Re-verifies an expert's whole commitment chain",
    tags,
    query: expertIdQuery,
    handler: ({ query }) => experts.verifyChain(query.expertId),
  });
}

/** Signed-in users: apply to be an expert, buy plans, read what they bought. */
export async function expertsUserRoutes(app: FastifyInstance, { experts }: { experts: Experts }) {
  const { applications, purchases } = experts;
  const signedIn = { tags: ['experts'], auth: 'required' as const };

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: PATHS.applyStart,
    summary:
      "The caller's expert application: not applied, under review, approved, rejected (with the reason)",
    handler: ({ user }) => applications.state(user.uid),
  });
  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: PATHS.apply,
    summary: 'Apply to be an expert (or again after a rejection)',
    body: expertApplyInput,
    handler: ({ user, body }) => applications.apply(user.uid, body),
  });
  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: PATHS.checkGold,
    summary: "Before buying: the plan's price and the caller's balance",
    query: planIdInput,
    handler: ({ user, query }) => purchases.check(user, query.planId),
  });
  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: PATHS.buy,
    summary:
      'Buy a plan with coins (held in escrow until the match is settled); buying again charges nothing',
    body: planIdInput,
    handler: ({ user, body }) => purchases.buy(user, body.planId),
  });
  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: PATHS.purchased,
    summary: "The caller's purchased plans, newest first",
    query: paged,
    handler: ({ user, query, locale }) => purchases.purchased(user, query, locale),
  });
}

/** The creator centre: plans, the composer's options, the data board and revenue. */
export async function expertsCreatorRoutes(app: FastifyInstance, { experts }: { experts: Experts }) {
  const { plans, stats } = experts;
  const creator = { tags: ['creator'], auth: 'required' as const };
  const expert = { ...creator, roles: ['expert' as const, 'admin' as const] };

  defineApi(app, {
    ...creator,
    method: 'GET',
    path: PATHS.planOptions,
    summary: 'What the plan composer offers: prices, markets per sport family, limits',
    handler: ({ user }) => plans.options(user),
  });
  defineApi(app, {
    ...expert,
    method: 'GET',
    path: PATHS.planMatches,
    summary: 'Matches not yet started that a plan may be on, with the caller’s plans on each',
    query: planMatchesQuery,
    handler: ({ user, query, locale }) => plans.matchOptions(user, query.gameId, locale),
  });
  defineApi(app, {
    ...creator,
    method: 'POST',
    path: PATHS.savePlan,
    summary:
      'Submit a plan or a revision (id): every rule checked, the prediction committed; it waits for review',
    body: planInput,
    handler: ({ user, body }) => plans.save(user, body),
  });
  defineApi(app, {
    ...expert,
    method: 'POST',
    path: PATHS.removePlan,
    summary: 'Take a published plan off the shelves (buyers keep access)',
    body: planIdInput,
    handler: ({ user, body }) => plans.remove(user, body.planId),
  });
  defineApi(app, {
    ...expert,
    method: 'POST',
    path: PATHS.deletePlan,
    summary: 'Delete a plan nobody bought, for good',
    body: planIdInput,
    handler: ({ user, body }) => plans.delete(user, body.planId),
  });
  defineApi(app, {
    ...expert,
    method: 'GET',
    path: PATHS.ownPlans,
    summary: "The caller's plans, by state",
    query: ownPlansQuery.extend(paged.shape),
    handler: ({ user, query, locale }) => plans.own(user, query.state, query, locale),
  });
  defineApi(app, {
    ...expert,
    method: 'GET',
    path: PATHS.revenueSummary,
    summary: 'The data board: sales and revenue over the last 7, 14 or 30 days',
    query: revenueSummaryQuery,
    handler: ({ user, query }) => stats.revenueSummary(user, query.days as 7 | 14 | 30),
  });
  defineApi(app, {
    ...expert,
    method: 'GET',
    path: PATHS.revenueRows,
    summary: "Revenue details: each sale of the caller's plans",
    query: paged,
    handler: ({ user, query }) => stats.revenueRows(user, query),
  });

  await app.register(async (scope) => {
    acceptBinaryBody(scope, 5 * 1024 * 1024, 'planImagesRule');
    defineApi(scope, {
      ...expert,
      method: 'POST',
      path: PATHS.uploadImage,
      summary:
        'Upload a plan picture: the image itself as the body, jpg, png or webp up to 5 MB, square (1:1)',
      handler: async ({ request, user }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('planImagesRule');
        return { url: await plans.uploadImage(user.uid, request.body) };
      },
    });
  });
}

/** Administrators: the review queues of applications and plans, and the plans' settings. */
export async function expertsAdminRoutes(app: FastifyInstance, { experts }: { experts: Experts }) {
  const { applications, plans, settings } = experts;
  const admin = { tags: ['admin'], auth: 'required' as const, roles: ['admin' as const] };

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: PATHS.adminApplications,
    summary: 'Expert applications by state (review by default), newest first',
    query: applicationQueueQuery.extend(paged.shape),
    handler: ({ query }) => applications.queue(query.state, query),
  });
  defineApi(app, {
    ...admin,
    method: 'POST',
    path: PATHS.adminReviewApplication,
    summary: 'Approve an expert application, or reject it with a reason',
    body: reviewApplicationInput,
    handler: ({ user, body }) => applications.review(user, body),
  });
  defineApi(app, {
    ...admin,
    method: 'GET',
    path: PATHS.adminPlans,
    summary: 'Plans by state (review by default), oldest first',
    query: planQueueQuery.extend(paged.shape),
    handler: ({ query, locale }) => plans.queue(query.state, query, locale),
  });
  defineApi(app, {
    ...admin,
    method: 'POST',
    path: PATHS.adminReviewPlan,
    summary: 'Publish a plan under review, or reject it with a reason',
    body: reviewPlanInput,
    handler: ({ user, body }) => plans.review(user, body),
  });
  defineApi(app, {
    ...admin,
    method: 'GET',
    path: PATHS.adminSettings,
    summary: "Plan prices and the platform's share",
    handler: () => settings.get(),
  });
  defineApi(app, {
    ...admin,
    method: 'POST',
    path: PATHS.adminSettings,
    summary: "Set the plan prices and the platform's share",
    body: expertSettingsInput,
    handler: ({ user, body }) => settings.set(user, body),
  });
}
