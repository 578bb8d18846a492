import type { MatchSummary } from './matches.contract';

/** A list row for push and client tests: a soccer match in play at 0-0, version 1, changed by `patch`. */
export function testSummary(id: number, patch: Partial<MatchSummary> = {}): MatchSummary {
  return {
    id,
    gameId: 202,
    game: 'soccer',
    league: { id: 1, name: 'Premier League', shortName: 'PL', logo: null, region: 'England' },
    startTime: Date.UTC(2026, 10, 22, 12),
    status: 'in_progress',
    home: { id: 10, name: 'Northbridge', shortName: 'NOR', logo: null },
    away: { id: 11, name: 'Eastfield', shortName: 'EAS', logo: null },
    score: { home: 0, away: 0 },
    winner: null,
    period: 'H1',
    clock: null,
    periods: [],
    bestOf: null,
    lobby: null,
    round: null,
    seq: 1,
    ...patch,
  };
}
