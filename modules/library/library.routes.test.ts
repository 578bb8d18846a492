import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { javaClient } from '../../test/java';

describe('the data library calls', () => {
  it('names the field of a malformed competition id or season, in the caller language', async () => {
    const java = javaClient(await buildTestApp());
    const badId = await java.get('/library/league/abc/standings', { lan: 'en_US' });
    expect(badId).toMatchObject({ httpStatus: 400, status: 'fail', errorCode: 1002 });
    expect(badId.result.issues[0]).toMatchObject({ field: 'id' });
    const badSeason = await java.get('/library/league/1/bracket?seasonId=-3');
    expect(badSeason.result.issues[0]).toMatchObject({ field: 'seasonId' });
    const badGames = await java.get('/library/leagues?gameIds=202,soccer');
    expect(badGames).toMatchObject({ httpStatus: 400, status: 'fail' });
    expect(badGames.result.issues[0]).toMatchObject({ field: 'gameIds' });
    const badRound = await java.get('/library/league/1/schedule?round=first');
    expect(badRound.result.issues[0]).toMatchObject({ field: 'round' });
    const badPage = await java.get('/library/leagues?pageSize=1000');
    expect(badPage.result.issues[0]).toMatchObject({ field: 'pageSize' });
    const badTeam = await java.get('/library/team/0');
    expect(badTeam.result.issues[0]).toMatchObject({ field: 'id' });
    const badText = await java.get(`/library/teams?text=${'x'.repeat(61)}`);
    expect(badText.result.issues[0]).toMatchObject({ field: 'text' });
  });

  it('lists competitions and teams a page at a time, empty on an empty store', async () => {
    const java = javaClient(await buildTestApp());
    for (const list of ['leagues', 'teams']) {
      expect(await java.get(`/library/${list}?gameIds=202&text=premier`)).toMatchObject({
        status: 'success',
        result: { list: [], total: 0, pageIndex: 1, pageSize: 30 },
      });
    }
  });

  it('answers not found in the envelope for a competition or team that does not exist', async () => {
    const java = javaClient(await buildTestApp());
    for (const path of [
      'league/424242',
      ...['standings', 'bracket', 'schedule'].map((v) => `league/424242/${v}`),
      'team/424242',
    ]) {
      expect(await java.get(`/library/${path}`)).toMatchObject({
        httpStatus: 404,
        errorCode: 1001,
      });
    }
  });
});
