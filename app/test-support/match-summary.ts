import type { MatchSummary } from '../../modules/matches/matches.contract';

/** A match row for tests: a soccer match of league 7 not yet started, changed by `overrides`. */
export function summaryOf(overrides: Partial<MatchSummary> = {}): MatchSummary {
  return {
    id: 1,
    gameId: 202,
    game: 'soccer',
    league: { id: 7, name: 'Premier Division', shortName: 'PD', logo: null, region: 'England' },
    startTime: Date.UTC(2026, 10, 22, 12, 0),
    status: 'not_started',
    home: { id: 11, name: 'Northbridge Rovers', shortName: 'NBR', logo: null },
    away: { id: 12, name: 'Harbour City', shortName: 'HBC', logo: null },
    score: { home: 0, away: 0 },
    winner: null,
    period: null,
    clock: null,
    periods: [],
    bestOf: null,
    lobby: null,
    round: 12,
    seq: 1,
    ...overrides,
  };
}
