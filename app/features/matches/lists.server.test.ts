import { describe, expect, it } from 'vitest';
import type { LeagueGroup } from '../../../modules/matches/matches.contract';
import { createTranslator } from '../../../platform/i18n';
import type { AppLoadContext } from '../../load-context';
import { summaryOf } from '../../test-support/match-summary';
import { FIRST_SCREENS, firstScreens, groupsOrFailure } from './lists.server';

/** Only what the fold reads: the words of a match link. */
const context = {
  locale: 'en_US',
  services: {
    i18n: {
      t: (_locale: string, _key: string, words: { home: string; away: string }) =>
        `${words.home} v ${words.away}`,
    },
  },
} as unknown as AppLoadContext;

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 27, 0, 0);

/** `sizes[i]` matches in league i; each league's matches an hour apart, from league i's own hour. */
function groupsOf(sizes: number[]): LeagueGroup[] {
  let id = 0;
  return sizes.map((size, index) => {
    const league = {
      id: index + 1,
      name: `League ${index + 1}`,
      shortName: 'L',
      logo: null,
      region: 'World',
    };
    const matches = Array.from({ length: size }, (_, n) =>
      summaryOf({ id: ++id, league, startTime: START + (index + n * sizes.length) * HOUR }),
    );
    return { league, matches };
  });
}
const ids = (groups: { matches: { id: number }[] }[]) =>
  groups.flatMap((group) => group.matches.map((m) => m.id));
/** The day the lists below were read for. */
const day = { from: START, to: START + 24 * HOUR, gameIds: [202, 1] };

describe('the first screens of a match list', () => {
  it('sends a short list whole', () => {
    const groups = groupsOf([30, 30]);
    expect(firstScreens(context, groups, day)).toEqual({ groups, folded: [], whole: null });
  });

  it('shows whole leagues until the first screens are full and folds the others to links', () => {
    const groups = groupsOf([25, 20, 30, 10]);
    const { groups: shown, folded } = firstScreens(context, groups, day);
    expect(shown.map((group) => group.league.id)).toEqual([1, 2]);
    expect(ids(shown)).toHaveLength(45);
    expect(folded.map((group) => [group.league.id, group.matches.length])).toEqual([
      [3, 30],
      [4, 10],
    ]);
    expect(folded[0]?.matches[0]).toEqual({
      id: 46,
      game: 'soccer',
      name: 'Northbridge Rovers v Harbour City',
    });
    expect([...ids(shown), ...ids(folded)].sort((a, b) => a - b)).toEqual(ids(groups));
  });

  it('by time, shows the earliest matches of every league and folds the later ones', () => {
    const groups = groupsOf([40, 40]);
    const { groups: shown, folded } = firstScreens(context, groups, day, { byTime: true });
    const shownTimes = shown.flatMap((group) => group.matches.map((m) => m.startTime));
    const foldedIds = new Set(ids(folded));
    const foldedTimes = groups
      .flatMap((g) => g.matches)
      .filter((m) => foldedIds.has(m.id))
      .map((m) => m.startTime);
    expect(shownTimes).toHaveLength(FIRST_SCREENS);
    expect(shown.map((group) => group.league.id)).toEqual([1, 2]);
    expect(Math.max(...shownTimes)).toBeLessThan(Math.min(...foldedTimes));
  });

  it('says which call gives the whole list', () => {
    const { whole } = firstScreens(context, groupsOf([50, 50]), {
      ...day,
      statuses: ['in_progress', 'finished'],
    });
    expect(whole).toEqual({
      gameIds: '202,1',
      status: 'in_progress,finished',
      from: START,
      to: START + 24 * HOUR,
    });
  });
});

describe('the regions of a match list', () => {
  it('names each league region in the page language, continents and the world included', () => {
    const groups = groupsOf([1, 1, 1]);
    const regions = ['world', 'US', 'EU'];
    groups.forEach((group, index) => {
      group.league = { ...group.league, region: regions[index] as string };
    });
    const listed = (locale: string) =>
      groupsOrFailure(
        {
          locale,
          services: { i18n: createTranslator(), matches: { list: () => [], byLeague: () => groups } },
        } as unknown as AppLoadContext,
        day,
      ).regionNames;
    expect(listed('zh_CN')).toEqual({ world: '世界', US: '美国', EU: '欧洲' });
    expect(listed('en_US')).toEqual({ world: 'World', US: 'United States', EU: 'Europe' });
  });
});
