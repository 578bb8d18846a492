import { describe, expect, it } from 'vitest';
import { localizedNames, players } from '../../db/schema/index';
import { embeddedOnly, openTestDatabase } from '../../test/databases';
import { createLeagues } from './leagues.service';
import { createPlayers } from './players.service';
import { createSquads } from './squads.service';
import { createTables } from './tables.service';
import { SOCCER, seedCompetition } from './test-seed';

describe.each(embeddedOnly)('the data library on $name', (target) => {
  it("names competitions, teams and players in the visitor's language where a feed gave a name, else as the feed does", async () => {
    const { db } = await openTestDatabase(target);
    const { competitionId, teamIds, play } = await seedCompetition(db, ['league'], 2);
    const [one, two] = teamIds as [number, number];
    await play(0, 1, 2, 0, 2);
    const [player] = await db
      .insert(players)
      .values({ teamId: one, gameId: SOCCER, name: 'Ada Back', source: 't', externalId: 'ada' })
      .returning({ id: players.id });
    await db.insert(localizedNames).values([
      { kind: 'competition', refId: competitionId, locale: 'zh_CN', name: '世界杯赛' },
      { kind: 'team', refId: one, locale: 'zh_CN', name: '一队' },
      { kind: 'player', refId: player?.id as number, locale: 'zh_CN', name: '艾达' },
    ]);
    const [squads, tables, leagues, library] = [
      createSquads(db),
      createTables(db),
      createLeagues(db),
      createPlayers(db),
    ];

    const team = await squads.team(one, 'zh_CN', Date.UTC(2026, 0, 6));
    expect(team.team.name).toBe('一队');
    expect(team.squad.map((p) => p.name)).toEqual(['艾达']);
    expect(team.recent[0]).toMatchObject({ home: { name: '一队' }, away: { name: 'Team 2' } });
    expect(team.records[0]?.league.name).toBe('世界杯赛');
    expect((await squads.team(one, 'en_US', Date.UTC(2026, 0, 6))).team.name).toBe('Team 1');

    const table = await tables.standings(competitionId, { locale: 'zh_CN' });
    expect(table.tables[0]?.rows.map((row) => row.team.name)).toEqual(['一队', 'Team 2']);
    const overview = await leagues.overview(competitionId, { locale: 'zh_CN' });
    expect([overview.league.name, ...overview.teams.map((t) => t.name)]).toEqual([
      '世界杯赛',
      'Team 2',
      '一队',
    ]);

    // A Chinese visitor finds the team and the player by their Chinese names too.
    const page = { pageIndex: 1, pageSize: 30 };
    expect((await squads.teams({ ...page, text: '一队', locale: 'zh_CN' })).list.map((t) => t.id)).toEqual([
      one,
    ]);
    expect((await squads.teams({ ...page, text: 'team 2', locale: 'zh_CN' })).list.map((t) => t.id)).toEqual([
      two,
    ]);
    const found = await library.players({ ...page, text: '艾达', locale: 'zh_CN' });
    expect(found.list).toMatchObject([{ name: '艾达', team: { name: '一队' } }]);
    expect((await library.player(player?.id as number, 'zh_CN')).player.name).toBe('艾达');
  });
});
