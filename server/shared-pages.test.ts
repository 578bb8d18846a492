import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type PageHandle, SHARED_PAGE } from '../app/lib/page-handle';
import { sharedPages } from './shared-pages';

function route(
  id: string,
  parentId: string | undefined,
  path: string | undefined,
  handle?: PageHandle,
  index = false,
) {
  return { id, parentId, path, index, caseSensitive: undefined, module: { handle } };
}

const favourites: PageHandle = { shared: ({ search }) => search.get('tab') !== 'favourites' };
const manifest = Object.fromEntries(
  [
    route('root', undefined, ''),
    route('home', 'root', undefined, SHARED_PAGE, true),
    route('match-list', 'root', 'match/:game?', favourites),
    route('user-layout', 'root', 'userInfo'),
    route('user-home', 'user-layout', undefined, undefined, true),
    route('user-profile', 'user-layout', ':id', SHARED_PAGE),
    route('not-found', 'root', '*'),
  ].map((r) => [r.id, r]),
) as unknown as ServerBuild['routes'];

const shared = sharedPages(manifest);
const isShared = (address: string) => {
  const url = new URL(address, 'http://page');
  return shared(url.pathname, url.searchParams);
};

describe('pages every visitor shares', () => {
  it('are the ones whose deepest route says so in its handle', () => {
    expect(isShared('/')).toBe(true);
    expect(isShared('/match/soccer')).toBe(true);
    expect(isShared('/userInfo')).toBe(false);
    expect(isShared('/userInfo/7')).toBe(true);
    expect(isShared('/nothing/here')).toBe(false);
  });

  it('follow a handle that decides by the address', () => {
    expect(isShared('/match?tab=favourites')).toBe(false);
    expect(isShared('/match?tab=live')).toBe(true);
  });

  it('count the data request of a client navigation as its page', () => {
    expect(isShared('/_root.data')).toBe(true);
    expect(isShared('/match/soccer.data?tab=live')).toBe(true);
    expect(isShared('/userInfo.data')).toBe(false);
  });

  it('decides an address once, however often it is asked', () => {
    let decided = 0;
    const counting: PageHandle = {
      shared: () => {
        decided += 1;
        return true;
      },
    };
    const ask = sharedPages({
      ...manifest,
      'match-list': route('match-list', 'root', 'match/:game?', counting),
    } as unknown as typeof manifest);
    for (let i = 0; i < 3; i++) ask('/match/soccer', new URLSearchParams('tab=live'));
    ask('/match/basketball', new URLSearchParams('tab=live'));
    expect(decided).toBe(2);
  });
});
