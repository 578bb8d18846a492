import type { FeedPlayer, IncidentPlayers } from '../../matches';
import type { AttackEvent, MatchExtras } from '../../matches/matches.contract';
import type { HeadToHeadState, Incident, MatchState, Score, Side, SoccerState } from '../../sports';
import { createRng, type Rng } from '../../sports';
import type { MatchPlan } from './schedule';
import { mix } from './seeds';
import type { SimTeam } from './world';

/**
 * What the simulator knows beside the score: lineups, odds with their movement, statistics that
 * agree with the state, and a prediction from the teams' strengths. All of it follows from the
 * plan and the state, so computing it again gives the same answer.
 */

type Lineup = NonNullable<MatchExtras['lineups']>['home'];
type LineupPlayer = Lineup['starters'][number];
type OddsLine = NonNullable<NonNullable<MatchExtras['odds']>['oneXTwo']>;

export type Injured = ReadonlySet<string>;

// Lineups -----------------------------------------------------------------------------------------

interface Placed {
  player: FeedPlayer;
  x: number | null;
  y: number | null;
}

/** A side's lineup with the feed's players, for naming incidents; `publicLineups` is what fans see. */
export interface SimLineup {
  formation: string | null;
  coach: string | null;
  starters: Placed[];
  bench: FeedPlayer[];
}

export type SimLineups = { home: SimLineup; away: SimLineup } | null;

export function lineupsOf(plan: MatchPlan, injured: Injured): SimLineups {
  if (!plan.home || !plan.away) return null;
  return { home: lineupOf(plan, plan.home, injured), away: lineupOf(plan, plan.away, injured) };
}

function lineupOf(plan: MatchPlan, team: SimTeam, injured: Injured): SimLineup {
  const available = team.players.filter((player) => !injured.has(player.externalId));
  const starters: Placed[] = [];
  const take = (position: string | null) => {
    const index = available.findIndex((player) => position === null || player.position === position);
    const [player] = index < 0 ? available.splice(0, 1) : available.splice(index, 1);
    return player;
  };
  if (team.formation) {
    const keeper = take('GK');
    if (keeper) starters.push({ player: keeper, x: 50, y: 5 });
    const lines = team.formation.split('-').map(Number);
    const roles = lineRoles(lines.length);
    for (const [line, count] of lines.entries()) {
      const y = Math.round(20 + (line * 65) / Math.max(1, lines.length - 1));
      for (let slot = 0; slot < count; slot += 1) {
        const player = take(roles[line] ?? 'MF');
        if (player) starters.push({ player, x: Math.round(((slot + 1) * 100) / (count + 1)), y });
      }
    }
  } else {
    const roles = plan.world.setup.starters.length > 0 ? plan.world.setup.starters : [null];
    for (const role of roles) {
      const player = take(role);
      if (player) starters.push({ player, x: null, y: null });
    }
  }
  return {
    formation: team.formation,
    coach: team.coach,
    starters,
    bench: plan.world.setup.slug === 'soccer' ? available.slice(0, 9) : available,
  };
}

/** Defenders, then midfielders, then forwards, whatever the number of lines. */
function lineRoles(lines: number): string[] {
  return ['DF', ...Array.from({ length: Math.max(1, lines - 2) }, () => 'MF'), 'FW'];
}

export function publicLineups(lineups: SimLineups): MatchExtras['lineups'] {
  if (!lineups) return null;
  const side = (lineup: SimLineup): Lineup => ({
    formation: lineup.formation,
    coach: lineup.coach,
    starters: lineup.starters.map(({ player, x, y }) => lineupPlayer(player, x, y)),
    bench: lineup.bench.map((player) => lineupPlayer(player, null, null)),
  });
  return { home: side(lineups.home), away: side(lineups.away) };
}

function lineupPlayer(player: FeedPlayer, x: number | null, y: number | null): LineupPlayer {
  return {
    playerId: null,
    name: player.nickname ?? player.name,
    number: player.shirtNumber ?? null,
    position: player.position ?? null,
    x,
    y,
  };
}

// Incident players --------------------------------------------------------------------------------

/**
 * Who each incident is about, chosen from the lineups in match order (a substitute comes on once,
 * a player taken off or sent off plays no more). Each choice has its own random sequence, so the
 * same incident always names the same player.
 */
export function incidentPlayersOf(plan: MatchPlan, lineups: SimLineups, state: MatchState): IncidentPlayers {
  const named: IncidentPlayers = {};
  if (!lineups) return named;
  const onPitch = {
    home: lineups.home.starters.map((p) => p.player),
    away: lineups.away.starters.map((p) => p.player),
  };
  const bench = { home: [...lineups.home.bench], away: [...lineups.away.bench] };
  for (const incident of state.incidents) {
    if (!incident.side) continue;
    const rng = createRng(mix(plan.seed, incident.seq, 0x1ac));
    const side = incident.side;
    const other: Side = side === 'home' ? 'away' : 'home';
    const choice = choosePlayers(rng, incident, onPitch[side], onPitch[other], bench[side]);
    if (choice) named[incident.seq] = choice;
  }
  return named;
}

const SCORING: Record<string, number> = { FW: 6, MF: 3, DF: 1, GK: 0, QB: 2, RB: 4, WR: 5, TE: 3 };

function choosePlayers(
  rng: Rng,
  incident: Incident,
  own: FeedPlayer[],
  opponents: FeedPlayer[],
  bench: FeedPlayer[],
): { player?: string; secondPlayer?: string } | null {
  const pick = (players: FeedPlayer[], weight: (player: FeedPlayer) => number) => {
    const options = players.map((player) => [player, weight(player)] as const);
    return options.some(([, value]) => value > 0) ? rng.weighted(options) : undefined;
  };
  const scorerWeight = (player: FeedPlayer) => SCORING[player.position ?? ''] ?? 1;
  switch (incident.type) {
    case 'goal':
    case 'penalty_goal':
    case 'penalty_missed':
    case 'touchdown': {
      const scorer = pick(own, scorerWeight);
      const assist =
        incident.type === 'goal' && rng.chance(0.7)
          ? pick(
              own.filter((player) => player !== scorer),
              (player) => (player.position === 'GK' ? 0 : 1),
            )
          : undefined;
      return { player: scorer?.externalId, secondPlayer: assist?.externalId };
    }
    case 'own_goal':
      return { player: pick(opponents, (player) => (player.position === 'DF' ? 4 : 1))?.externalId };
    case 'yellow_card':
    case 'red_card': {
      const carded = pick(own, (player) =>
        player.position === 'GK' ? 0.2 : player.position === 'DF' ? 3 : 2,
      );
      if (carded && incident.type === 'red_card') own.splice(own.indexOf(carded), 1);
      return { player: carded?.externalId };
    }
    case 'substitution': {
      const off = pick(own, (player) => (player.position === 'GK' ? 0 : 1));
      const on = bench.find((player) => player.position !== 'GK') ?? bench[0];
      if (!off || !on) return null;
      own.splice(own.indexOf(off), 1, on);
      bench.splice(bench.indexOf(on), 1);
      return { player: on.externalId, secondPlayer: off.externalId };
    }
    case 'field_goal':
      return { player: (own.find((player) => player.position === 'K') ?? pick(own, () => 1))?.externalId };
    case 'shootout_scored':
    case 'shootout_missed':
    case 'home_run':
    case 'wicket':
    case 'century_break':
    case 'first_blood':
      return {
        player: pick(own, (player) => (player.position === 'GK' || player.position === 'SP' ? 0.1 : 1))
          ?.externalId,
      };
    default:
      return null;
  }
}

// Prediction and odds -----------------------------------------------------------------------------

const HOME_ADVANTAGE = 0.25;
const MARGIN = 1.06;

/** How likely the home side is to win each contest of the match, before it starts. */
export function edgeOf(plan: MatchPlan): number {
  if (!plan.home || !plan.away) return 0;
  const advantage = plan.world.setup.venue ? HOME_ADVANTAGE : 0;
  return plan.home.strength - plan.away.strength + advantage;
}

const logistic = (value: number) => 1 / (1 + Math.exp(-value));
const logit = (probability: number) => Math.log(probability / (1 - probability));
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

interface Chances {
  home: number;
  draw: number | null;
  away: number;
}

function chancesBefore(plan: MatchPlan): Chances {
  const edge = edgeOf(plan);
  const winner = logistic(1.1 * edge);
  if (plan.world.setup.slug !== 'soccer' || plan.options.knockout)
    return { home: winner, draw: null, away: 1 - winner };
  const draw = clamp(0.28 - 0.06 * Math.abs(edge), 0.14, 0.3);
  return { home: (1 - draw) * winner, draw, away: (1 - draw) * (1 - winner) };
}

export function predictionOf(plan: MatchPlan): MatchExtras['prediction'] {
  if (!plan.home || !plan.away) return null;
  const chances = chancesBefore(plan);
  const home = Math.round(chances.home * 100);
  const draw = chances.draw === null ? null : Math.round(chances.draw * 100);
  return { home, draw, away: 100 - home - (draw ?? 0) };
}

/** The share of the match played, from 0 to 1, by the sport's measure. */
function progressOf(state: HeadToHeadState): number {
  if (state.status === 'finished') return 1;
  if (state.status === 'not_started') return 0;
  if ('bestOf' in state) return clamp(state.score.home + state.score.away, 0, state.bestOf) / state.bestOf;
  return clamp(state.elapsedSeconds / (TYPICAL_SECONDS[state.family] ?? 3600), 0, 0.98);
}

const TYPICAL_SECONDS: Record<string, number> = {
  soccer: 95 * 60,
  basketball: 48 * 60,
  american_football: 60 * 60,
  baseball: 130 * 60,
  cricket: 170 * 60,
};

/** How many points a lead is worth, by family: a goal in soccer, a few baskets in basketball. */
const LEAD_UNIT: Record<string, number> = {
  soccer: 1,
  basketball: 8,
  american_football: 7,
  baseball: 2,
  cricket: 25,
};

/** Expected points (goals, baskets, runs, games) of the whole match, for the over/under line. */
function expectedTotal(state: HeadToHeadState): number | null {
  if ('bestOf' in state) return state.bestOf > 1 ? Math.floor(state.bestOf * 0.75) + 0.5 : null;
  const totals: Record<string, number> = {
    soccer: 2.5,
    basketball: 196.5,
    american_football: 44.5,
    baseball: 8.5,
    cricket: 310.5,
  };
  return totals[state.family] ?? null;
}

function chancesNow(plan: MatchPlan, state: HeadToHeadState): Chances {
  const before = chancesBefore(plan);
  const progress = progressOf(state);
  const unit = 'bestOf' in state ? Math.ceil(state.bestOf / 2) / 2 : (LEAD_UNIT[state.family] ?? 1);
  const lead = (state.score.home - state.score.away) / unit;
  if (state.status === 'finished') {
    const winner = state.winner;
    return {
      home: winner === 'home' ? 0.97 : 0.015,
      draw: before.draw === null ? null : winner === null ? 0.97 : 0.015,
      away: winner === 'away' ? 0.97 : 0.015,
    };
  }
  const strength = logit(clamp(before.home / (before.home + before.away), 0.02, 0.98));
  const home = logistic(strength * (1 - progress) + lead * (1 + 4 * progress));
  if (before.draw === null) return { home, draw: null, away: 1 - home };
  // Level late on, the draw becomes the likeliest result.
  const draw = clamp(lead === 0 ? before.draw + 0.6 * progress : before.draw * (1 - progress), 0.02, 0.9);
  return { home: home * (1 - draw), draw, away: (1 - home) * (1 - draw) };
}

const price = (probability: number) =>
  Math.max(1.01, Math.round(100 / (clamp(probability, 0.01, 0.99) * MARGIN)) / 100);

function moneyline(chances: Chances): number[] {
  return chances.draw === null
    ? [price(chances.home), price(chances.away)]
    : [price(chances.home), price(chances.draw), price(chances.away)];
}

/**
 * The markets: 1X2 (home, draw, away; home and away where a match cannot be drawn), a handicap on
 * the home side and an over/under on the total. Opening prices come from strength; the current
 * ones from the score and the time played; the history samples them at each scoring incident.
 */
export function oddsOf(
  plan: MatchPlan,
  state: MatchState,
  startsAt: number,
  speed: number,
): MatchExtras['odds'] {
  if (state.family === 'battle_royale' || !plan.home) return null;
  const opening = state.status === 'not_started' ? state : plan.rules.initial(plan.options);
  if (opening.family === 'battle_royale') return null;
  const line = handicapLine(plan, opening);
  const total = expectedTotal(opening);
  const markets = (current: HeadToHeadState) => ({
    oneXTwo: moneyline(chancesNow(plan, current)),
    handicap: handicapPrices(plan, current, line),
    overUnder: total === null ? null : totalPrices(current, total),
  });
  const open = markets(opening);
  const now = markets(state);
  // One sample per moment: the last incident of a second (a map won and the match finished).
  const samples = state.incidents
    .filter(
      (incident, index) =>
        incident.score &&
        incident.side &&
        state.incidents[index + 1]?.elapsedSeconds !== incident.elapsedSeconds,
    )
    .slice(-HISTORY)
    .map((incident) => ({
      at: startsAt + Math.round((incident.elapsedSeconds * 1000) / speed),
      markets: markets(sampleState(state, incident)),
    }));
  const openedAt = startsAt - 86_400_000;
  const history = (pick: (m: ReturnType<typeof markets>) => number[] | null) => [
    { at: openedAt, values: pick(open) ?? [] },
    ...samples.map((sample) => ({ at: sample.at, values: pick(sample.markets) ?? [] })),
  ];
  const oddsLine = (
    lineValue: number | null,
    pick: (m: ReturnType<typeof markets>) => number[] | null,
  ): OddsLine | null => {
    const first = pick(open);
    const current = pick(now);
    return first && current ? { line: lineValue, opening: first, current, history: history(pick) } : null;
  };
  return {
    oneXTwo: oddsLine(null, (m) => m.oneXTwo),
    handicap: oddsLine(line, (m) => m.handicap),
    overUnder: oddsLine(total, (m) => m.overUnder),
  };
}

const HISTORY = 8;

/** The state as it was at a scoring incident, as far as the odds need it. */
function sampleState(state: HeadToHeadState, incident: Incident): HeadToHeadState {
  return {
    ...state,
    status: 'in_progress',
    score: incident.score as Score,
    elapsedSeconds: incident.elapsedSeconds,
  } as HeadToHeadState;
}

/** The home side's handicap, a half point so that it cannot push. */
function handicapLine(plan: MatchPlan, state: HeadToHeadState): number {
  const edge = edgeOf(plan);
  if ('bestOf' in state) return edge >= 0 ? -1.5 : 1.5;
  const unit = LEAD_UNIT[state.family] ?? 1;
  return -(Math.round(edge * unit) + (edge >= 0 ? 0.5 : -0.5));
}

function handicapPrices(plan: MatchPlan, state: HeadToHeadState, line: number): number[] {
  const chances = chancesNow(plan, state);
  const unit = 'bestOf' in state ? 1 : (LEAD_UNIT[state.family] ?? 1);
  const lean = logit(clamp(chances.home + (chances.draw ?? 0) / 2, 0.02, 0.98));
  const covers = logistic(lean + line / unit);
  return [price(covers), price(1 - covers)];
}

function totalPrices(state: HeadToHeadState, total: number): number[] {
  const sofar = state.score.home + state.score.away;
  const progress = progressOf(state);
  const expected = sofar + total * (1 - progress);
  const spread = Math.max(0.5, total * 0.25 * (1 - progress) + 0.3);
  const over =
    state.status === 'finished' ? (sofar > total ? 0.97 : 0.015) : logistic((expected - total) / spread);
  return [price(over), price(1 - over)];
}

// Statistics --------------------------------------------------------------------------------------

type Statistic = MatchExtras['statistics'][number];

/** Per-match tendencies of each side (how often it shoots, fouls...), steady through the match. */
function tendencies(plan: MatchPlan, side: Side): number {
  return 0.8 + createRng(mix(plan.seed, side === 'home' ? 1 : 2, 0x57a7)).next() * 0.4;
}

/** The statistics so far; soccer's shots and corners are counted from its attacking play. */
export function statisticsOf(
  plan: MatchPlan,
  state: MatchState,
  attacks: readonly AttackEvent[] = [],
): Statistic[] {
  const home = tendencies(plan, 'home');
  const away = tendencies(plan, 'away');
  const row = (key: string, homeValue: number, awayValue: number): Statistic => ({
    key,
    home: homeValue,
    away: awayValue,
  });
  const count = (side: Side, ...types: string[]) =>
    state.incidents.filter((incident) => incident.side === side && types.includes(incident.type)).length;
  const edge = edgeOf(plan);
  switch (state.family) {
    case 'soccer': {
      const minutes = state.elapsedSeconds / 60;
      const share = (rate: number, tendency: number) => Math.floor((rate * tendency * minutes) / 90);
      const attacked = (side: Side, kind: AttackEvent['kind']) =>
        attacks.filter((attack) => attack.side === side && attack.kind === kind).length;
      // A goal is a shot on target too; an own goal is nobody's shot.
      const onTarget = (side: Side) => count(side, 'goal', 'penalty_goal') + attacked(side, 'shot_on_target');
      const sot = { home: onTarget('home'), away: onTarget('away') };
      const shots = (side: Side) => sot[side] + attacked(side, 'shot_off_target');
      const wobble = Math.round(Math.sin(minutes / 7 + (plan.seed % 10)) * 3);
      const possession =
        state.status === 'not_started' ? 50 : clamp(Math.round(50 + 5 * edge + wobble), 28, 72);
      return [
        row('possession', possession, 100 - possession),
        row('shots', shots('home'), shots('away')),
        row('shots_on_target', sot.home, sot.away),
        row('corners', attacked('home', 'corner'), attacked('away', 'corner')),
        row('fouls', share(11, away), share(11, home)),
        row('offsides', share(2, home), share(2, away)),
        row('yellow_cards', (state as SoccerState).yellowCards.home, (state as SoccerState).yellowCards.away),
        row('red_cards', (state as SoccerState).redCards.home, (state as SoccerState).redCards.away),
      ];
    }
    case 'basketball': {
      const minutes = state.elapsedSeconds / 60;
      const shooting = (points: number) => {
        const threes = Math.floor((points * 0.3) / 3);
        const freeThrows = Math.floor(points * 0.17);
        const made = Math.floor((points - freeThrows - 3 * threes) / 2) + threes;
        return { threes, freeThrows, made, attempts: Math.round(made / 0.47) };
      };
      const h = shooting(state.score.home);
      const a = shooting(state.score.away);
      return [
        row('field_goals_made', h.made, a.made),
        row('field_goals_attempted', h.attempts, a.attempts),
        row('three_pointers_made', h.threes, a.threes),
        row('free_throws_made', h.freeThrows, a.freeThrows),
        row('rebounds', Math.floor(minutes * 0.9 * home), Math.floor(minutes * 0.9 * away)),
        row('assists', Math.floor(h.made * 0.6), Math.floor(a.made * 0.6)),
        row('turnovers', Math.floor(minutes * 0.28 * away), Math.floor(minutes * 0.28 * home)),
      ];
    }
    case 'american_football': {
      const minutes = state.elapsedSeconds / 60;
      return [
        row('touchdowns', count('home', 'touchdown'), count('away', 'touchdown')),
        row('field_goals', count('home', 'field_goal'), count('away', 'field_goal')),
        row(
          'total_yards',
          Math.floor(minutes * 5.5 * home) + state.score.home * 3,
          Math.floor(minutes * 5.5 * away) + state.score.away * 3,
        ),
        row('first_downs', Math.floor(minutes * 0.33 * home), Math.floor(minutes * 0.33 * away)),
      ];
    }
    case 'baseball':
      return [
        row('runs', state.score.home, state.score.away),
        row('hits', state.hits.home, state.hits.away),
        row('errors', state.errors.home, state.errors.away),
        row('home_runs', count('home', 'home_run'), count('away', 'home_run')),
      ];
    case 'cricket': {
      const innings = (side: Side) => state.innings.filter((entry) => entry.batting === side);
      const sum = (side: Side, key: 'runs' | 'wickets' | 'extras') =>
        innings(side).reduce((total, entry) => total + entry[key], 0);
      return [
        row('runs', sum('home', 'runs'), sum('away', 'runs')),
        row('wickets', sum('home', 'wickets'), sum('away', 'wickets')),
        row(
          'fours',
          Math.floor((sum('home', 'runs') * 0.25) / 4),
          Math.floor((sum('away', 'runs') * 0.25) / 4),
        ),
        row(
          'sixes',
          Math.floor((sum('home', 'runs') * 0.12) / 6),
          Math.floor((sum('away', 'runs') * 0.12) / 6),
        ),
        row('extras', sum('home', 'extras'), sum('away', 'extras')),
      ];
    }
    case 'tennis': {
      const games = (side: Side) => state.games.reduce((total, set) => total + set[side], 0);
      return [
        row('games', games('home'), games('away')),
        row('breaks', count('home', 'break_of_serve'), count('away', 'break_of_serve')),
        row('aces', Math.floor(games('home') * 0.55 * home), Math.floor(games('away') * 0.55 * away)),
        row('double_faults', Math.floor(games('away') * 0.2 * away), Math.floor(games('home') * 0.2 * home)),
      ];
    }
    case 'volleyball':
    case 'badminton':
    case 'table_tennis': {
      const points = (side: Side) => state.games.reduce((total, game) => total + game[side], 0);
      return [
        row('points', points('home'), points('away')),
        row('games', state.score.home, state.score.away),
      ];
    }
    case 'snooker': {
      const points = (side: Side) => state.games.reduce((total, frame) => total + frame[side], 0);
      return [
        row('frames', state.score.home, state.score.away),
        row('points', points('home'), points('away')),
        row('highest_break', state.highestBreak.home, state.highestBreak.away),
        row('century_breaks', count('home', 'century_break'), count('away', 'century_break')),
      ];
    }
    case 'moba': {
      const map = state.games.at(-1);
      const total = (side: Side) => state.games.reduce((sum, game) => sum + game[side], 0);
      return [
        row('maps', state.score.home, state.score.away),
        row('kills', total('home'), total('away')),
        row('towers', map?.towers.home ?? 0, map?.towers.away ?? 0),
        row('gold', map?.gold.home ?? 0, map?.gold.away ?? 0),
        row('objectives', map?.majorObjectives.home ?? 0, map?.majorObjectives.away ?? 0),
      ];
    }
    case 'tactical_shooter':
    case 'generic': {
      const rounds = (side: Side) => state.games.reduce((sum, game) => sum + game[side], 0);
      return [row('maps', state.score.home, state.score.away), row('rounds', rounds('home'), rounds('away'))];
    }
    default:
      return [];
  }
}
