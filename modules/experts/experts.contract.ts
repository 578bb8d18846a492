import { z } from 'zod';
import type { Page } from '../../lib/paging';
import type { SportFamily } from '../sports';

/**
 * Expert tips (issue 17): expert accounts, plans sold for coins, their commitment chain, settlement
 * and statistics. Wire types and zod schemas shared by the server and the pages. Times are ISO
 * strings; match start times are epoch milliseconds as in the match calls.
 */

export type { Page };

// Limits of spec points 5 and 9 ------------------------------------------------------------------

export const TITLE_MIN = 5;
export const TITLE_MAX = 60;
export const PLANS_PER_MATCH = 3;
export const PLAN_IMAGES_MAX = 3;
export const PLAN_CONTENT_MAX = 20_000;
export const SUMMARY_MAX = 200;
/** Revenue ranges of the data board, in days. */
export const REVENUE_RANGES = [7, 14, 30] as const;
export type RevenueRange = (typeof REVENUE_RANGES)[number];
/** History windows: the last N settled plans. */
export const HISTORY_WINDOWS = [5, 7, 10, 15, 30] as const;
export type HistoryWindow = (typeof HISTORY_WINDOWS)[number];
export const RANKING_PERIODS = ['daily', 'weekly'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
/** Prices an expert may choose, in coins (0 = free), until an administrator configures others. */
export const DEFAULT_PLAN_PRICES = [0, 8, 18, 28, 58, 88, 128, 188] as const;
/** The platform keeps this percentage of a paid plan's takings, until configured otherwise. */
export const DEFAULT_PLATFORM_SHARE_PERCENT = 20;
export const ODDS_MIN = 1.01;
export const ODDS_MAX = 100;

// Expert accounts ----------------------------------------------------------------------------------

/** Spec point 4: not applied, under review, approved; rejected with a reason (and may reapply). */
export const APPLICATION_STATES = ['none', 'review', 'approved', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** /user/expertApplyStart: the caller's application. */
export interface ExpertApplicationView {
  state: ApplicationState;
  displayName: string | null;
  introduction: string | null;
  gameIds: number[];
  credentials: string | null;
  rejectReason: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
}

/** /user/expertApply */
export const expertApplyInput = z.object({
  displayName: z.string().trim().min(2).max(30),
  introduction: z.string().trim().min(10).max(500),
  gameIds: z.array(z.coerce.number().int().min(0)).min(1).max(20),
  credentials: z.string().trim().max(500).nullish(),
});
export type ExpertApplyInput = z.infer<typeof expertApplyInput>;

/** An application in the administrators' queue. */
export interface ExpertApplicationRow extends ExpertApplicationView {
  id: number;
  uid: number;
  username: string;
}

export const applicationQueueQuery = z.object({ state: z.enum(APPLICATION_STATES).default('review') });

/** /admin/experts/applications/review */
export const reviewApplicationInput = z
  .object({
    id: z.coerce.number().int().positive(),
    approve: z.boolean(),
    reason: z.string().trim().max(300).default(''),
  })
  .refine((v) => v.approve || v.reason.length > 0, { path: ['reason'], message: 'required' });
export type ReviewApplicationInput = z.infer<typeof reviewApplicationInput>;

/** A missing required field of the composer: one message names them all (spec point 5). */
const required = { error: 'planFieldsRequired' };

// Markets -----------------------------------------------------------------------------------------

/**
 * How to play. Lines are quarter goals or points (x.25 and x.75 split the stake over the two lines
 * next to it: half win or half lose). The handicap line is added to the picked side's score
 * (away +0.75: the away side starts three quarters of a goal up).
 */
export const MARKETS = [
  '1x2',
  'winner',
  'handicap',
  'over_under',
  'btts',
  'map_winner',
  'series_winner',
] as const;
export type Market = (typeof MARKETS)[number];

export const PICKS = {
  '1x2': ['home', 'draw', 'away'],
  winner: ['home', 'away'],
  handicap: ['home', 'away'],
  over_under: ['over', 'under'],
  btts: ['yes', 'no'],
  map_winner: ['home', 'away'],
  series_winner: ['home', 'away'],
} as const satisfies Record<Market, readonly string[]>;
export type Pick = (typeof PICKS)[Market][number];

/** Markets with a line: handicap and over/under (goals, points); map_winner's line is the map number. */
export const LINE_MARKETS: readonly Market[] = ['handicap', 'over_under', 'map_winner'];

/** The markets offered per sport family; a family not listed has none (battle royale). */
export const MARKETS_BY_FAMILY: Partial<Record<SportFamily, readonly Market[]>> = {
  soccer: ['1x2', 'handicap', 'over_under', 'btts'],
  basketball: ['winner', 'handicap', 'over_under'],
  american_football: ['winner', 'handicap', 'over_under'],
  baseball: ['winner', 'handicap', 'over_under'],
  cricket: ['winner'],
  tennis: ['winner', 'handicap', 'over_under'],
  volleyball: ['winner'],
  badminton: ['winner'],
  table_tennis: ['winner'],
  snooker: ['winner', 'handicap'],
  moba: ['series_winner', 'map_winner', 'handicap'],
  tactical_shooter: ['series_winner', 'map_winner', 'handicap'],
  generic: ['series_winner', 'map_winner'],
};

/** A prediction: market, its line where it has one, the pick, and the odds taken (decimal). */
export const predictionRule = z
  .object(
    {
      market: z.enum(MARKETS, required),
      line: z.coerce
        .number()
        .min(-99.75)
        .max(999.75)
        .refine((v) => Number.isInteger(v * 4), 'invalidValue')
        .nullish()
        .transform((v) => v ?? null),
      pick: z.string(required),
      odds: z.number(required).min(ODDS_MIN).max(ODDS_MAX),
    },
    required,
  )
  .superRefine((p, ctx) => {
    if (!(PICKS[p.market] as readonly string[]).includes(p.pick))
      ctx.addIssue({ code: 'custom', path: ['pick'], message: 'invalidValue' });
    // A market with a line needs one (the handicap or total is part of the prediction).
    if (LINE_MARKETS.includes(p.market) && p.line === null)
      ctx.addIssue({ code: 'custom', path: ['line'], message: 'planFieldsRequired' });
    if (!LINE_MARKETS.includes(p.market) && p.line !== null)
      ctx.addIssue({ code: 'custom', path: ['line'], message: 'invalidValue' });
    if (p.market === 'map_winner' && p.line !== null && !(Number.isInteger(p.line) && p.line >= 1))
      ctx.addIssue({ code: 'custom', path: ['line'], message: 'invalidValue' });
    if (p.market === 'over_under' && p.line !== null && p.line <= 0)
      ctx.addIssue({ code: 'custom', path: ['line'], message: 'invalidValue' });
  });
export type Prediction = z.output<typeof predictionRule>;

/** How a settled prediction came out; void when the match was cancelled or postponed. */
export const OUTCOMES = ['win', 'half_win', 'push', 'half_lose', 'lose', 'void'] as const;
export type Outcome = (typeof OUTCOMES)[number];
/** Outcomes that count as a hit, and as a miss, in the statistics and the money. */
export const HIT_OUTCOMES: readonly Outcome[] = ['win', 'half_win'];
export const MISS_OUTCOMES: readonly Outcome[] = ['lose', 'half_lose'];

// Plans ---------------------------------------------------------------------------------------------

/**
 * Spec point 4: under review, published, not passed (with a reason), removed from shelves (no new
 * buyers; buyers keep access), deleted (only without buyers). A revision goes back to review.
 */
export const PLAN_STATES = ['review', 'published', 'rejected', 'removed', 'deleted'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
/** Settlement: pending until the match ends, then the outcome. */
export type Settlement = 'pending' | Outcome;

export const VIEW_MODES = ['free', 'login'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

const uploadedImage = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/uploads\/[\w./-]+$/, 'invalidValue');

/**
 * /creator_platform/savePlan: a new plan, or a revision of one (id). Field-level rules are here;
 * the rules that need the database (match not started, 3 per match, configured price, square
 * images, the expert's approval) are checked by the server, each with its own message.
 */
export const planInput = z.object({
  id: z.coerce.number().int().positive().nullish(),
  matchId: z.coerce.number(required).int().positive(),
  playLevel: z.string(required).trim().min(1, 'planFieldsRequired').max(30),
  prediction: predictionRule,
  title: z.string(required).trim().min(TITLE_MIN, 'planTitleRule').max(TITLE_MAX, 'planTitleRule'),
  summary: z.string().trim().max(SUMMARY_MAX).default(''),
  /** Rich text; the server sanitises it. */
  content: z.string(required).trim().min(1, 'planFieldsRequired').max(PLAN_CONTENT_MAX),
  price: z.number({ error: 'planPriceRule' }).int('planPriceRule').min(0, 'planPriceRule'),
  label: z.string().trim().max(20).default(''),
  refundOnMiss: z.boolean().default(false),
  viewMode: z.enum(VIEW_MODES).default('free'),
  images: z.array(uploadedImage).max(PLAN_IMAGES_MAX, 'planImagesRule').default([]),
  cover: z.string({ error: 'coverRequired' }).trim().min(1, 'coverRequired').pipe(uploadedImage),
});
export type PlanInput = z.input<typeof planInput>;
export type PlanFields = z.output<typeof planInput>;

export const planIdInput = z.object({ planId: z.coerce.number().int().positive() });

/** The match a plan is on, as lists show it. */
export interface PlanMatch {
  id: number;
  gameId: number;
  game: string;
  league: string;
  home: string;
  away: string;
  startTime: number;
  status: 'not_started' | 'in_progress' | 'finished' | 'postponed' | 'cancelled';
  /** The final score once finished. */
  score: { home: number; away: number } | null;
}

export interface ExpertRef {
  uid: number;
  displayName: string;
  avatar: string | null;
}

/** What everyone sees of a plan. */
export interface PlanSummary {
  id: number;
  expert: ExpertRef;
  match: PlanMatch;
  playLevel: string;
  market: Market;
  title: string;
  summary: string;
  price: number;
  label: string;
  refundOnMiss: boolean;
  viewMode: ViewMode;
  cover: string;
  state: PlanState;
  settlement: Settlement;
  sales: number;
  /** Release time: when it was published (null before). */
  publishedAt: string | null;
  createdAt: string;
}

/** The prediction's commitment: shown on the plan page, checked by the chain verification. */
export interface Commitment {
  seq: number;
  hash: string;
  prevHash: string;
  committedAt: string;
}

/** /expert_plan/getExpertPlanInfo: the summary, and the content for whoever may read it. */
export interface PlanDetail extends PlanSummary {
  /** Who may read the content: free, login (sign in first), buy (paid, not bought), granted. */
  access: 'granted' | 'login' | 'buy';
  /** Set only with access 'granted': the prediction, sanitised HTML content and images. */
  prediction: Prediction | null;
  content: string | null;
  images: string[];
  commitment: Commitment | null;
  rejectReason: string | null;
  /** The caller bought it. */
  purchased: boolean;
  /** The caller may buy it now: published, paid, match not started, not bought, not the author. */
  purchasable: boolean;
}

/** A plan as its expert manages it: everything, with the counts. */
export interface OwnPlan extends PlanSummary {
  prediction: Prediction;
  content: string;
  images: string[];
  rejectReason: string | null;
  revenue: number;
  /** Deleting is possible only without buyers. */
  deletable: boolean;
}

export const PLAN_SORTS = ['latest', 'hot', 'kickoff'] as const;
/** /expert_plan/getPlansPC and /expert_plan/getHomeExpertPlans (hot plans). */
export const planListQuery = z.object({
  gameId: z.coerce.number().int().min(0).optional(),
  matchId: z.coerce.number().int().positive().optional(),
  expertId: z.coerce.number().int().positive().optional(),
  sort: z.enum(PLAN_SORTS).default('latest'),
  /** Only plans still on sale (match not started). */
  onSale: z.coerce.boolean().default(false),
});

/** /creator_platform/getExpertPlans: the caller's own plans. */
export const ownPlansQuery = z.object({ state: z.enum(PLAN_STATES).optional() });

/** /creator_platform/planOptions: what the composer offers. */
export interface PlanOptions {
  prices: number[];
  marketsByFamily: Partial<Record<SportFamily, readonly Market[]>>;
  picks: typeof PICKS;
  titleMin: number;
  titleMax: number;
  plansPerMatch: number;
  imagesMax: number;
  /** The expert may publish (approved application). */
  approved: boolean;
}

/** /creator_platform/planMatches?gameId: matches not started a plan may be on. */
export interface PlanMatchOption extends PlanMatch {
  family: SportFamily;
  markets: readonly Market[];
  bestOf: number | null;
  /** The caller's plans on it already (at most PLANS_PER_MATCH). */
  ownPlans: number;
}
export const planMatchesQuery = z.object({ gameId: z.coerce.number().int().min(0).optional() });

/** /expert_plan/focusEvents: upcoming matches with plans on sale. */
export interface FocusEvent {
  match: PlanMatch;
  plans: number;
}

// Buying --------------------------------------------------------------------------------------------

/** /expert_plan/checkGold: what the confirmation shows. */
export interface GoldCheck {
  planId: number;
  price: number;
  balance: number;
  enough: boolean;
  purchased: boolean;
  purchasable: boolean;
}

/** /orderpay/goldExpertPlan */
export interface PlanPurchaseResult {
  planId: number;
  price: number;
  balance: number;
}

/** /expert_plan/userExpertPlanOrderPC: the caller's purchased plans. */
export interface PurchasedPlan {
  plan: PlanSummary;
  price: number;
  /** held: in escrow; paid: to the expert; refunded: back to the buyer. */
  escrow: 'held' | 'paid' | 'refunded';
  purchasedAt: string;
}

// Experts and statistics -------------------------------------------------------------------------

export interface HitWindow {
  window: HistoryWindow;
  plans: number;
  hits: number;
  /** Percent, one decimal; 0 without plans. */
  hitRate: number;
}

/**
 * Computed only from settled, committed plans. Counting plans are those settled win, half win,
 * lose or half lose (push and void count in neither hits nor misses). ROI is the profit in stakes
 * of one unit at the plan's odds over the counting plans, in percent.
 */
export interface ExpertStats {
  settled: number;
  hits: number;
  hitRate: number;
  windows: HitWindow[];
  /** The last counting plans, newest first: true for a hit. */
  recent: boolean[];
  currentStreak: number;
  bestStreak: number;
  plans: number;
  plansOnSale: number;
  roi: number;
}

export interface ExpertCard {
  expert: ExpertRef;
  introduction: string;
  gameIds: number[];
  stats: ExpertStats;
}

/** /expert_plan/getExpertInfo */
export interface ExpertProfile extends ExpertCard {
  followers: number;
  /** The caller follows this expert (false for guests). */
  followed: boolean;
  since: string;
}

export const expertIdQuery = z.object({ expertId: z.coerce.number().int().positive() });
export const optionalExpertQuery = z.object({ expertId: z.coerce.number().int().positive().optional() });

/** /expert_plan/getExpertInfoGraph: cumulative return after each settled plan, in units. */
export interface ReturnPoint {
  planId: number;
  settledAt: string;
  outcome: Outcome;
  /** This plan's return in units of one stake. */
  units: number;
  cumulative: number;
}

/** /creator_platform/getMonthlyReturnsDetailed */
export interface MonthlyReturn {
  /** YYYY-MM (UTC) */
  month: string;
  plans: number;
  hits: number;
  hitRate: number;
  units: number;
  roi: number;
}

export const EXPERT_SORTS = ['hitRate', 'streak', 'roi'] as const;
export type ExpertSort = (typeof EXPERT_SORTS)[number];
/** /expert_plan/expertLibraryPC (all experts) and /expert_plan/specialists. */
export const expertLibraryQuery = z.object({
  gameId: z.coerce.number().int().min(0).optional(),
  sort: z.enum(EXPERT_SORTS).default('hitRate'),
});

/** /expert_plan/rankings?period: hits in the day or the week (UTC), ranked. */
export interface RankingRow {
  rank: number;
  expert: ExpertRef;
  plans: number;
  hits: number;
  hitRate: number;
  units: number;
}
export const rankingQuery = z.object({ period: z.enum(RANKING_PERIODS).default('daily') });

/** /expert_plan/home: what the expert home shows in one call. */
export interface ExpertHome {
  recommended: ExpertCard[];
  hotPlans: PlanSummary[];
  daily: RankingRow[];
  weekly: RankingRow[];
}

// Creator centre: data board and revenue --------------------------------------------------------

export const revenueSummaryQuery = z.object({
  days: z.coerce
    .number()
    .refine((v) => (REVENUE_RANGES as readonly number[]).includes(v), 'invalidValue')
    .default(7),
});

/** /creator_platform/getReturnsDetailedSummary?days */
export interface RevenueSummary {
  days: RevenueRange;
  sales: number;
  /** Coins paid to the expert (after the platform's share). */
  revenue: number;
  /** Coins still held in escrow for the expert's plans. */
  held: number;
  plansPublished: number;
  /** One point per UTC day, oldest first. */
  series: { day: string; sales: number; revenue: number }[];
}

/** /creator_platform/getReturnsDetailed: one payout or sale per row. */
export interface RevenueRow {
  planId: number;
  title: string;
  buyer: string;
  price: number;
  /** What the expert received; 0 while held or when refunded. */
  income: number;
  platformShare: number;
  escrow: 'held' | 'paid' | 'refunded';
  purchasedAt: string;
  settledAt: string | null;
}

// Chain verification -----------------------------------------------------------------------------

/** /expert_plan/verifyChain?expertId: anyone re-checks every commitment of an expert. */
export interface ChainVerification {
  expertId: number;
  valid: boolean;
  length: number;
  /** The first commitment that does not match, when invalid. */
  brokenAt: number | null;
  /** The reason of the break: the stored hash differs, or the link to the previous one. */
  reason: 'hash' | 'link' | null;
  entries: {
    seq: number;
    planId: number;
    matchId: number;
    market: Market;
    line: number | null;
    pick: string;
    committedAt: string;
    prevHash: string;
    hash: string;
    ok: boolean;
  }[];
}

// Administration -----------------------------------------------------------------------------------

/** /admin/experts/plans?state: the review queue (state review by default). */
export const planQueueQuery = z.object({ state: z.enum(PLAN_STATES).default('review') });

export type AdminPlanRow = OwnPlan;

/** /admin/experts/plans/review */
export const reviewPlanInput = z
  .object({
    planId: z.coerce.number().int().positive(),
    approve: z.boolean(),
    reason: z.string().trim().max(300).default(''),
  })
  .refine((v) => v.approve || v.reason.length > 0, { path: ['reason'], message: 'required' });

/** /admin/experts/settings: the configured prices and the platform's share. */
export const expertSettingsInput = z.object({
  prices: z
    .array(z.coerce.number().int().min(0).max(100_000))
    .min(1)
    .max(20)
    .transform((v) => [...new Set(v)].sort((a, b) => a - b)),
  platformSharePercent: z.coerce.number().int().min(0).max(100),
});
export type ExpertSettings = z.output<typeof expertSettingsInput>;

export { EXPERT_PATHS } from './experts-constants.contract';

/** Answer types by call, for the pages' loaders. */
export interface ExpertAnswers {
  home: ExpertHome;
  recommendExpert: ExpertCard[];
  expertLibrary: Page<ExpertCard>;
  specialists: ExpertCard[];
  rankings: RankingRow[];
  expertInfo: ExpertProfile;
  expertAccuracy: ExpertStats;
  expertGraph: ReturnPoint[];
  homePlans: Page<PlanSummary>;
  plans: Page<PlanSummary>;
  planInfo: PlanDetail;
  focusEvents: FocusEvent[];
  verifyChain: ChainVerification;
  checkGold: GoldCheck;
  purchased: Page<PurchasedPlan>;
  buy: PlanPurchaseResult;
  applyStart: ExpertApplicationView;
  apply: ExpertApplicationView;
  monthlyReturns: MonthlyReturn[];
  revenueRows: Page<RevenueRow>;
  revenueSummary: RevenueSummary;
  ownPlans: Page<OwnPlan>;
  planOptions: PlanOptions;
  planMatches: PlanMatchOption[];
  savePlan: OwnPlan;
  removePlan: OwnPlan;
  deletePlan: { planId: number };
  uploadImage: { url: string };
  adminApplications: Page<ExpertApplicationRow>;
  adminReviewApplication: ExpertApplicationRow;
  adminPlans: Page<AdminPlanRow>;
  adminReviewPlan: AdminPlanRow;
  adminSettings: ExpertSettings;
}
