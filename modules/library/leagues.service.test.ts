import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { createMemoryBus } from '../../platform/bus/memory';
import { embeddedOnly, openTestDatabase, type TestDatabaseTarget } from '../../test/databases';
import { createMatchStore } from '../matches/store';
import { fixtures, SOURCE, soccerMatch } from '../matches/test-fixtures';
import { createLeagues } from './leagues.service';

const LOL = 1;

/** The test league (soccer, gb, with red, blue and green), plus an esports league and a cup. */
async function seeded(target: TestDatabaseTarget) {
  const { db } = await openTestDatabase(target);
  const store = createMatchStore({ db, bus: createMemoryBus(), log: pino({ level: 'silent' }) });
  const base = fixtures([
    soccerMatch('m1', 'red', 'blue', new Date('2026-03-01T15:00:00Z')),
    soccerMatch('m2', 'blue', 'green', new Date('2026-03-08T15:00:00Z')),
  ]);
  await store.upsertFixtures(SOURCE, {
    ...base,
    competitions: [
      ...(base.competitions ?? []),
      {
        externalId: 'lck',
        gameId: LOL,
        name: 'Champions Korea',
        shortName: 'LCK',
        region: 'kr',
        format: 'league',
        rank: 2,
      },
      {
        externalId: 'fa',
        gameId: 202,
        name: 'FA 100% Cup',
        shortName: 'FAC',
        region: 'gb',
        format: 'cup',
        rank: 3,
      },
    ],
  });
  return createLeagues(db);
}

describe.each(embeddedOnly)('the league library on $name', (target) => {
  it('lists competitions by prominence, by game, region and part of the name, a page at a time', async () => {
    const leagues = await seeded(target);
    const names = async (query: Parameters<typeof leagues.list>[0]) =>
      (await leagues.list(query)).list.map((league) => league.shortName);

    expect(await names({ pageIndex: 1, pageSize: 10 })).toEqual(['PRE', 'LCK', 'FAC']);
    expect(await names({ gameIds: [202], pageIndex: 1, pageSize: 10 })).toEqual(['PRE', 'FAC']);
    expect(await names({ region: 'kr', pageIndex: 1, pageSize: 10 })).toEqual(['LCK']);
    expect(await names({ text: 'korea', pageIndex: 1, pageSize: 10 })).toEqual(['LCK']);
    // A wildcard of SQL is searched for as itself.
    expect(await names({ text: '100%', pageIndex: 1, pageSize: 10 })).toEqual(['FAC']);
    expect(await names({ text: '%', pageIndex: 1, pageSize: 10 })).toEqual(['FAC']);
    const second = await leagues.list({ pageIndex: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, pageIndex: 2, pageSize: 2 });
    expect(second.list.map((league) => league.shortName)).toEqual(['FAC']);
    expect(await leagues.regions([202])).toEqual(['gb']);
  });

  it("shows a league's current season with its stages and the teams that play in it", async () => {
    const leagues = await seeded(target);
    const [premier] = (await leagues.list({ text: 'Premier', pageIndex: 1, pageSize: 1 })).list;
    const overview = await leagues.overview(premier?.id ?? 0);
    expect(overview.league).toMatchObject({ name: 'Premier', region: 'gb', format: 'league' });
    expect(overview.season).toMatchObject({ name: '2026', current: true, startsOn: '2026-01-01' });
    expect(overview.stages.map((stage) => stage.kind)).toEqual(['league']);
    expect(overview.teams.map((team) => team.name)).toEqual(['blue FC', 'green FC', 'red FC']);
    await expect(leagues.overview(999_999)).rejects.toThrow(AppError);
    await expect(leagues.overview(premier?.id ?? 0, { seasonId: 999_999 })).rejects.toThrow(AppError);
  });
});
