import { lastOf, type SportRules } from './engine';
import type { MatchOptions, Score, ShooterState, Side } from './model';
import { chooseBestOf, leaderOf, otherSide, type RaceRule, raceWinner } from './scoring';
import { defineSeriesRules } from './series';

export type ShooterOptions = Pick<MatchOptions, 'bestOf'>;

export interface ShooterTitle {
  slug: string;
  /** The side that has won a map at this round score, if any. */
  mapWinner(rounds: Score): Side | null;
  /** A round with the buy or freeze time before it. */
  roundSeconds: readonly [number, number];
}

// Both titles play halves of 12 rounds, so the first to 13 wins in regulation and 12-12 goes to
// overtime; the first round of each half is a pistol round, which levels the economies.
const REGULATION_TARGET = 13;
const OVERTIME_FROM = 12;
const PISTOL_ROUNDS = [1, 13];
// The side that won the last round is richer for the next one.
const MOMENTUM = 0.08;

/**
 * CS2 rules (MR12): first to 13 rounds; at 12-12 overtime is played in blocks of six rounds (MR3)
 * that a team wins at four, and a 3-3 block is followed by another.
 */
export function counterStrikeMapWinner(rounds: Score): Side | null {
  const leader = leaderOf(rounds);
  if (leader === null) return null;
  const leading = rounds[leader];
  const trailing = rounds[otherSide(leader)];
  if (trailing < OVERTIME_FROM) return leading >= REGULATION_TARGET ? leader : null;
  const blockStart = OVERTIME_FROM + 3 * Math.floor((trailing - OVERTIME_FROM) / 3);
  return leading >= blockStart + 4 ? leader : null;
}

// VALORANT Champions Tour rules: first to 13 rounds; from 12-12 a team must lead by two.
const VALORANT_MAP: RaceRule = { target: REGULATION_TARGET, winBy: 2 };

export const SHOOTER_TITLES: readonly ShooterTitle[] = [
  { slug: 'csgo', mapWinner: counterStrikeMapWinner, roundSeconds: [75, 135] },
  { slug: 'valorant', mapWinner: (rounds) => raceWinner(rounds, VALORANT_MAP), roundSeconds: [80, 140] },
];

export function defineShooterRules(title: ShooterTitle): SportRules<ShooterState, ShooterOptions> {
  return defineSeriesRules<ShooterState, ShooterOptions>({
    family: 'tactical_shooter',
    slug: title.slug,
    periodPrefix: 'M',
    gameWon: 'map_won',
    edgeSpread: 0.05,
    initial: (options, series) => ({
      ...series,
      bestOf: chooseBestOf(options?.bestOf, { default: 3, allowed: [1, 3, 5] }),
      lastRoundWinner: null,
    }),
    startGame(draft) {
      draft.games.push({ home: 0, away: 0, winner: null, overtime: false });
      draft.lastRoundWinner = null;
    },
    playContest(draft, rng, record) {
      const map = lastOf(draft.games);
      const round = map.home + map.away + 1;
      const momentum = PISTOL_ROUNDS.includes(round) || draft.lastRoundWinner === null ? 0 : MOMENTUM;
      const homeChance = 0.5 + draft.edge + (draft.lastRoundWinner === 'home' ? momentum : -momentum);
      const winner: Side = rng.chance(homeChance) ? 'home' : 'away';
      map[winner] += 1;
      draft.lastRoundWinner = winner;
      if (!map.overtime && map.home === OVERTIME_FROM && map.away === OVERTIME_FROM) {
        map.overtime = true;
        record({ type: 'overtime_started' });
      }
      map.winner = title.mapWinner(map);
    },
    contestSeconds: (_draft, rng) => rng.between(...title.roundSeconds),
  });
}

export const SHOOTER_RULES = SHOOTER_TITLES.map(defineShooterRules);
