import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { competitions, matches, seasons, stages, teams } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { databaseTargets, openTestDatabase } from '../../test/databases';
import { rulesForGame } from '../matches/sports/rules-by-game';
import { createTables } from './tables.service';

const SOCCER = 202;
const DAY = 86_400_000;

/** A soccer competition with one season and the given stages; returns their ids and team ids. */
async function seedCompetition(db: Db, stageKinds: ('league' | 'groups' | 'knockout')[], teamCount: number) {
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

describe.each(databaseTargets)('competition tables on $name', (target) => {
  // One database for the file: each test seeds a competition of its own.
  let opened: Promise<{ db: Db }> | undefined;
  const openOnce = () => {
    opened ??= openTestDatabase(target);
    return opened;
  };

  it('computes the league table from the stored results, a live match counting as it stands', async () => {
    const { db } = await openOnce();
    const { competitionId, teamIds, play } = await seedCompetition(db, ['league'], 4);
    // The hand-worked table of standings.test.ts: B 6, C 4 (beat A), A 4, D 2.
    await play(0, 1, 2, 0, 2);
    await play(0, 3, 1, 1, 4);
    await play(0, 1, 0, 1, 3);
    await play(0, 2, 3, 0, 4);
    await play(0, 2, 1, 0, 3);
    await play(0, 4, 2, 2, 1);
    const tables = createTables(db);

    const before = await tables.standings(competitionId);
    expect(before.tables).toHaveLength(1);
    expect(before.tables[0]?.rows.map((row) => row.team.id)).toEqual([
      teamIds[1],
      teamIds[2],
      teamIds[0],
      teamIds[3],
    ]);
    expect(before.tables[0]?.rows[0]).toMatchObject({
      points: 6,
      zone: 'qualification',
      team: { name: 'Team 2' },
    });
    expect(before.live).toEqual([]);

    // D leads C 1-0 in a match in play: the table counts it as it stands, D up to 5 points.
    await play(0, 4, 1, 0, 3, { status: 'in_progress' });
    const during = await tables.standings(competitionId);
    expect(during.live).toHaveLength(1);
    expect(during.tables[0]?.rows.find((row) => row.team.id === teamIds[3])).toMatchObject({
      played: 4,
      points: 5,
    });
  });

  it('gives one table per group of a group stage', async () => {
    const { db } = await openOnce();
    const { competitionId, teamIds, play } = await seedCompetition(db, ['groups', 'knockout'], 4);
    await play(0, 1, 1, 0, 2, { groupName: 'A' });
    await play(0, 3, 0, 2, 4, { groupName: 'B' });
    const { tables } = await createTables(db).standings(competitionId);
    expect(tables.map((table) => table.group)).toEqual(['A', 'B']);
    expect(tables[1]?.rows.map((row) => row.team.id)).toEqual([teamIds[3], teamIds[2]]);
  });

  it('builds the bracket of the knockout stage, two-legged ties on aggregate', async () => {
    const { db } = await openOnce();
    const { competitionId, teamIds, play } = await seedCompetition(db, ['groups', 'knockout'], 4);
    await play(1, 1, 2, 1, 2, { round: 1, leg: 1 });
    await play(1, 2, 1, 1, 1, { round: 1, leg: 2 });
    await play(1, 3, 1, 0, 4, { round: 1, leg: 1 });
    await play(1, 4, 1, 0, 3, { round: 1, leg: 2, result: 'home' });
    const { rounds, stage } = await createTables(db).bracket(competitionId);
    expect(stage?.kind).toBe('knockout');
    expect(rounds[0]?.ties.map((tie) => [tie.aggregate, tie.winner])).toEqual([
      [[3, 2], teamIds[0]],
      [[1, 1], teamIds[3]],
    ]);
    expect(rounds[1]?.ties[0]?.teams.map((team) => team?.name)).toEqual(['Team 1', 'Team 4']);
  });

  it('answers not found for a competition or season that does not exist', async () => {
    const { db } = await openOnce();
    const { competitionId } = await seedCompetition(db, ['league'], 2);
    const tables = createTables(db);
    await expect(tables.standings(competitionId + 1000)).rejects.toThrow(AppError);
    await expect(tables.schedule(competitionId, { seasonId: 999_999 })).rejects.toThrow(AppError);
  });
});
