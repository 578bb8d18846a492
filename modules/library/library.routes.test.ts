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
  });

  it('lists competitions a page at a time, empty on an empty store', async () => {
    const java = javaClient(await buildTestApp());
    expect(await java.get('/library/leagues?gameIds=202&text=premier')).toMatchObject({
      status: 'success',
      result: { list: [], total: 0, pageIndex: 1, pageSize: 30 },
    });
  });

  it('answers not found in the envelope for a competition that does not exist', async () => {
    const java = javaClient(await buildTestApp());
    for (const view of ['', '/standings', '/bracket', '/schedule']) {
      expect(await java.get(`/library/league/424242${view}`)).toMatchObject({
        httpStatus: 404,
        errorCode: 1001,
      });
    }
  });
});
