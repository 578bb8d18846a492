import type { Db } from '../../db/client';
import { competitions, matches, seasons, stages, teams } from '../../db/schema/index';
import { rulesForGame } from '../sports/rules-by-game';

/** Seeding for the data library's tests: a competition, its teams, and results written as stored. */

export const SOCCER = 202;
const DAY = 86_400_000;

/** A soccer competition with one season and the given stages; returns their ids and team ids. */
export async function seedCompetition(
  db: Db,
  stageKinds: ('league' | 'groups' | 'knockout')[],
  teamCount: number,
) {
  const key = `${stageKinds.join('-')}-${Math.random()}`;
  const [competition] = await db
    .insert(competitions)
    .values({
      gameId: SOCCER,
      name: `Cup ${key}`,
      shortName: 'CUP',
      region: 'world',
      format: 'tournament',
      source: 'test',
      externalId: key,
    })
    .returning({ id: competitions.id });
  const [season] = await db
    .insert(seasons)
    .values({
      competitionId: competition?.id as number,
      name: '2026',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      current: true,
      rules: { zones: [{ from: 1, to: 1, zone: 'qualification' }] },
      source: 'test',
      externalId: key,
    })
    .returning({ id: seasons.id });
  const stageIds: number[] = [];
  for (const [ordinal, kind] of stageKinds.entries()) {
    const [stage] = await db
      .insert(stages)
      .values({
        seasonId: season?.id as number,
        name: kind,
        kind,
        ordinal,
        twoLegged: kind === 'knockout',
        source: 'test',
        externalId: `${key}-${kind}`,
      })
      .returning({ id: stages.id });
    stageIds.push(stage?.id as number);
  }
  const teamRows = await db
    .insert(teams)
    .values(
      Array.from({ length: teamCount }, (_, i) => ({
        gameId: SOCCER,
        name: `Team ${i + 1}`,
        shortName: `T${i + 1}`,
        source: 'test',
        externalId: `${key}-team-${i + 1}`,
      })),
    )
    .returning({ id: teams.id });
  const teamIds = teamRows.map((row) => row.id);
  let nextMatch = 0;
  /** Teams by their number (1-based) in this competition. */
  async function play(
    stage: number,
    home: number,
    homeScore: number,
    awayScore: number,
    away: number,
    extra: { status?: string; result?: string; round?: number; leg?: number; groupName?: string } = {},
  ) {
    nextMatch += 1;
    const state = rulesForGame(SOCCER)?.initial();
    const status = extra.status ?? 'finished';
    const result =
      extra.result ??
      (status !== 'finished'
        ? null
        : homeScore > awayScore
          ? 'home'
          : awayScore > homeScore
            ? 'away'
            : 'draw');
    await db.insert(matches).values({
      gameId: SOCCER,
      competitionId: competition?.id as number,
      seasonId: season?.id as number,
      stageId: stageIds[stage] as number,
      round: extra.round ?? null,
      leg: extra.leg ?? null,
      groupName: extra.groupName ?? null,
      homeTeamId: teamIds[home - 1] as number,
      awayTeamId: teamIds[away - 1] as number,
      startsAt: new Date(Date.UTC(2026, 0, 1) + nextMatch * DAY),
      status,
      homeScore,
      awayScore,
      result,
      state: state as object,
      source: 'test',
      externalId: `${key}-match-${nextMatch}`,
    });
  }
  return { competitionId: competition?.id as number, teamIds, stageIds, play };
}
