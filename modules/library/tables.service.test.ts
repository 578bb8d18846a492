import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { embeddedOnly, openTestDatabase } from '../../test/databases';
import { createTables } from './tables.service';
import { seedCompetition } from './test-seed';

describe.each(embeddedOnly)('competition tables on $name', (target) => {
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

  it('has no table for a cup, and follows none of its matches in play for one', async () => {
    const { db } = await openOnce();
    const { competitionId, play } = await seedCompetition(db, ['knockout'], 4);
    await play(0, 1, 1, 0, 2, { round: 1 });
    await play(0, 3, 0, 0, 4, { round: 1, status: 'in_progress' });
    const standings = await createTables(db).standings(competitionId);
    expect(standings.stage).toBeNull();
    expect(standings.tables).toEqual([]);
    expect(standings.live).toEqual([]);
    expect((await createTables(db).bracket(competitionId)).live).toHaveLength(1);
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
