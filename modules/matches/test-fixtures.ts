import type { SoccerState } from '../sports/model';
import { soccer } from '../sports/soccer';
import type { FeedMatch, Fixtures } from './feed';

/** Fixtures for the store, board and route tests: one soccer league, its teams and two players. */

export const SOURCE = 'test';

/** A not-started soccer match between teams `home` and `away` of the fixtures below. */
export function soccerMatch(
  externalId: string,
  home: string,
  away: string,
  startsAt: Date,
  state?: SoccerState,
): FeedMatch {
  const initial = state ?? soccer.initial();
  return {
    externalId,
    gameId: soccer.gameId,
    competitionExternalId: 'league',
    seasonExternalId: 'season',
    stageExternalId: 'stage',
    round: 1,
    homeTeamExternalId: home,
    awayTeamExternalId: away,
    startsAt,
    initial: { externalId, seq: state ? 100 : 1, status: initial.status, state: initial },
  };
}

export function fixtures(matches: FeedMatch[]): Fixtures {
  return {
    competitions: [
      {
        externalId: 'league',
        gameId: soccer.gameId,
        name: 'Premier',
        shortName: 'PRE',
        region: 'gb',
        format: 'league',
        rank: 1,
      },
    ],
    seasons: [
      {
        externalId: 'season',
        competitionExternalId: 'league',
        name: '2026',
        startsOn: '2026-01-01',
        endsOn: '2026-12-31',
        current: true,
      },
    ],
    stages: [
      { externalId: 'stage', seasonExternalId: 'season', name: 'Regular', kind: 'league', ordinal: 1 },
    ],
    teams: ['red', 'blue', 'green'].map((name) => ({
      externalId: name,
      gameId: soccer.gameId,
      name: `${name} FC`,
      shortName: name.toUpperCase(),
    })),
    players: [
      {
        externalId: 'striker',
        teamExternalId: 'red',
        gameId: soccer.gameId,
        name: 'Sam Striker',
        position: 'FW',
      },
      {
        externalId: 'keeper',
        teamExternalId: 'blue',
        gameId: soccer.gameId,
        name: 'Kim Keeper',
        position: 'GK',
        injury: { reason: 'knee', until: '2026-12-01' },
      },
    ],
    matches,
  };
}
