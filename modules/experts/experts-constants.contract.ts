/**
 * The experts' plain values that pages every visitor opens need (the match page lists the plans
 * on its match), kept free of zod so those pages do not carry it (decision 030).
 */

/**
 * The calls, by path (under /java). GET unless marked POST.
 *
 * Public:   /expert_plan/home, recommendExpert, expertLibraryPC, specialists, rankings,
 *           getExpertInfo, getExpertInfoAccuracy, getExpertInfoGraph, getHomeExpertPlans,
 *           getPlansPC, getExpertPlanInfo, focusEvents, verifyChain,
 *           /creator_platform/getMonthlyReturnsDetailed (expertId, default the caller)
 * Signed in: POST /user/expertApplyStart, POST /user/expertApply, /expert_plan/checkGold,
 *           POST /orderpay/goldExpertPlan, /expert_plan/userExpertPlanOrderPC
 * Expert:   /creator_platform/getExpertPlans, planOptions, planMatches, getReturnsDetailed,
 *           getReturnsDetailedSummary, POST savePlan, POST removePlan, POST deletePlan,
 *           POST uploadPlanImage (the picture as the body; square only). The cover is uploaded
 *           through /creator/uploadImage.
 * Admin:    /admin/experts/applications, POST /admin/experts/applications/review,
 *           /admin/experts/plans, POST /admin/experts/plans/review, GET and POST /admin/experts/settings
 */
export const EXPERT_PATHS = {
  home: '/expert_plan/home',
  recommendExpert: '/expert_plan/recommendExpert',
  expertLibrary: '/expert_plan/expertLibraryPC',
  specialists: '/expert_plan/specialists',
  rankings: '/expert_plan/rankings',
  expertInfo: '/expert_plan/getExpertInfo',
  expertAccuracy: '/expert_plan/getExpertInfoAccuracy',
  expertGraph: '/expert_plan/getExpertInfoGraph',
  homePlans: '/expert_plan/getHomeExpertPlans',
  plans: '/expert_plan/getPlansPC',
  planInfo: '/expert_plan/getExpertPlanInfo',
  focusEvents: '/expert_plan/focusEvents',
  verifyChain: '/expert_plan/verifyChain',
  checkGold: '/expert_plan/checkGold',
  purchased: '/expert_plan/userExpertPlanOrderPC',
  buy: '/orderpay/goldExpertPlan',
  applyStart: '/user/expertApplyStart',
  apply: '/user/expertApply',
  monthlyReturns: '/creator_platform/getMonthlyReturnsDetailed',
  revenueRows: '/creator_platform/getReturnsDetailed',
  revenueSummary: '/creator_platform/getReturnsDetailedSummary',
  ownPlans: '/creator_platform/getExpertPlans',
  planOptions: '/creator_platform/planOptions',
  planMatches: '/creator_platform/planMatches',
  savePlan: '/creator_platform/savePlan',
  removePlan: '/creator_platform/removePlan',
  deletePlan: '/creator_platform/deletePlan',
  uploadImage: '/creator_platform/uploadPlanImage',
  adminApplications: '/admin/experts/applications',
  adminReviewApplication: '/admin/experts/applications/review',
  adminPlans: '/admin/experts/plans',
  adminReviewPlan: '/admin/experts/plans/review',
  adminSettings: '/admin/experts/settings',
} as const;
