import { createStaticHandler } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loader } from './game-root';

/** The route as the server serves it: under the language prefix of a locale other than zh_CN. */
async function answer(path: string, basename = '/') {
  const handler = createStaticHandler(
    [{ id: 'game-root', path: ':game', loader: (args) => loader(args as Parameters<typeof loader>[0]) }],
    { basename },
  );
  const result = await handler.query(new Request(`http://localhost${path}`));
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') };
  return { status: result.statusCode, location: null };
}

describe('/{game} without a match', () => {
  it("goes to that game's match list", async () => {
    expect(await answer('/soccer')).toEqual({ status: 302, location: '/match/soccer' });
    expect(await answer('/lol')).toEqual({ status: 302, location: '/match/lol' });
  });

  it('keeps the language prefix', async () => {
    expect(await answer('/en_US/basketball', '/en_US')).toEqual({
      status: 302,
      location: '/en_US/match/basketball',
    });
  });

  it('is 404 for anything but a catalogue game', async () => {
    expect((await answer('/no-such-game')).status).toBe(404);
    expect((await answer('/en_US/Soccer', '/en_US')).status).toBe(404);
  });
});
