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
  });

  it('answers not found in the envelope for a competition that does not exist', async () => {
    const java = javaClient(await buildTestApp());
    for (const view of ['standings', 'bracket', 'schedule']) {
      expect(await java.get(`/library/league/424242/${view}`)).toMatchObject({
        httpStatus: 404,
        errorCode: 1001,
      });
    }
  });
});
