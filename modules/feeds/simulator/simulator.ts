import type { Logger } from 'pino';
import type { FeedMatch, FeedSeason, FeedStage, MatchSink, MatchUpdate, ScoreFeed } from '../../matches';
import type { MatchState, MatchStatus } from '../../sports';
import { attacksOf } from './attacks';
import { boxScoreOf } from './box-score';
import { DAY_MS, dayOf, mondayOf, weekOf } from './calendar';
import {
  type Injured,
  incidentPlayersOf,
  lineupsOf,
  oddsOf,
  predictionOf,
  publicLineups,
  type SimLineups,
  statisticsOf,
} from './extras';
import { createPlanner, fateOf, type MatchPlan } from './schedule';
import { type Moment, momentOf, playTo, type Run, seqOf, shownState, startRun } from './timeline';
import { injuriesOf, type SimTeam, worldsFor } from './world';

export interface SimulatorOptions {
  seed: number;
  /** Match-clock seconds per real second: 1 plays in real time; more for demos and tests. */
  speed: number;
  now?: () => number;
  log: Logger;
  /** How often matches in play move on, in milliseconds. */
  tickMs?: number;
  /** Catalogue games another feed brings: the simulator makes no competitions, teams or matches of them. */
  leaveOut?: ReadonlySet<number>;
}

export interface SimulatorFeed extends ScoreFeed {
  /**
   * Sandbox control: plays a match on until its score changes and applies that update; a match
   * not yet started kicks off first (its kick-off brought forward to now). Null when the feed
   * cannot play the match: unknown, over, or postponed or cancelled.
   */
  advanceToNextScore(externalId: string): Promise<MatchUpdate | null>;
}

export const SIMULATOR_SOURCE = 'sim';

/** Days before and after today (UTC) that have fixtures. */
export const WINDOW_DAYS = 7;
/**
 * Players stored in one write (one transaction, about half a second): the embedded database runs
 * one statement at a time, and a page's queries wait behind a longer one.
 */
const PLAYERS_PER_WRITE = 1000;

/** A match the feed may still change: not yet finished, cancelled or postponed for good. */
interface Tracked {
  plan: MatchPlan;
  lineups: SimLineups;
  run: Run | null;
  /** Seconds played ahead of the clock by the sandbox control. */
  bonus: number;
  /** Milliseconds the sandbox control brought the kick-off forward by. */
  early: number;
  seq: number;
  look: string;
  incidents: number;
}

/**
 * The embedded score feed: seeded fixtures for every game of the catalogue but those another feed
 * brings (`leaveOut`), from seven days back to seven days ahead, and real-time play of the matches
 * in progress. Nothing is read back from the store: a restart recomputes each match from its seed
 * at the current time (its state at time t is its initial state played on by the match-clock
 * seconds since kick-off), and the store keeps the later of what it has and what it is sent, by seq.
 */
export function createSimulatorFeed(options: SimulatorOptions): SimulatorFeed {
  const { seed, speed, log } = options;
  const now = options.now ?? Date.now;
  const tickMs = options.tickMs ?? 1000;
  const worlds = worldsFor(seed).filter((world) => !options.leaveOut?.has(world.gameId));
  const planner = createPlanner(seed, worlds);
  const tracked = new Map<string, Tracked>();
  let sink: MatchSink | undefined;
  const filled = new Set<number>();
  let today = Number.NEGATIVE_INFINITY;
  let injured: Injured = new Set();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let starting: Promise<void> | undefined;
  let stopped = false;

  /** Where a match is at a time: as planned, or as far ahead as its kick-off was brought forward. */
  function momentAt(entry: Tracked, time: number): Moment {
    const moment = momentOf(entry.plan, planner, time + entry.early, speed);
    return { ...moment, startsAt: moment.startsAt - entry.early };
  }

  function positionOf(
    entry: Tracked,
    moment: Moment,
  ): { moment: Moment; state: MatchState; status: MatchStatus } {
    if (moment.phase === 'play') {
      const played = moment.played + entry.bonus;
      const final = planner.finalOf(entry.plan);
      if (!entry.run && played >= final.elapsedSeconds) {
        // Played to the end already: the finished match is remembered, no need to replay it.
        return { moment, state: final, status: final.status };
      }
      entry.run ??= startRun(entry.plan);
      playTo(entry.plan, entry.run, played);
      return { moment, ...shownState(entry.plan, moment, entry.run) };
    }
    return { moment, ...shownState(entry.plan, moment, startRun(entry.plan)) };
  }

  function updateOf(entry: Tracked, position: ReturnType<typeof positionOf>, first: boolean): MatchUpdate {
    const { plan } = entry;
    const { moment, state, status } = position;
    const named = incidentPlayersOf(plan, entry.lineups, state);
    const fresh = Object.fromEntries(Object.entries(named).filter(([seq]) => Number(seq) > entry.incidents));
    const attacks = attacksOf(plan, state);
    return {
      externalId: plan.externalId,
      seq: seqOf(moment, state),
      status,
      ...(moment.startsAt !== plan.kickoff ? { startsAt: new Date(moment.startsAt) } : {}),
      state,
      extras: {
        ...(first ? { prediction: predictionOf(plan) } : {}),
        ...(lineupsOut(moment) ? { lineups: publicLineups(entry.lineups) } : {}),
        odds: oddsOf(plan, state, moment.startsAt, speed),
        statistics: statisticsOf(plan, state, attacks),
        ...(attacks ? { attacks } : {}),
      },
      incidentPlayers: fresh,
      ...(status === 'finished' ? { players: boxScoreOf(plan, entry.lineups, state, named) } : {}),
      clockRate: speed,
    };
  }

  /** Remembers what was sent; forgets a match nothing can change any more. */
  function sent(entry: Tracked, update: MatchUpdate): void {
    entry.seq = update.seq;
    entry.look = lookOf(update.status, update.state, update.extras?.lineups !== undefined);
    entry.incidents = update.state.incidents.length;
    const final = fateOf(entry.plan).kind === 'postponed' && update.status === 'postponed';
    if (update.status === 'finished' || update.status === 'cancelled' || final)
      tracked.delete(entry.plan.externalId);
  }

  async function fill(time: number): Promise<void> {
    const day = dayOf(time);
    // Injuries are drawn per week: the squads are written again when a week begins. The squads of
    // the day's teams come first and the others after the day's matches, so that a first start
    // lists the matches in play once a few thousand players are stored, not every one.
    let otherSquads: (() => Promise<void>) | undefined;
    if (weekOf(day) !== weekOf(today)) {
      const squads = squadsOfWeek(day);
      injured = squads.injured;
      const playing = new Set(
        planner
          .day(day)
          .flatMap((plan) => [plan.home, plan.away, ...(plan.lobby ?? [])])
          .flatMap((team) => (team ? [team.feed.externalId] : [])),
      );
      const plays = (team: SimTeam) => playing.has(team.feed.externalId);
      await squads.write(plays, { clubs: true });
      otherSquads = () => squads.write((team) => !plays(team), { clubs: false });
    }
    today = day;
    const started = performance.now();
    let count = 0;
    // Today first, then the days around it: what fans look at most is stored soonest.
    const days = Array.from(
      { length: 2 * WINDOW_DAYS + 1 },
      (_, index) => day + (index % 2 ? 1 : -1) * Math.ceil(index / 2),
    );
    for (const fillDay of days) {
      if (stopped) return;
      // The other days' matches name players of every squad.
      if (otherSquads && fillDay !== day) {
        await otherSquads();
        otherSquads = undefined;
      }
      if (filled.has(fillDay)) continue;
      const matches: FeedMatch[] = [];
      const seasons = new Map<string, FeedSeason>();
      const stages = new Map<string, FeedStage>();
      const entries: [Tracked, MatchUpdate][] = [];
      for (const plan of planner.day(fillDay)) {
        const entry: Tracked = {
          plan,
          lineups: lineupsOf(plan, injured),
          run: null,
          bonus: 0,
          early: 0,
          seq: 0,
          look: '',
          incidents: 0,
        };
        const update = updateOf(entry, positionOf(entry, momentAt(entry, time)), true);
        seasons.set(plan.season.externalId, plan.season);
        stages.set(plan.stage.externalId, plan.stage);
        matches.push({
          externalId: plan.externalId,
          gameId: plan.world.gameId,
          competitionExternalId: plan.competition.feed.externalId,
          seasonExternalId: plan.season.externalId,
          stageExternalId: plan.stage.externalId,
          round: plan.round,
          groupName: plan.groupName,
          leg: plan.leg,
          homeTeamExternalId: plan.home?.feed.externalId ?? null,
          awayTeamExternalId: plan.away?.feed.externalId ?? null,
          lobbyTeamExternalIds: plan.lobby?.map((team) => team.feed.externalId) ?? null,
          startsAt: new Date(plan.kickoff),
          bestOf: 'bestOf' in update.state ? update.state.bestOf : null,
          initial: update,
        });
        entries.push([entry, update]);
      }
      await target().upsertFixtures(SIMULATOR_SOURCE, {
        seasons: [...seasons.values()],
        stages: [...stages.values()],
        matches,
      });
      for (const [entry, update] of entries) {
        tracked.set(entry.plan.externalId, entry);
        sent(entry, update);
      }
      count += matches.length;
      filled.add(fillDay);
    }
    // Matches of days that left the window are no longer played on.
    for (const [externalId, entry] of tracked) {
      if (dayOf(entry.plan.kickoff) < day - WINDOW_DAYS) tracked.delete(externalId);
    }
    for (const old of filled) if (old < day - WINDOW_DAYS) filled.delete(old);
    planner.forgetBefore(day - WINDOW_DAYS);
    if (count > 0)
      log.info({ matches: count, ms: Math.round(performance.now() - started) }, 'simulator fixtures filled');
  }

  /**
   * This week's injuries, and the writing of the squads with them: `write` stores the players of
   * the teams `which` picks, with `clubs` every competition and team first, PLAYERS_PER_WRITE at a
   * time.
   */
  function squadsOfWeek(day: number) {
    const week = weekOf(day);
    const injuries = new Map(
      worlds.flatMap((world) => [...injuriesOf(seed, world, week, new Date(mondayOf(week) * DAY_MS))]),
    );
    async function write(which: (team: SimTeam) => boolean, { clubs }: { clubs: boolean }): Promise<void> {
      const teams = worlds.flatMap((world) => world.teams);
      const players = teams
        .filter(which)
        .flatMap((team) =>
          team.players.map((player) => ({ ...player, injury: injuries.get(player.externalId) ?? null })),
        );
      if (clubs) {
        await target().upsertFixtures(SIMULATOR_SOURCE, {
          competitions: worlds.flatMap((world) => world.competitions.map((competition) => competition.feed)),
          teams: teams.map((team) => team.feed),
        });
      }
      for (let start = 0; start < players.length; start += PLAYERS_PER_WRITE) {
        if (stopped) return;
        await target().upsertFixtures(SIMULATOR_SOURCE, {
          players: players.slice(start, start + PLAYERS_PER_WRITE),
        });
      }
    }
    return { injured: new Set(injuries.keys()) as Injured, write };
  }

  async function tick(): Promise<void> {
    const time = now();
    if (dayOf(time) !== today) await fill(time);
    for (const entry of [...tracked.values()]) {
      if (stopped) return;
      await publishIfChanged(entry, time);
    }
  }

  /** Sends the match's position when a fan would see a difference. */
  async function publishIfChanged(entry: Tracked, time: number): Promise<MatchUpdate | null> {
    const moment = momentAt(entry, time);
    // Nothing to do before kick-off until the match is called off or moved.
    if (moment.phase !== 'play' && moment.seq <= entry.seq) return null;
    const position = positionOf(entry, moment);
    const seq = seqOf(moment, position.state);
    const look = lookOf(position.status, position.state, lineupsOut(moment));
    if (seq <= entry.seq || look === entry.look) return null;
    const update = updateOf(entry, position, false);
    try {
      await target().applyUpdate(SIMULATOR_SOURCE, update);
      sent(entry, update);
      return update;
    } catch (err) {
      log.warn({ err, match: entry.plan.externalId }, 'simulator update not applied');
      return null;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick()
        .catch((err) => log.error({ err }, 'simulator tick failed'))
        .finally(schedule);
    }, tickMs);
  }

  function target(): MatchSink {
    if (!sink) throw new Error('the simulator has not been started');
    return sink;
  }

  return {
    source: SIMULATOR_SOURCE,
    async start(matchSink) {
      sink = matchSink;
      stopped = false;
      starting = fill(now());
      await starting;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A fill under way stops after the day it is storing.
      await Promise.allSettled([starting, ticking]);
    },
    async advanceToNextScore(externalId) {
      const entry = tracked.get(externalId);
      if (!entry) return null;
      const time = now();
      const planned = momentAt(entry, time);
      const fate = fateOf(entry.plan).kind;
      if (planned.phase === 'scheduled' && (fate === 'normal' || fate === 'suspended'))
        entry.early += planned.startsAt - time + Math.ceil(1000 / speed);
      const position = positionOf(entry, momentAt(entry, time));
      const run = entry.run;
      if (!run || position.status !== 'in_progress') return null;
      const before = scoreLook(run.state);
      for (let step = 0; step < 100_000 && scoreLook(run.state) === before; step += 1) {
        if (run.state.status !== 'in_progress') break;
        const seconds = Math.max(1, run.state.secondsToNextEvent);
        entry.bonus += seconds;
        playTo(entry.plan, run, run.played + seconds);
      }
      return publishIfChanged(entry, time);
    },
  };
}

function lineupsOut(moment: Moment): boolean {
  return moment.phase === 'play' || (moment.phase === 'scheduled' && moment.lineups);
}

/** The headline a fan follows: the score, or a lobby's standings. */
function scoreLook(state: MatchState): string {
  return JSON.stringify('score' in state ? state.score : state.standings.map((standing) => standing.points));
}

/**
 * What a fan sees of a match: its status, lineups, score and period, the incidents so far and the
 * sport's live detail (the soccer minute, the points of a game, the outs of an inning...).
 */
function lookOf(status: MatchStatus, state: MatchState, lineups: boolean): string {
  const detail = (() => {
    switch (state.family) {
      case 'soccer':
        return [state.clock.period, state.clock.minute, state.clock.addedMinute];
      case 'basketball':
      case 'american_football':
        return [state.clock.period];
      case 'baseball':
        return [state.inning, state.half, state.outs];
      case 'cricket':
        return state.innings.map((innings) => [innings.runs, innings.wickets]);
      case 'battle_royale':
        return [state.games.length, state.games.at(-1)?.alive.filter((alive) => alive > 0).length];
      case 'tennis':
        return [state.games.at(-1), state.points];
      default:
        return [state.games.at(-1)];
    }
  })();
  return JSON.stringify([status, lineups, scoreLook(state), state.incidents.length, detail]);
}
