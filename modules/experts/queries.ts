import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { nameIn } from '../../db/localized-name';
import { competitions, expertApplications, expertPlans, matches, teams, users } from '../../db/schema/index';
import type { Locale } from '../../lib/locales';
import { gameById } from '../catalog/catalog.contract';
import type {
  ExpertRef,
  Market,
  OwnPlan,
  PlanMatch,
  PlanState,
  PlanSummary,
  Prediction,
  Settlement,
  ViewMode,
} from './experts.contract';

/** The plan rows every answer is made from: the plan, its match, the teams and the expert. */
const home = alias(teams, 'home_team');
const away = alias(teams, 'away_team');

/** The columns of a plan row, its teams named in `locale`. */
const planColumns = (locale: Locale | undefined) => ({
  plan: expertPlans,
  match: {
    id: matches.id,
    gameId: matches.gameId,
    startsAt: matches.startsAt,
    status: matches.status,
    homeScore: matches.homeScore,
    awayScore: matches.awayScore,
    bestOf: matches.bestOf,
    state: matches.state,
  },
  league: competitions.shortName,
  home: nameIn(locale, 'team', home.id, home.name),
  away: nameIn(locale, 'team', away.id, away.name),
  displayName: expertApplications.displayName,
  username: users.username,
  avatar: users.avatar,
});

/** Plan rows, their teams named in `locale` (the feed's names without it). */
export function selectPlans(db: Executor, locale?: Locale) {
  return db
    .select(planColumns(locale))
    .from(expertPlans)
    .innerJoin(matches, eq(matches.id, expertPlans.matchId))
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .leftJoin(home, eq(home.id, matches.homeTeamId))
    .leftJoin(away, eq(away.id, matches.awayTeamId))
    .innerJoin(users, eq(users.uid, expertPlans.expertId))
    .leftJoin(expertApplications, eq(expertApplications.uid, expertPlans.expertId));
}

export async function plansWhere(
  db: Executor,
  where: SQL | undefined,
  { limit = 500, offset = 0, locale }: { limit?: number; offset?: number; locale?: Locale } = {},
) {
  return selectPlans(db, locale).where(where).limit(limit).offset(offset);
}

export type PlanRow = Awaited<ReturnType<typeof plansWhere>>[number];

export const iso = (date: Date | null) => date?.toISOString() ?? null;

export function expertRef(row: {
  uid: number;
  displayName: string | null;
  username: string;
  avatar: string | null;
}): ExpertRef {
  return { uid: row.uid, displayName: row.displayName ?? row.username, avatar: row.avatar };
}

/** A match with its league's and teams' names, as plan answers show it. */
export interface MatchNames {
  match: Pick<PlanRow['match'], 'id' | 'gameId' | 'status' | 'startsAt' | 'homeScore' | 'awayScore'>;
  league: string;
  home: string | null;
  away: string | null;
}

export function planMatch(row: MatchNames): PlanMatch {
  const { match } = row;
  const status = match.status as PlanMatch['status'];
  return {
    id: match.id,
    gameId: match.gameId,
    game: gameById(match.gameId)?.slug ?? 'esportsother',
    league: row.league,
    home: row.home ?? '',
    away: row.away ?? '',
    startTime: match.startsAt.getTime(),
    status,
    score: status === 'finished' ? { home: match.homeScore, away: match.awayScore } : null,
  };
}

export function planSummary(row: PlanRow): PlanSummary {
  const { plan } = row;
  return {
    id: plan.id,
    expert: expertRef({ uid: plan.expertId, ...row }),
    match: planMatch(row),
    playLevel: plan.playLevel,
    market: plan.market as Market,
    title: plan.title,
    summary: plan.summary,
    price: plan.price,
    label: plan.label,
    refundOnMiss: plan.refundOnMiss,
    viewMode: plan.viewMode as ViewMode,
    cover: plan.cover,
    state: plan.state as PlanState,
    settlement: plan.settlement as Settlement,
    sales: plan.sales,
    publishedAt: iso(plan.publishedAt),
    createdAt: plan.createdAt.toISOString(),
  };
}

export function predictionOf(plan: PlanRow['plan']): Prediction {
  return { market: plan.market as Market, line: plan.line, pick: plan.pick, odds: plan.odds };
}

export function ownPlan(row: PlanRow, revenue: number): OwnPlan {
  return {
    ...planSummary(row),
    prediction: predictionOf(row.plan),
    content: row.plan.content,
    images: row.plan.images,
    rejectReason: row.plan.rejectReason,
    revenue,
    deletable: row.plan.sales === 0 && row.plan.state !== 'deleted',
  };
}
