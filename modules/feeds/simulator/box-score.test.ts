import { describe, expect, it } from 'vitest';
import type { FeedMatchPlayer } from '../../matches/feed';
import type { HeadToHeadState, MatchState, MobaState, ShooterState } from '../../sports/model';
import { boxScoreOf, split } from './box-score';
import { dayOf } from './calendar';
import { incidentPlayersOf, lineupsOf } from './extras';
import { createPlanner, type MatchPlan } from './schedule';
import { worldsFor } from './world';

const SEED = 3;
const planner = createPlanner(SEED, worldsFor(SEED));
const week = Array.from({ length: 7 }, (_, i) => dayOf(Date.UTC(2026, 10, 16)) + i).flatMap((day) =>
  planner.day(day),
);

/** The box scores of a game's first few simulated matches, played to the end. */
function boxScores(game: string, count = 6) {
  const played = week
    .filter((plan) => plan.world.setup.slug === game && plan.home && plan.away)
    .slice(0, count)
    .map((plan: MatchPlan) => {
      const state = planner.finalOf(plan) as HeadToHeadState & MatchState;
      const lineups = lineupsOf(plan, new Set());
      const named = incidentPlayersOf(plan, lineups, state);
      return { plan, state, named, box: boxScoreOf(plan, lineups, state, named) as FeedMatchPlayer[] };
    });
  if (played.length === 0) throw new Error(`no ${game} match in the week`);
  return played;
}

const total = (box: FeedMatchPlayer[], side: 'home' | 'away', key: string) =>
  box.filter((line) => line.side === side).reduce((sum, line) => sum + (line.stats[key] ?? 0), 0);

describe('a simulated box score', () => {
  it('splits a total into whole parts that add up to it', () => {
    expect(split(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(split(7, [3, 0, 1]).reduce((a, b) => a + b, 0)).toBe(7);
    expect(split(0, [1, 2])).toEqual([0, 0]);
  });

  it('credits soccer goals, assists and cards to the players the incidents name', () => {
    for (const { state, named, box } of boxScores('soccer')) {
      const byPlayer = new Map(box.map((line) => [line.player, line.stats]));
      for (const incident of state.incidents) {
        const who = named[incident.seq];
        if (incident.type === 'goal' && who?.player)
          expect(byPlayer.get(who.player)?.goals).toBeGreaterThan(0);
        if (incident.type === 'goal' && who?.secondPlayer)
          expect(byPlayer.get(who.secondPlayer)?.assists).toBeGreaterThan(0);
        if (incident.type === 'yellow_card' && who?.player)
          expect(byPlayer.get(who.player)?.yellowCards).toBeGreaterThan(0);
      }
      const goals = state.incidents.filter(
        (i) => (i.type === 'goal' || i.type === 'penalty_goal') && named[i.seq]?.player,
      );
      expect(total(box, 'home', 'goals') + total(box, 'away', 'goals')).toBe(goals.length);
      expect(box.filter((line) => line.starter)).toHaveLength(22);
      for (const line of box) expect(line.stats.minutes).toBeGreaterThan(0);
    }
  });

  it("adds a basketball side's points up to its score", () => {
    for (const { state, box } of boxScores('basketball')) {
      expect(total(box, 'home', 'points')).toBe(state.score.home);
      expect(total(box, 'away', 'points')).toBe(state.score.away);
    }
  });

  it("adds a MOBA side's kills up to its kills on the maps, and mirrors them in the other side's deaths", () => {
    for (const { state, box } of boxScores('lol')) {
      const kills = (side: 'home' | 'away') =>
        (state as MobaState).games.reduce((sum, map) => sum + map[side], 0);
      expect(total(box, 'home', 'kills')).toBe(kills('home'));
      expect(total(box, 'away', 'deaths')).toBe(kills('home'));
      expect(total(box, 'away', 'kills')).toBe(kills('away'));
      for (const line of box) expect(line.stats.rating).toBeGreaterThan(0);
    }
  });

  it('gives shooters kills the other side dies of, no player dying more than once a round', () => {
    for (const { state, box } of boxScores('csgo')) {
      const rounds = (state as ShooterState).games.reduce((sum, map) => sum + map.home + map.away, 0);
      expect(total(box, 'home', 'kills')).toBe(total(box, 'away', 'deaths'));
      for (const line of box) expect(line.stats.deaths).toBeLessThanOrEqual(rounds);
    }
  });

  it('is the same for the same match, and there is none before the end', () => {
    const [first] = boxScores('basketball', 1);
    if (!first) throw new Error('no basketball match');
    const lineups = lineupsOf(first.plan, new Set());
    expect(boxScoreOf(first.plan, lineups, first.state, first.named)).toEqual(first.box);
    expect(
      boxScoreOf(first.plan, lineups, { ...first.state, status: 'in_progress' }, first.named),
    ).toBeUndefined();
  });
});
