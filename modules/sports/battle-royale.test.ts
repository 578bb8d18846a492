import { describe, expect, it } from 'vitest';
import { BATTLE_ROYALE_TITLES, defineBattleRoyaleRules } from './battle-royale';
import { playAll, playToEnd, SEEDS } from './test-support';

describe.each(BATTLE_ROYALE_TITLES.map((title) => ({ title, rules: defineBattleRoyaleRules(title) })))(
  'battle royale: $title.slug',
  ({ title, rules }) => {
    // Six games of 12 to 20 teams each: 50 series a title, 200 for the family.
    const series = playAll(rules, undefined, SEEDS.slice(0, 50));
    const placementPoints = (place: number | null) => title.placementPoints[(place ?? 0) - 1] ?? 0;

    it('places every team once a game, the last team standing first', () => {
      for (const state of series) {
        expect(state.games).toHaveLength(state.gameCount);
        for (const game of state.games) {
          const places = game.placements.map((place) => place ?? 0).sort((a, b) => a - b);
          expect(places).toEqual(Array.from({ length: state.teamCount }, (_, index) => index + 1));
          expect(game.winner).toBe(game.placements.indexOf(1));
          game.alive.forEach((players, team) => {
            expect(players > 0).toBe(team === game.winner);
          });
          const deaths = state.teamCount * state.playersPerTeam - (game.alive[game.winner ?? 0] ?? 0);
          expect(game.kills.reduce((sum, kills) => sum + kills, 0)).toBeLessThanOrEqual(deaths);
        }
      }
    });

    it('adds up the standings from placements and kills, best first, the leader winning', () => {
      for (const state of series) {
        for (const standing of state.standings) {
          const placement = state.games.reduce(
            (sum, game) => sum + placementPoints(game.placements[standing.team] ?? null),
            0,
          );
          const kills = state.games.reduce((sum, game) => sum + (game.kills[standing.team] ?? 0), 0);
          const wins = state.games.filter((game) => game.winner === standing.team).length;
          expect(standing).toEqual({
            team: standing.team,
            placementPoints: placement,
            killPoints: kills * title.pointsPerKill,
            points: placement + kills * title.pointsPerKill,
            wins,
          });
        }
        const points = state.standings.map((standing) => standing.points);
        expect(points).toEqual([...points].sort((a, b) => b - a));
        expect(state.winner).toBe(state.standings[0]?.team);
        expect(state.incidents.filter((incident) => incident.type === 'game_won')).toHaveLength(
          state.gameCount,
        );
      }
    });

    it('takes the lobby size and the number of games as options', () => {
      const small = playToEnd(rules, 1, { teamCount: 4, gameCount: 2 });
      expect(small.standings).toHaveLength(4);
      expect(small.games).toHaveLength(2);
      expect(() => rules.initial({ teamCount: 1 })).toThrow(RangeError);
      expect(() => rules.initial({ gameCount: 0 })).toThrow(RangeError);
    });
  },
);
