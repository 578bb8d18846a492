import { describe, expect, it } from 'vitest';
import { matches, matchPlayers, players } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { embeddedOnly, openTestDatabase } from '../../test/databases';
import { createPlayers } from './players.service';
import { SOCCER, seedCompetition } from './test-seed';

describe.each(embeddedOnly)('the player library on $name', (target) => {
  it("adds up a player's numbers by competition from the box scores, and lists his last matches", async () => {
    const { db } = await openTestDatabase(target);
    const { teamIds, play } = await seedCompetition(db, ['league'], 3);
    await play(0, 1, 2, 0, 2);
    await play(0, 3, 1, 1, 1);
    await play(0, 1, 0, 0, 3);
    const [keeper] = await db
      .insert(players)
      .values({
        teamId: teamIds[0] as number,
        gameId: SOCCER,
        name: 'Bo Keeper',
        position: 'GK',
        shirtNumber: 1,
        source: 't',
        externalId: 'bo',
      })
      .returning({ id: players.id });
    const played = await db.select({ id: matches.id }).from(matches).orderBy(matches.startsAt);
    const box = [
      { minutes: 90, goals: 1, rating: 7 },
      { minutes: 45, goals: 0, rating: 6 },
    ];
    await db.insert(matchPlayers).values(
      box.map((stats, index) => ({
        matchId: played[index]?.id as number,
        playerId: keeper?.id as number,
        side: index === 0 ? 'home' : 'away',
        starter: index === 0,
        stats,
      })),
    );

    const profile = await createPlayers(db).player(keeper?.id as number, undefined, Date.UTC(2026, 0, 10));
    expect(profile.player).toMatchObject({ name: 'Bo Keeper', team: { id: teamIds[0] } });
    expect(profile.statKeys).toEqual(['minutes', 'goals', 'assists', 'yellowCards', 'redCards']);
    expect(profile.seasons).toHaveLength(1);
    expect(profile.seasons[0]).toMatchObject({
      appearances: 2,
      starts: 1,
      stats: { minutes: 135, goals: 1, rating: 6.5 },
    });
    expect(profile.recent.map((a) => [a.side, a.match.homeScore, a.match.awayScore])).toEqual([
      ['away', 1, 1],
      ['home', 2, 0],
    ]);
  });

  it('lists players by name or nickname, and answers not found for no player', async () => {
    const { db } = await openTestDatabase(target);
    await db.insert(players).values([
      { gameId: 1, name: 'Lee Sang-hyeok', nickname: 'Faker', position: 'MID', source: 't', externalId: 'f' },
      { gameId: 1, name: 'Moon Hyeon-jun', nickname: 'Oner', position: 'JGL', source: 't', externalId: 'o' },
      { gameId: SOCCER, name: 'Fakir Ali', source: 't', externalId: 'a' },
    ]);
    const library = createPlayers(db);
    const found = await library.players({ text: 'fak', pageIndex: 1, pageSize: 30 });
    expect(found.list.map((p) => p.name)).toEqual(['Fakir Ali', 'Lee Sang-hyeok']);
    const lol = await library.players({ gameIds: [1], text: 'FAK', pageIndex: 1, pageSize: 30 });
    expect(lol.list.map((p) => p.nickname)).toEqual(['Faker']);
    await expect(library.player(424242)).rejects.toThrow(AppError);
  });
});
