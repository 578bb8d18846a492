import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { javaClient } from '../../test/java';
import { createPostgresDatabase, postgresAvailable, REDIS_URL, redisAvailable } from '../../test/services';
import { chatClient, fakeLiveRooms, listen, person, useFakeLiveRooms } from './test-helpers';

describe.runIf(postgresAvailable && redisAvailable)('two instances on PostgreSQL and Redis', () => {
  it('a message sent through one reaches a chat client of the other once, and clients of both in one order', async () => {
    const database = await createPostgresDatabase();
    cleanUpAfterFile(database.drop);
    const env = { DATABASE_URL: database.url, REDIS_URL };
    const one = await buildTestApp({ database: { url: database.url }, env });
    const two = await buildTestApp({ database: { url: database.url }, env });
    const live = fakeLiveRooms();
    useFakeLiveRooms(one, live);
    useFakeLiveRooms(two, live);
    const [baseOne, baseTwo] = [await listen(one), await listen(two)];
    const anchor = await person(one, ['user', 'anchor']);
    live.rooms.set(7, {
      roomId: 7,
      anchorUserId: anchor.uid,
      open: true,
      live: true,
      externalComments: true,
      moderatorLimit: 3,
    });

    const here = await chatClient(baseOne);
    const there = await chatClient(baseTwo);
    for (const client of [here, there]) {
      client.join(7);
      await client.until((all) => all.some((m) => m.op === 'reset'), 'the history');
    }
    // Messages said through both instances at once.
    const [a, b] = [await person(one), await person(two)];
    const sent = await Promise.all([
      ...[1, 2, 3].map((i) =>
        javaClient(one).call('POST', '/sendMsg', { token: a.token, body: { roomId: 7, text: `one ${i}` } }),
      ),
      ...[1, 2, 3].map((i) =>
        javaClient(two).call('POST', '/sendMsg', { token: b.token, body: { roomId: 7, text: `two ${i}` } }),
      ),
    ]);
    const seqs = sent.map((answer) => answer.result.seq as number).sort((x, y) => x - y);
    for (const client of [here, there]) {
      await client.until(() => client.events().length >= 6, 'six messages');
      expect(client.events().map((e) => e.seq)).toEqual(seqs);
    }
  });
});
