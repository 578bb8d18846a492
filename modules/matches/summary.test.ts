import { describe, expect, it } from 'vitest';
import { americanFootball } from '../sports/american-football';
import { baseball } from '../sports/baseball';
import { basketball } from '../sports/basketball';
import type { SportRules } from '../sports/engine';
import type { MatchOptions, MatchState } from '../sports/model';
import { createRng } from '../sports/rng';
import { rulesForGame } from '../sports/rules-by-game';
import { snooker } from '../sports/snooker';
import { soccer } from '../sports/soccer';
import { postpone } from '../sports/status';
import { tennis } from '../sports/tennis';
import { playToEnd, SEEDS } from '../sports/test-support';
import { volleyball } from '../sports/volleyball';
import type { TeamRef } from './matches.contract';
import { LOBBY_TOP, type MatchFacts, summarize } from './summary';

const team = (id: number): TeamRef => ({ id, name: `Team ${id}`, shortName: `T${id}`, logo: null });

function facts(state: MatchState, overrides: Partial<MatchFacts> = {}): MatchFacts {
  return {
    id: 1,
    gameId: state.gameId,
    league: { id: 7, name: 'League', shortName: 'LG', logo: null, region: 'world' },
    startTime: 1_000,
    status: state.status,
    home: team(1),
    away: team(2),
    round: 3,
    bestOf: null,
    seq: 5,
    clockRate: 1,
    asOf: 2_000,
    lobbyTeams: null,
    ...overrides,
  };
}

/** A match `seconds` of play in. */
function playFor<S extends MatchState, O extends MatchOptions>(
  rules: SportRules<S, O>,
  seconds: number,
  options?: O,
  seed = 1,
): S {
  return rules.advance(rules.initial(options), createRng(seed), seconds).state;
}

/** The first seed whose finished match passes `test`, and that match. */
function findFinished<S extends MatchState, O extends MatchOptions>(
  rules: SportRules<S, O>,
  test: (state: S) => boolean,
  options?: O,
): S & { seed: number } {
  for (const seed of SEEDS) {
    const state = playToEnd(rules, seed, options);
    if (test(state)) return { ...state, seed };
  }
  throw new Error('no seed plays such a match');
}

describe('the summary of a match', () => {
  it('has no period or clock before kick-off, and the league and teams of the row', () => {
    const state = soccer.initial();
    const summary = summarize(facts(state), state);
    expect(summary).toMatchObject({
      game: 'soccer',
      status: 'not_started',
      period: null,
      clock: null,
      periods: [],
      score: { home: 0, away: 0 },
      home: { id: 1 },
      away: { id: 2 },
      league: { id: 7 },
      round: 3,
      seq: 5,
    });
  });

  it('soccer: the clock counts up through the second half, with 90 minutes as its regular end', () => {
    const state = playFor(soccer, 60 * 60);
    expect(state.clock.period).toBe('H2');
    const summary = summarize(facts(state, { clockRate: 30, asOf: 99 }), state);
    expect(summary.period).toBe('H2');
    expect(summary.clock).toEqual({
      seconds: 45 * 60 + state.clock.secondsInPeriod,
      direction: 'up',
      running: true,
      rate: 30,
      asOf: 99,
      periodEndsAt: 90 * 60,
    });
    expect(summary.periods.map((cell) => cell.period)).toEqual(['H1', 'H2']);
  });

  it('soccer: a knockout draw shows both halves, extra time and the shoot-out, whose winner wins', () => {
    const state = findFinished(soccer, (match) => match.shootout !== null, { knockout: true });
    const summary = summarize(facts(state), state);
    expect(summary.periods.map((cell) => cell.period)).toEqual(['H1', 'H2', 'ET1', 'ET2', 'PEN']);
    const pen = summary.periods.at(-1);
    expect(pen).toEqual({ period: 'PEN', ...state.shootout?.score });
    expect(summary.winner).toBe((pen?.home ?? 0) > (pen?.away ?? 0) ? 'home' : 'away');
    expect(summary.score.home).toBe(summary.score.away);
    expect(summary.clock).toBeNull();
  });

  it('soccer: during the shoot-out the period is PEN and no clock runs', () => {
    const finished = findFinished(soccer, (match) => match.shootout !== null, { knockout: true });
    const firstKick = finished.incidents.find((incident) => incident.type.startsWith('shootout_'));
    const state = playFor(soccer, firstKick?.elapsedSeconds ?? 0, { knockout: true }, finished.seed);
    expect(state.clock.period).toBe('PEN');
    expect(summarize(facts(state), state)).toMatchObject({ period: 'PEN', clock: null });
  });

  it('basketball and american football: quarters then overtimes, on a clock counting down', () => {
    const live = playFor(basketball, 30 * 60);
    const summary = summarize(facts(live), live);
    expect(summary.period).toBe('Q3');
    expect(summary.clock).toMatchObject({
      direction: 'down',
      seconds: live.clock.secondsLeft,
      running: true,
    });
    expect(summary.clock?.periodEndsAt).toBeNull();

    const overtime = findFinished(basketball, (match) => match.periods.length > 4);
    const cells = summarize(facts(overtime), overtime).periods;
    expect(cells.slice(0, 5).map((cell) => cell.period)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'OT1']);
    expect(cells.reduce((sum, row) => sum + (row.home ?? 0), 0)).toBe(overtime.score.home);

    const football = playFor(americanFootball, 20 * 60);
    expect(summarize(facts(football), football)).toMatchObject({
      period: 'Q2',
      clock: { direction: 'down', seconds: football.clock.secondsLeft },
    });
  });

  it('tennis: one cell of games per set, the sets won as the score', () => {
    const state = playToEnd(tennis, 3, { bestOf: 5 });
    const summary = summarize(facts(state), state);
    expect(summary.bestOf).toBe(5);
    expect(summary.periods).toEqual(
      state.games.map((set, index) => ({ period: `S${index + 1}`, home: set.home, away: set.away })),
    );
    expect(Math.max(summary.score.home, summary.score.away)).toBe(3);
    const live = playFor(tennis, 50 * 60, { bestOf: 3 });
    expect(summarize(facts(live), live)).toMatchObject({ period: `S${live.games.length}`, clock: null });
  });

  it('rally sports: points per set or game', () => {
    const state = playToEnd(volleyball, 4);
    const summary = summarize(facts(state), state);
    expect(summary.periods[0]?.period).toBe('S1');
    expect(Math.max(summary.periods[0]?.home ?? 0, summary.periods[0]?.away ?? 0)).toBeGreaterThanOrEqual(25);
    const badminton = rulesForGame('badminton') as SportRules;
    const game = playToEnd(badminton, 4);
    expect(summarize(facts(game), game).periods[0]?.period).toBe('G1');
  });

  it('baseball: runs per inning from the line score, X as null, the half inning in play', () => {
    const state = findFinished(baseball, (match) => match.lineScore.home.at(-1) === null);
    const summary = summarize(facts(state), state);
    expect(summary.periods.slice(0, 9).map((cell) => cell.period)).toEqual(
      Array.from({ length: 9 }, (_, i) => `T${i + 1}`),
    );
    expect(summary.periods.at(-1)?.home).toBeNull();
    expect(summary.periods.reduce((sum, row) => sum + (row.away ?? 0), 0)).toBe(state.score.away);
    const live = playFor(baseball, 40 * 60);
    expect(summarize(facts(live), live).period).toBe(`${live.half === 'top' ? 'T' : 'B'}${live.inning}`);
  });

  it('cricket: each innings shows its runs in the batting side column', () => {
    const cricket = rulesForGame('cricket') as SportRules;
    const state = playToEnd(cricket, 2);
    if (state.family !== 'cricket') throw new Error('not cricket');
    const summary = summarize(facts(state), state);
    const [first, second] = state.innings;
    expect(summary.periods[0]).toEqual({
      period: 'INN1',
      home: first?.batting === 'home' ? first.runs : null,
      away: first?.batting === 'away' ? first.runs : null,
    });
    expect(summary.periods[1]?.period).toBe('INN2');
    expect(summary.periods[1]?.[second?.batting ?? 'home']).toBe(second?.runs);
    const live = playFor(cricket, 20 * 60);
    expect(summarize(facts(live), live)).toMatchObject({ period: 'INN1', clock: null });
  });

  it('snooker and esports: frames and maps, a best-of-3 ending at 2 map wins', () => {
    const frames = playToEnd(snooker, 5);
    expect(summarize(facts(frames), frames).periods[0]?.period).toBe('F1');
    const csgo = rulesForGame('csgo') as SportRules;
    const series = playToEnd(csgo, 6, { bestOf: 3 });
    const summary = summarize(facts(series), series);
    expect(summary.periods.map((cell) => cell.period)).toEqual(
      summary.periods.map((_, index) => `M${index + 1}`),
    );
    expect(Math.max(summary.score.home, summary.score.away)).toBe(2);
    const lol = rulesForGame('lol') as SportRules;
    const map = playFor(lol, 10 * 60, { bestOf: 3 });
    expect(summarize(facts(map), map)).toMatchObject({ period: 'M1', clock: null, bestOf: 3 });
    const generic = rulesForGame('rocketleague') as SportRules;
    const games = playToEnd(generic, 7);
    expect(summarize(facts(games), games).periods[0]?.period).toBe('G1');
  });

  it('battle royale: lobby standings instead of home and away', () => {
    const pubg = rulesForGame('pubg') as SportRules;
    const state = playToEnd(pubg, 8);
    if (state.family !== 'battle_royale') throw new Error('not a battle royale');
    const lobbyTeams = Array.from({ length: state.teamCount }, (_, index) => team(100 + index));
    const summary = summarize(facts(state, { home: null, away: null, lobbyTeams }), state);
    expect(summary).toMatchObject({ home: null, away: null, winner: null, periods: [] });
    expect(summary.lobby).toHaveLength(LOBBY_TOP);
    expect(summary.lobby?.[0]).toEqual({
      team: team(100 + (state.standings[0]?.team ?? 0)),
      points: state.standings[0]?.points,
      rank: 1,
    });
    const live = playFor(pubg, 40 * 60);
    expect(summarize(facts(live, { lobbyTeams }), live).period).toBe('G2');
  });

  it('a postponed match shows no live period even when it stopped part-way', () => {
    const state = postpone(playFor(soccer, 20 * 60));
    expect(summarize(facts(state), state)).toMatchObject({ status: 'postponed', period: null, clock: null });
  });
});
