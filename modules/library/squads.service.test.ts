import { describe, expect, it } from 'vitest';
import { players } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { embeddedOnly, openTestDatabase } from '../../test/databases';
import { createSquads } from './squads.service';
import { SOCCER, seedCompetition } from './test-seed';

describe.each(embeddedOnly)('the squad library on $name', (target) => {
  it("makes a team's profile from its stored matches: results newest first, form, record, fixtures", async () => {
    const { db } = await openTestDatabase(target);
    const { teamIds, play } = await seedCompetition(db, ['league'], 4);
    const [one, two] = teamIds as [number, number];
    // Day 1 to 6 of 2026: team 1 wins, draws, loses, wins at home, wins away; then one to come.
    await play(0, 1, 2, 0, 2);
    await play(0, 3, 1, 1, 1);
    await play(0, 1, 0, 3, 4);
    await play(0, 1, 1, 0, 3);
    await play(0, 2, 0, 2, 1);
    await play(0, 4, 0, 0, 1, { status: 'not_started' });
    await db.insert(players).values([
      {
        teamId: one,
        gameId: SOCCER,
        name: 'Ada Back',
        position: 'DF',
        shirtNumber: 4,
        source: 't',
        externalId: 'a',
      },
      {
        teamId: one,
        gameId: SOCCER,
        name: 'Bo Keeper',
        position: 'GK',
        shirtNumber: 1,
        source: 't',
        externalId: 'b',
      },
      {
        teamId: two,
        gameId: SOCCER,
        name: 'Cy Other',
        position: 'FW',
        shirtNumber: 9,
        source: 't',
        externalId: 'c',
      },
    ]);

    const profile = await createSquads(db).team(one, undefined, Date.UTC(2026, 0, 6, 12));
    expect(profile.team).toMatchObject({ id: one, name: 'Team 1', gameId: SOCCER });
    expect(profile.squad.map((p) => [p.shirtNumber, p.name])).toEqual([
      [1, 'Bo Keeper'],
      [4, 'Ada Back'],
    ]);
    expect(
      profile.recent.map((m) => `${m.home?.name} ${m.homeScore}-${m.awayScore} ${m.away?.name}`),
    ).toEqual([
      'Team 2 0-2 Team 1',
      'Team 1 1-0 Team 3',
      'Team 1 0-3 Team 4',
      'Team 3 1-1 Team 1',
      'Team 1 2-0 Team 2',
    ]);
    expect(profile.form).toEqual(['W', 'W', 'L', 'D', 'W']);
    expect(profile.upcoming.map((m) => m.away?.name)).toEqual(['Team 1']);
    expect(profile.records).toHaveLength(1);
    expect(profile.records[0]).toMatchObject({
      played: 5,
      won: 3,
      drawn: 1,
      lost: 1,
      scored: 6,
      conceded: 4,
    });
    expect(profile.recent[0]?.league.name).toMatch(/^Cup /);
  });

  it('lists teams by name, by game and part of the name, and answers not found for no team', async () => {
    const { db } = await openTestDatabase(target);
    await seedCompetition(db, ['league'], 12);
    const squads = createSquads(db);
    const page = await squads.teams({ gameIds: [SOCCER], text: 'team 1', pageIndex: 1, pageSize: 2 });
    // Team 1, 10, 11 and 12 match; sorted by name.
    expect(page).toMatchObject({ total: 4, pageIndex: 1, pageSize: 2 });
    expect(page.list.map((team) => team.name)).toEqual(['Team 1', 'Team 10']);
    expect((await squads.teams({ gameIds: [1], pageIndex: 1, pageSize: 30 })).total).toBe(0);
    expect((await squads.teams({ text: '100%', pageIndex: 1, pageSize: 30 })).total).toBe(0);
    await expect(squads.team(424242)).rejects.toThrow(AppError);
  });
});
