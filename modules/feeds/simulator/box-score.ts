import type { FeedMatchPlayer, FeedPlayer, IncidentPlayers } from '../../matches';
import type { HeadToHeadState, MatchState, Score, Side } from '../../sports';
import { createRng, type Rng } from '../../sports';
import type { SimLineup, SimLineups } from './extras';
import type { MatchPlan } from './schedule';
import { mix } from './seeds';

/**
 * Who played a finished match and what each did, agreeing with its state: soccer goals, assists
 * and cards are the incidents' named players', a side's points, runs or kills add up to its score,
 * one side's deaths are the other's kills. Deterministic: the plan's seed draws the rest.
 */
export function boxScoreOf(
  plan: MatchPlan,
  lineups: SimLineups,
  state: MatchState,
  named: IncidentPlayers,
): FeedMatchPlayer[] | undefined {
  if (!lineups || state.status !== 'finished' || state.family === 'battle_royale') return undefined;
  const rng = createRng(mix(plan.seed, 0xb0c5));
  const box = (['home', 'away'] as const).flatMap((side) => sideOf(rng, side, lineups[side], state, named));
  return box.map(({ player, side, starter, stats }) => ({ player: player.externalId, side, starter, stats }));
}

interface Line {
  player: FeedPlayer;
  side: Side;
  starter: boolean;
  stats: Record<string, number>;
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** `total` in whole parts by weight, the remainders to the largest fractions: the parts add up to it. */
export function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  const order = exact
    .map((value, index) => [value - Math.floor(value), index] as const)
    .sort((a, b) => b[0] - a[0]);
  for (let left = total - parts.reduce((a, b) => a + b, 0), at = 0; left > 0; left -= 1, at += 1) {
    const index = order[at % order.length]?.[1] ?? 0;
    parts[index] = (parts[index] ?? 0) + 1;
  }
  return parts;
}

/** Random weights, one per player, a starter's heavier. */
const weightsOf = (rng: Rng, lines: Line[]) =>
  lines.map((line) => (line.starter ? 1 : 0.4) * (0.3 + rng.next()));

/** Each player's share of `total`, written under `key`; none over `cap` while others have room. */
function share(
  rng: Rng,
  lines: Line[],
  key: string,
  total: number,
  weigh = weightsOf(rng, lines),
  cap = Infinity,
) {
  for (const [index, part] of capped(split(total, weigh), cap).entries()) {
    const line = lines[index];
    if (line) line.stats[key] = part;
  }
}

/** Parts over `cap` moved to the others, the least first. */
function capped(parts: number[], cap: number): number[] {
  const out = [...parts];
  for (let index = 0; index < out.length; index += 1) {
    while ((out[index] ?? 0) > cap) {
      const least = out.indexOf(Math.min(...out));
      if ((out[least] ?? 0) >= cap) return out;
      out[index] = (out[index] ?? 0) - 1;
      out[least] = (out[least] ?? 0) + 1;
    }
  }
  return out;
}

/** Kills, deaths and assists of a map sport, and a rating from them. */
function fights(rng: Rng, lines: Line[], kills: number, deaths: number, rounds: number | null) {
  share(rng, lines, 'kills', kills);
  // A shooter dies at most once a round.
  share(
    rng,
    lines,
    'deaths',
    deaths,
    lines.map(() => 0.6 + rng.next()),
    rounds ?? Infinity,
  );
  for (const line of lines) {
    const { kills: k = 0, deaths: d = 0 } = line.stats;
    line.stats.assists = Math.round(Math.min(kills, (kills - k) * (0.25 + 0.3 * rng.next())));
    // HLTV-like around 1.0 for shooters (kills and survival per round); KDA-based for MOBAs.
    const rating =
      rounds === null
        ? 0.5 + Math.min(1.5, (k + 0.5 * (line.stats.assists ?? 0)) / Math.max(1, d) / 4)
        : 0.5 * (k / Math.max(1, rounds) / 0.68) + 0.5 * ((rounds - d) / Math.max(1, rounds) / 0.32);
    line.stats.rating = Math.round(rating * 100) / 100;
  }
}

/** Counts of incidents of some types by the named player (or second player). */
function countNamed(state: MatchState, named: IncidentPlayers, types: string[], second = false) {
  const counts = new Map<string, number>();
  for (const incident of state.incidents) {
    if (!types.includes(incident.type)) continue;
    const who = second ? named[incident.seq]?.secondPlayer : named[incident.seq]?.player;
    if (who) counts.set(who, (counts.get(who) ?? 0) + 1);
  }
  return counts;
}

function sideOf(
  rng: Rng,
  side: Side,
  lineup: SimLineup,
  state: HeadToHeadState,
  named: IncidentPlayers,
): Line[] {
  const score: Score = state.score;
  const starters: Line[] = lineup.starters.map(({ player }) => ({ player, side, starter: true, stats: {} }));
  const bench = (count: number): Line[] =>
    lineup.bench.slice(0, count).map((player) => ({ player, side, starter: false, stats: {} }));
  switch (state.family) {
    case 'soccer': {
      // Minutes as box scores count them: added time is not counted, extra time is.
      const minutes = state.periods.length > 2 ? 120 : 90;
      const off = new Map<string, number>();
      const on = new Map<string, number>();
      for (const incident of state.incidents) {
        const sub =
          incident.type === 'substitution' && incident.side === side ? named[incident.seq] : undefined;
        const minute = Math.min(minutes - 1, Math.round(incident.elapsedSeconds / 60));
        if (sub?.player) on.set(sub.player, minute);
        if (sub?.secondPlayer) off.set(sub.secondPlayer, minute);
      }
      const lines = [
        ...starters,
        ...lineup.bench.flatMap((player) =>
          on.has(player.externalId) ? [{ player, side, starter: false, stats: {} }] : [],
        ),
      ];
      const goals = countNamed(state, named, ['goal', 'penalty_goal']);
      const assists = countNamed(state, named, ['goal'], true);
      const yellow = countNamed(state, named, ['yellow_card']);
      const red = countNamed(state, named, ['red_card']);
      for (const line of lines) {
        const id = line.player.externalId;
        const from = on.get(id) ?? 0;
        line.stats = {
          minutes: Math.max(1, (off.get(id) ?? minutes) - from),
          goals: goals.get(id) ?? 0,
          assists: assists.get(id) ?? 0,
          yellowCards: yellow.get(id) ?? 0,
          redCards: red.get(id) ?? 0,
        };
      }
      return lines;
    }
    case 'basketball': {
      const lines = [...starters, ...bench(4)];
      share(rng, lines, 'points', score[side]);
      share(rng, lines, 'rebounds', rng.between(35, 52));
      share(rng, lines, 'assists', rng.between(18, 30));
      share(rng, lines, 'minutes', Math.round(state.elapsedSeconds / 60) * 5);
      return lines;
    }
    case 'american_football': {
      const touchdowns = countNamed(state, named, ['touchdown']);
      const scoring = starters.filter((line) =>
        ['QB', 'RB', 'WR', 'TE'].includes(line.player.position ?? ''),
      );
      share(rng, scoring, 'yards', rng.between(220, 460));
      for (const line of scoring) line.stats.touchdowns = touchdowns.get(line.player.externalId) ?? 0;
      return scoring;
    }
    case 'baseball': {
      const homeRuns = countNamed(state, named, ['home_run']);
      share(rng, starters, 'hits', state.hits[side]);
      share(rng, starters, 'runs', score[side]);
      for (const line of starters) line.stats.homeRuns = homeRuns.get(line.player.externalId) ?? 0;
      return starters;
    }
    case 'cricket': {
      const batted = state.innings.filter((innings) => innings.batting === side);
      const bowled = state.innings.filter((innings) => innings.batting === other(side));
      const bowlers = starters.map((line) => (['BOWL', 'AR'].includes(line.player.position ?? '') ? 1 : 0));
      share(
        rng,
        starters,
        'runs',
        batted.reduce((sum, innings) => sum + innings.runs - innings.extras, 0),
      );
      share(
        rng,
        starters,
        'wickets',
        bowled.reduce((sum, innings) => sum + innings.wickets, 0),
        bowlers,
      );
      return starters;
    }
    case 'volleyball':
      share(
        rng,
        starters,
        'points',
        state.games.reduce((sum, game) => sum + game[side], 0),
      );
      return starters;
    case 'snooker': {
      const centuries = state.incidents.filter((i) => i.type === 'century_break' && i.side === side).length;
      return starters.slice(0, 1).map((line) => ({
        ...line,
        stats: { centuries, highestBreak: state.highestBreak[side] },
      }));
    }
    case 'moba': {
      const kills = (of: Side) => state.games.reduce((sum, map) => sum + map[of], 0);
      fights(rng, starters, kills(side), kills(other(side)), null);
      return starters;
    }
    case 'tactical_shooter': {
      const rounds = state.games.reduce((sum, map) => sum + map.home + map.away, 0);
      const won = (of: Side) => state.games.reduce((sum, map) => sum + map[of], 0);
      // A round won takes about four kills of the five, a round lost about two.
      const kills = (of: Side) => Math.min(5 * rounds, won(of) * 4 + won(other(of)) * 2);
      fights(rng, starters, kills(side), kills(other(side)), rounds);
      return starters;
    }
    default:
      return starters;
  }
}
