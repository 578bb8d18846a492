import type { FeedSeason, FeedStage } from '../../matches';
import type { MatchOptions, MatchState, SoccerState, SportRules } from '../../sports';
import { createRng, type Rng, rulesForGame } from '../../sports';
import { DAY_MS, isoDate, kickoff, mondayOf, weekdayOf, weekOf } from './calendar';
import type { Week } from './competitions';
import { hashText, mix } from './seeds';
import type { SimCompetition, SimTeam, World } from './world';

/**
 * The fixtures of the simulated world: which matches are played on a UTC day, by whom, when and
 * with which random seed. Everything follows from the seed and the date, so the same day always
 * gets the same matches with the same external ids.
 */
export interface MatchPlan {
  externalId: string;
  world: World;
  rules: SportRules;
  competition: SimCompetition;
  season: FeedSeason;
  stage: FeedStage;
  round: number | null;
  groupName: string | null;
  leg: number | null;
  home: SimTeam | null;
  away: SimTeam | null;
  /** Battle royale: the teams of the lobby, in the state's order. */
  lobby: SimTeam[] | null;
  kickoff: number;
  options: MatchOptions;
  /** Seed of the match's random sequence. */
  seed: number;
  /** League and group matches may be called off; knockout ties are always played. */
  mayBeCalledOff: boolean;
}

/** Long enough to finish any match. */
const TO_THE_END = 7 * 24 * 3600;
const CUP_CYCLE_WEEKS = 16;
const GROUP_MATCHDAYS = 6;
const KNOCKOUT_ROUNDS = ['Round of 16', 'Quarter-finals', 'Semi-finals'] as const;

export interface Planner {
  /** Every match of every game planned on a UTC day. */
  day(day: number): MatchPlan[];
  /** The match played to its end (remembered). */
  finalOf(plan: MatchPlan): MatchState;
  /** Forgets the matches, cup cycles and tournament editions that were over before a day. */
  forgetBefore(day: number): void;
  /** How many finished matches it remembers. */
  remembered(): number;
}

export function createPlanner(seed: number, worlds: readonly World[]): Planner {
  const finals: Finals = new Map();
  const cupCycles = new Map<string, MatchPlan[]>();
  const editions = new Map<string, MatchPlan[]>();

  function forgetBefore(day: number): void {
    const before = day * DAY_MS;
    for (const [externalId, { kickoff }] of finals) if (kickoff < before) finals.delete(externalId);
    for (const cache of [cupCycles, editions]) {
      for (const [key, plans] of cache) {
        if (plans.every((plan) => plan.kickoff < before)) cache.delete(key);
      }
    }
  }

  function day(day: number): MatchPlan[] {
    const plans: MatchPlan[] = [];
    for (const world of worlds) {
      for (const competition of world.competitions) {
        const { schedule } = competition.template;
        if (schedule.kind === 'league') plans.push(...leagueDay(world, competition, schedule, day));
        else if (schedule.kind === 'lobbies') plans.push(...lobbyDay(world, competition, schedule.week, day));
        else if (schedule.kind === 'cup') plans.push(...cupCycleOf(world, competition, day).filter(on(day)));
        else plans.push(...editionOfDay(world, competition, day).filter(on(day)));
      }
    }
    return plans;
  }

  function leagueDay(
    world: World,
    competition: SimCompetition,
    schedule: { teams: number; week: Week },
    day: number,
  ): MatchPlan[] {
    const count = schedule.week[weekdayOf(day)] ?? 0;
    const teams = competition.pool;
    if (count === 0 || teams.length < 2) return [];
    const { season, common } = regularSeason(world, competition, day);
    const half = teams.length / 2;
    const perWeek = schedule.week.reduce((sum, value) => sum + value, 0);
    const weeks = weekOf(day) - weekOf(season.firstDay);
    const plans: MatchPlan[] = [];
    for (let index = 0; index < count; index += 1) {
      let round: number;
      let pair: number;
      if (perWeek % half === 0) {
        // Whole rounds each week, spread over its match days.
        const before = schedule.week.slice(0, weekdayOf(day)).reduce((sum, value) => sum + value, 0);
        const position = weeks * perWeek + before + index;
        round = Math.floor(position / half);
        pair = position % half;
      } else {
        // A round a match day, of which only some pairs play.
        const matchDays =
          weeks * schedule.week.filter((value) => value > 0).length +
          playDaysBefore(schedule.week, weekdayOf(day));
        round = matchDays;
        pair = (matchDays * count + index) % half;
      }
      const [home, away] = roundRobinPair(teams, round, pair);
      plans.push(
        headToHead(seed, common, home, away, kickoff(day, competition.template.hours, index, count), {
          round: (round % (2 * (teams.length - 1))) + 1,
        }),
      );
    }
    return plans;
  }

  function lobbyDay(world: World, competition: SimCompetition, week: Week, day: number): MatchPlan[] {
    const count = week[weekdayOf(day)] ?? 0;
    if (count === 0) return [];
    const { season, common } = regularSeason(world, competition, day);
    const rules = common.rules;
    const teamCount =
      'teamCount' in rules.initial() ? (rules.initial() as { teamCount: number }).teamCount : 16;
    const weeks = weekOf(day) - weekOf(season.firstDay);
    return Array.from({ length: count }, (_, index) => {
      const externalId = `${competition.feed.externalId}:${isoDate(day)}:L${index + 1}`;
      const lobby = shuffled(createRng(mix(seed, hashText(externalId))), competition.pool).slice(
        0,
        teamCount,
      );
      return {
        ...common,
        externalId,
        round: weeks * week.filter((value) => value > 0).length + playDaysBefore(week, weekdayOf(day)) + 1,
        groupName: null,
        leg: null,
        home: null,
        away: null,
        lobby,
        kickoff: kickoff(day, competition.template.hours, index, count),
        options: { teamCount: lobby.length },
        seed: matchSeed(seed, externalId),
        mayBeCalledOff: true,
      };
    });
  }

  /** The cup's cycle that a day falls in: its group matches and its knockout ties. */
  function cupCycleOf(world: World, competition: SimCompetition, day: number): MatchPlan[] {
    const schedule = competition.template.schedule;
    if (schedule.kind !== 'cup') return [];
    const cycle = Math.floor((weekOf(day) - schedule.weekOffset) / CUP_CYCLE_WEEKS);
    const key = `${competition.feed.externalId}:${cycle}`;
    let plans = cupCycles.get(key);
    if (!plans) {
      plans = playCup(seed, finals, world, competition, schedule, cycle);
      cupCycles.set(key, plans);
    }
    return plans;
  }

  function editionOfDay(world: World, competition: SimCompetition, day: number): MatchPlan[] {
    const schedule = competition.template.schedule;
    if (schedule.kind !== 'bracket') return [];
    // An edition takes at most six days from its start day, so a day belongs to one edition.
    return editionOf(world, competition, Math.floor((day - mondayOf(0) - schedule.startDay) / 7));
  }

  function editionOf(world: World, competition: SimCompetition, edition: number): MatchPlan[] {
    const key = `${competition.feed.externalId}:${edition}`;
    let plans = editions.get(key);
    if (!plans) {
      plans = playEdition(world, competition, edition);
      editions.set(key, plans);
    }
    return plans;
  }

  function playEdition(world: World, competition: SimCompetition, edition: number): MatchPlan[] {
    const template = competition.template;
    const schedule = template.schedule;
    if (schedule.kind !== 'bracket') return [];
    const firstDay = mondayOf(0) + edition * 7 + schedule.startDay;
    const season = { ...seasonOfDay('year', firstDay), firstDay };
    const common = base(world, competition, season, {
      key: `e${edition}`,
      name: `Main draw · ${isoDate(firstDay)}`,
      kind: 'knockout',
      ordinal: 1,
    });
    const rng = createRng(mix(seed, hashText(competition.feed.externalId), edition));
    let field = shuffled(rng, competition.pool).slice(0, schedule.size);
    const plans: MatchPlan[] = [];
    for (let round = 0; field.length >= 2; round += 1) {
      const pairs = pairsOf(field);
      const winners: SimTeam[] = [];
      for (const [index, [home, away]] of pairs.entries()) {
        // The first round takes two days; then a round a day.
        const offset = round === 0 ? Math.floor((index * 2) / pairs.length) : round + 1;
        const onDay = round === 0 ? pairs.length / 2 : pairs.length;
        const slot = round === 0 ? index % Math.max(1, onDay) : index;
        const bestOf = schedule.bestOf?.[round] ?? template.bestOf;
        const plan = headToHead(
          seed,
          common,
          home,
          away,
          kickoff(firstDay + offset, template.hours, slot, onDay),
          {
            round: round + 1,
            options: bestOf ? { bestOf } : {},
            mayBeCalledOff: false,
          },
        );
        plans.push(plan);
        const final = playedFinal(finals, plan);
        winners.push('winner' in final && final.winner === 'away' ? away : home);
      }
      field = winners;
    }
    return plans;
  }

  return {
    day,
    finalOf: (plan: MatchPlan) => playedFinal(finals, plan),
    forgetBefore,
    remembered: () => finals.size,
  };
}

/** The final state of every plan played to the end, by its feed id, with its kick-off to forget it by. */
type Finals = Map<string, { state: MatchState; kickoff: number }>;

const on = (day: number) => (plan: MatchPlan) => Math.floor(plan.kickoff / DAY_MS) === day;

function playedFinal(finals: Finals, plan: MatchPlan): MatchState {
  let state = finals.get(plan.externalId)?.state;
  if (!state) {
    state = plan.rules.advance(plan.rules.initial(plan.options), createRng(plan.seed), TO_THE_END).state;
    finals.set(plan.externalId, { state, kickoff: plan.kickoff });
  }
  return state;
}

function base(world: World, competition: SimCompetition, seasonOf: SeasonInfo, stage: StageInfo) {
  const rules = rulesForGame(world.gameId);
  if (!rules) throw new Error(`no rules for game ${world.gameId}`);
  const season: FeedSeason = {
    externalId: `${competition.feed.externalId}:${seasonOf.key}`,
    competitionExternalId: competition.feed.externalId,
    name: seasonOf.name,
    startsOn: seasonOf.startsOn,
    endsOn: seasonOf.endsOn,
    current: true,
    rules: { ...world.setup.rules },
  };
  return {
    world,
    rules,
    competition,
    season,
    stage: {
      externalId: `${season.externalId}:${stage.key}`,
      seasonExternalId: season.externalId,
      name: stage.name,
      kind: stage.kind,
      ordinal: stage.ordinal,
      twoLegged: stage.twoLegged ?? false,
    },
  };
}

function matchSeed(seed: number, externalId: string): number {
  return mix(seed, hashText(externalId));
}

function headToHead(
  seed: number,
  common: ReturnType<typeof base>,
  home: SimTeam,
  away: SimTeam,
  start: number,
  extra: Partial<MatchPlan> & { tag?: string } = {},
): MatchPlan {
  const { tag, ...rest } = extra;
  const externalId = `${common.competition.feed.externalId}:${isoDate(Math.floor(start / DAY_MS))}:${shortId(home)}-${shortId(away)}${tag ?? ''}`;
  const bestOf = common.competition.template.bestOf;
  return {
    ...common,
    externalId,
    round: null,
    groupName: null,
    leg: null,
    home,
    away,
    lobby: null,
    kickoff: start,
    options: bestOf ? { bestOf } : {},
    seed: matchSeed(seed, externalId),
    mayBeCalledOff: true,
    ...rest,
  };
}

function regularSeason(world: World, competition: SimCompetition, day: number) {
  const season = seasonOfDay(world.setup.season, day);
  const stage: StageInfo = { key: 'regular', name: 'Regular season', kind: 'league', ordinal: 1 };
  return { season, common: base(world, competition, season, stage) };
}

function playCup(
  seed: number,
  finals: Finals,
  world: World,
  competition: SimCompetition,
  schedule: { groups: number; days: readonly number[]; finalDay: number; weekOffset: number },
  cycle: number,
): MatchPlan[] {
  const firstWeek = cycle * CUP_CYCLE_WEEKS + schedule.weekOffset;
  const firstDay = mondayOf(firstWeek);
  const season: SeasonInfo = {
    key: `c${cycle}`,
    name: `${isoDate(firstDay).slice(0, 4)}/${isoDate(firstDay + CUP_CYCLE_WEEKS * 7).slice(2, 4)} · ${isoDate(firstDay).slice(5, 7)}`,
    startsOn: isoDate(firstDay),
    endsOn: isoDate(firstDay + CUP_CYCLE_WEEKS * 7 - 1),
    firstDay,
  };
  const rng = createRng(mix(seed, hashText(competition.feed.externalId), cycle));
  // The strongest clubs of each league enter the first cup, the next ones the second.
  const depth = competition.template.rank === 0 ? 0 : 5;
  const byLeague = (competition.template.from ?? []).map((key) =>
    competition.pool
      .filter((team) => team.feed.externalId.startsWith(`${world.setup.slug}:${key}:`))
      .sort((a, b) => b.strength - a.strength)
      .slice(depth, depth + 5),
  );
  const entrants: SimTeam[] = [];
  for (let place = 0; entrants.length < schedule.groups * 4 && place < 5; place += 1) {
    for (const teams of byLeague) {
      const team = teams[place];
      if (team && entrants.length < schedule.groups * 4) entrants.push(team);
    }
  }
  const drawn = shuffled(rng, entrants);
  const groupCount = Math.floor(drawn.length / 4);
  const dayOfSlot = (slot: number, slots: number, week: number) =>
    mondayOf(firstWeek + week) + (schedule.days[Math.floor((slot * schedule.days.length) / slots)] ?? 1);

  const plans: MatchPlan[] = [];
  const groupsCommon = base(world, competition, season, {
    key: 'groups',
    name: 'Group stage',
    kind: 'groups',
    ordinal: 1,
  });
  const tables: { team: SimTeam; points: number; difference: number; scored: number }[][] = [];
  for (let group = 0; group < groupCount; group += 1) {
    const members = drawn.slice(group * 4, group * 4 + 4);
    const table = members.map((team) => ({ team, points: 0, difference: 0, scored: 0 }));
    tables.push(table);
    for (let matchday = 0; matchday < GROUP_MATCHDAYS; matchday += 1) {
      const matchDay = dayOfSlot(group, groupCount, matchday);
      for (let pair = 0; pair < 2; pair += 1) {
        const [home, away] = roundRobinPair(members, matchday, pair);
        const plan = headToHead(
          seed,
          groupsCommon,
          home,
          away,
          kickoff(matchDay, competition.template.hours, pair, 2),
          {
            round: matchday + 1,
            groupName: String.fromCharCode(65 + group),
          },
        );
        plans.push(plan);
        if (fateOf(plan).kind === 'postponed' || fateOf(plan).kind === 'cancelled') continue;
        const final = playedFinal(finals, plan) as SoccerState;
        const rows = [table.find((row) => row.team === home), table.find((row) => row.team === away)];
        const goals = [final.score.home, final.score.away];
        for (const [side, row] of rows.entries()) {
          if (!row) continue;
          const own = goals[side] ?? 0;
          const other = goals[1 - side] ?? 0;
          row.scored += own;
          row.difference += own - other;
          row.points += own > other ? 3 : own === other ? 1 : 0;
        }
      }
    }
  }
  const ranked = tables.map((table) =>
    [...table].sort(
      (a, b) =>
        b.points - a.points ||
        b.difference - a.difference ||
        b.scored - a.scored ||
        b.team.strength - a.team.strength,
    ),
  );
  // Group winners meet the runners-up of the neighbouring group; the runner-up plays at home first.
  let ties: [SimTeam, SimTeam][] = ranked.map((table, group) => [
    ranked[group ^ 1]?.[1]?.team as SimTeam,
    table[0]?.team as SimTeam,
  ]);
  for (const [index, name] of KNOCKOUT_ROUNDS.entries()) {
    if (ties.length < 2) break;
    const common = base(world, competition, season, {
      key: `ko${index + 1}`,
      name,
      kind: 'knockout',
      ordinal: index + 2,
      twoLegged: true,
    });
    const winners: SimTeam[] = [];
    for (const [tie, [first, second]] of ties.entries()) {
      const week = GROUP_MATCHDAYS + index * 2;
      const legOne = headToHead(
        seed,
        common,
        first,
        second,
        kickoff(dayOfSlot(tie, ties.length, week), competition.template.hours, tie % 2, 2),
        {
          round: 1,
          leg: 1,
          mayBeCalledOff: false,
        },
      );
      const legTwo = secondLeg(
        finals,
        headToHead(
          seed,
          common,
          second,
          first,
          kickoff(dayOfSlot(tie, ties.length, week + 1), competition.template.hours, tie % 2, 2),
          {
            round: 1,
            leg: 2,
            mayBeCalledOff: false,
          },
        ),
        playedFinal(finals, legOne) as SoccerState,
      );
      plans.push(legOne, legTwo);
      winners.push(
        tieWinner(
          first,
          second,
          playedFinal(finals, legOne) as SoccerState,
          playedFinal(finals, legTwo) as SoccerState,
        ),
      );
    }
    ties = pairsOf(winners);
  }
  const [finalists] = ties;
  if (finalists) {
    const common = base(world, competition, season, {
      key: 'final',
      name: 'Final',
      kind: 'knockout',
      ordinal: 5,
    });
    const finalDay = mondayOf(firstWeek + GROUP_MATCHDAYS + KNOCKOUT_ROUNDS.length * 2) + schedule.finalDay;
    plans.push(
      headToHead(seed, common, finalists[0], finalists[1], kickoff(finalDay, [19, 19], 0, 1), {
        round: 1,
        options: { knockout: true },
        mayBeCalledOff: false,
      }),
    );
  }
  return plans;
}

/**
 * The second leg of a tie: after a level first leg it is played as a knockout match (extra time
 * and penalties settle a level aggregate); otherwise its random sequence is one that does not
 * leave the aggregate level, which the simulated rules could not settle.
 */
function secondLeg(finals: Finals, plan: MatchPlan, first: SoccerState): MatchPlan {
  if (first.score.home === first.score.away) return { ...plan, options: { knockout: true } };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = { ...plan, seed: mix(plan.seed, attempt) };
    const second = playedFinal(finals, {
      ...candidate,
      externalId: `${plan.externalId}#${attempt}`,
    }) as SoccerState;
    if (first.score.home + second.score.away !== first.score.away + second.score.home) {
      finals.set(plan.externalId, { state: second, kickoff: plan.kickoff });
      return candidate;
    }
  }
  return { ...plan, options: { knockout: true } };
}

interface SeasonInfo {
  key: string;
  name: string;
  startsOn: string;
  endsOn: string;
  firstDay: number;
}

interface StageInfo {
  key: string;
  name: string;
  kind: FeedStage['kind'];
  ordinal: number;
  twoLegged?: boolean;
}

/** The season a day belongs to: from July to June ('2026/27'), or a calendar year. */
function seasonOfDay(style: 'split' | 'year', day: number): SeasonInfo {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  if (style === 'year') {
    return {
      key: String(year),
      name: String(year),
      startsOn: `${year}-01-01`,
      endsOn: `${year}-12-31`,
      firstDay: Date.UTC(year, 0, 1) / DAY_MS,
    };
  }
  const first = date.getUTCMonth() >= 6 ? year : year - 1;
  const name = `${first}/${String((first + 1) % 100).padStart(2, '0')}`;
  return {
    key: name,
    name,
    startsOn: `${first}-07-01`,
    endsOn: `${first + 1}-06-30`,
    firstDay: Date.UTC(first, 6, 1) / DAY_MS,
  };
}

function playDaysBefore(week: Week, weekday: number): number {
  return week.slice(0, weekday).filter((value) => value > 0).length;
}

/**
 * Pair `pair` of round `round` of a double round robin (the circle method); the second half of the
 * rounds repeats the first with home and away swapped.
 */
export function roundRobinPair<T>(teams: readonly T[], round: number, pair: number): [T, T] {
  const size = teams.length;
  const rounds = size - 1;
  const cycle = ((round % (2 * rounds)) + 2 * rounds) % (2 * rounds);
  const inHalf = cycle % rounds;
  const at = (position: number) => (position === 0 ? 0 : ((position - 1 + inHalf) % rounds) + 1);
  const first = teams[at(pair)] as T;
  const second = teams[at(size - 1 - pair)] as T;
  const swap = ((inHalf + pair) % 2 === 1) !== cycle >= rounds;
  return swap ? [second, first] : [first, second];
}

function pairsOf<T>(items: readonly T[]): [T, T][] {
  const pairs: [T, T][] = [];
  for (let index = 0; index + 1 < items.length; index += 2)
    pairs.push([items[index] as T, items[index + 1] as T]);
  return pairs;
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = rng.between(0, index);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function tieWinner(first: SimTeam, second: SimTeam, legOne: SoccerState, legTwo: SoccerState): SimTeam {
  const firstGoals = legOne.score.home + legTwo.score.away;
  const secondGoals = legOne.score.away + legTwo.score.home;
  if (firstGoals !== secondGoals) return firstGoals > secondGoals ? first : second;
  return legTwo.winner === 'away' ? first : second;
}

function shortId(team: SimTeam): string {
  return team.feed.externalId.split(':').slice(1).join('.');
}

/** What happens to a match beside being played. */
export type Fate =
  | { kind: 'normal' }
  | { kind: 'postponed'; announcedAt: number }
  | { kind: 'cancelled'; announcedAt: number }
  | { kind: 'rescheduled'; announcedAt: number; rescheduledAt: number; startsAt: number }
  /** Stopped after `atShare` of its playing time for `seconds` of match time, then resumed. */
  | { kind: 'suspended'; atShare: number; seconds: number };

const fates = new WeakMap<MatchPlan, Fate>();

/** A small share of matches is called off, moved or interrupted. */
export function fateOf(plan: MatchPlan): Fate {
  let fate = fates.get(plan);
  if (!fate) {
    fate = drawFate(plan);
    fates.set(plan, fate);
  }
  return fate;
}

function drawFate(plan: MatchPlan): Fate {
  const rng = createRng(mix(plan.seed, 0xfa7e));
  const roll = rng.next();
  const announcedAt = plan.kickoff - rng.between(2, 36) * 3_600_000;
  if (plan.mayBeCalledOff) {
    if (roll < 0.012) return { kind: 'postponed', announcedAt };
    if (roll < 0.02) return { kind: 'cancelled', announcedAt };
    if (roll < 0.032) {
      return {
        kind: 'rescheduled',
        announcedAt,
        rescheduledAt: announcedAt + rng.between(1, 6) * 3_600_000,
        startsAt: plan.kickoff + rng.between(1, 3) * DAY_MS,
      };
    }
  }
  if (plan.lobby === null && roll > 0.985) {
    return { kind: 'suspended', atShare: 0.2 + rng.next() * 0.6, seconds: rng.between(10, 40) * 60 };
  }
  return { kind: 'normal' };
}
