import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GAMES } from '../../catalog/catalog.contract';
import type { FeedMatch, MatchSink, MatchUpdate } from '../../matches/feed';
import type { MatchState } from '../../sports/model';
import { rulesForGame } from '../../sports/rules-by-game';
import { DAY_MS, dayOf } from './calendar';
import { GAME_SETUPS } from './competitions';
import { createPlanner, fateOf, type MatchPlan } from './schedule';
import { createSimulatorFeed, type SimulatorFeed, WINDOW_DAYS } from './simulator';
import { momentOf, playTo, shownState, startRun } from './timeline';
import { buildWorld, worldsFor } from './world';

// A Sunday afternoon (UTC): plenty of matches in play.
const NOW = Date.UTC(2026, 10, 22, 14, 30);
const SEED = 7;
const SPEED = 60;
const log = pino({ level: 'silent' });

/** A store in memory that keeps, like the real one, the update with the highest seq. */
function memorySink() {
  const fixtures = new Map<string, FeedMatch>();
  const latest = new Map<string, MatchUpdate>();
  const updates: { at: number; update: MatchUpdate }[] = [];
  const keep = (update: MatchUpdate) => {
    const known = latest.get(update.externalId);
    if (known && known.seq >= update.seq) return false;
    latest.set(update.externalId, update);
    return true;
  };
  const sink: MatchSink = {
    async upsertFixtures(_source, batch) {
      for (const match of batch.matches ?? []) {
        fixtures.set(match.externalId, match);
        keep(match.initial);
      }
    },
    async applyUpdate(_source, update) {
      updates.push({ at: Date.now(), update });
      return keep(update);
    },
  };
  return { sink, fixtures, latest, updates };
}

function finalChecks(state: MatchState): void {
  const rules = rulesForGame(state.gameId);
  expect(rules?.isFinished(state)).toBe(true);
  expect(state.incidents.at(-1)?.type).toBe('match_finished');
  if (state.family === 'battle_royale') {
    expect(state.games).toHaveLength(state.gameCount);
    return;
  }
  if (state.winner !== null) {
    const loser = state.winner === 'home' ? 'away' : 'home';
    if (state.family === 'soccer')
      expect(state.score[state.winner]).toBeGreaterThanOrEqual(state.score[loser]);
    else expect(state.score[state.winner]).toBeGreaterThan(state.score[loser]);
  } else {
    expect(state.score.home).toBe(state.score.away);
  }
}

describe('the simulated world', () => {
  it('is the same for the same seed, names and all, and another for another seed', () => {
    for (const setup of GAME_SETUPS.filter((s) => ['soccer', 'lol', 'tennis'].includes(s.slug))) {
      const once = buildWorld(SEED, setup);
      const again = buildWorld(SEED, setup);
      expect(JSON.stringify(again.teams)).toBe(JSON.stringify(once.teams));
      const other = buildWorld(SEED + 1, setup);
      expect(other.teams.map((team) => team.feed.name)).not.toEqual(once.teams.map((team) => team.feed.name));
    }
  });

  it('keeps every team as it was when a competition is added before the others', () => {
    const soccer = GAME_SETUPS.find((s) => s.slug === 'soccer');
    if (!soccer) throw new Error('no soccer setup');
    const [first] = soccer.competitions;
    if (!first) throw new Error('soccer has no competitions');
    const added = { ...first, key: 'new-league', name: 'New League' };
    const before = buildWorld(SEED, soccer);
    const after = buildWorld(SEED, { ...soccer, competitions: [added, ...soccer.competitions] });
    const names = (world: typeof before) =>
      new Map(world.teams.map((team) => [team.feed.externalId, team.feed.name]));
    const kept = names(after);
    for (const [externalId, name] of names(before)) expect(kept.get(externalId)).toBe(name);
  });

  it('gives teams short names, countries and squads with positions, numbers and birth dates', () => {
    const [soccer] = worldsFor(SEED);
    const team = soccer?.teams[0];
    expect(team?.feed).toMatchObject({ shortName: expect.stringMatching(/^\p{Lu}{3}$/u), country: 'GB' });
    expect(team?.feed.venue).toBeTruthy();
    expect(team?.players.map((player) => player.position)).toContain('GK');
    const numbers = team?.players.map((player) => player.shirtNumber) ?? [];
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(team?.players[0]?.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('names every competition, team and player in Chinese too, from the words of its own name', () => {
    const [soccer] = worldsFor(SEED);
    const team = soccer?.teams[0];
    expect([team?.feed.name, team?.feed.localizedNames]).toEqual([
      'Elmstead Town',
      { zh_CN: '埃尔姆斯特德镇', zh_tw: '埃爾姆斯特德鎮' },
    ]);
    expect([team?.players[0]?.name, team?.players[0]?.localizedNames]).toEqual([
      'Ethan Sheldon',
      { zh_CN: '伊森·谢尔顿', zh_tw: '伊森·謝爾頓' },
    ]);
    // Chinese, Japanese and Korean names are written in their characters, family name first.
    const people = worldsFor(SEED).flatMap((world) => world.teams.flatMap((t) => t.players));
    const chinese = people.find((player) => player.nationality === 'CN');
    expect(chinese?.localizedNames?.zh_CN).toMatch(/^\p{Script=Han}{2,3}$/u);
    for (const world of worldsFor(SEED)) {
      const named = [
        ...world.competitions.map((competition) => competition.feed),
        ...world.teams.map((t) => t.feed),
        ...world.teams.flatMap((t) => t.players),
      ];
      for (const { name, localizedNames } of named) {
        expect(localizedNames?.zh_CN, name).toBeTruthy();
        expect(localizedNames?.zh_tw, name).toBeTruthy();
      }
      for (const { feed } of world.competitions)
        expect(feed.localizedNames?.zh_CN).toMatch(/^\p{Script=Han}/u);
    }
  });

  it('plans the same fixtures, with the same ids and seeds, for the same seed', () => {
    const day = dayOf(NOW);
    const ids = (plans: MatchPlan[]) =>
      plans.map((plan) => `${plan.externalId}/${plan.seed}/${plan.kickoff}`);
    const first = createPlanner(SEED, worldsFor(SEED)).day(day);
    const second = createPlanner(SEED, worldsFor(SEED)).day(day);
    expect(ids(second)).toEqual(ids(first));
    expect(new Set(ids(first)).size).toBe(first.length);
  });
});

describe('the day of matches', () => {
  it('has at least five matches in play at every quarter hour of the UTC day, at real speed', () => {
    const planner = createPlanner(SEED, worldsFor(SEED));
    // A Monday, a Wednesday and a Sunday, with the evening before (its matches run past midnight).
    for (const day of [dayOf(NOW) - 6, dayOf(NOW) - 4, dayOf(NOW)]) {
      const played = [day - 1, day].flatMap((planned) =>
        planner.day(planned).flatMap((plan) => {
          const fate = fateOf(plan);
          if (fate.kind === 'postponed' || fate.kind === 'cancelled') return [];
          const start = fate.kind === 'rescheduled' ? fate.startsAt : plan.kickoff;
          const held = fate.kind === 'suspended' ? fate.seconds : 0;
          return [{ start, end: start + (planner.finalOf(plan).elapsedSeconds + held) * 1000 }];
        }),
      );
      for (let quarter = 0; quarter < 96; quarter += 1) {
        const time = day * DAY_MS + quarter * 900_000;
        const inPlay = played.filter(({ start, end }) => start < time && time < end).length;
        expect(inPlay, new Date(time).toISOString()).toBeGreaterThanOrEqual(5);
      }
    }
  });
});

describe('the league tables', () => {
  it('always have a series in play: a table somewhere moves at every quarter hour of the UTC day', () => {
    for (const seed of [1, SEED]) {
      const planner = createPlanner(seed, worldsFor(seed));
      for (let day = dayOf(NOW) - 7; day <= dayOf(NOW) + 7; day += 1) {
        const series = [day - 1, day].flatMap((planned) =>
          planner.day(planned).flatMap((plan) => {
            const fate = fateOf(plan);
            if (fate.kind === 'postponed' || fate.kind === 'cancelled') return [];
            if (!plan.options.bestOf || plan.stage.kind === 'knockout') return [];
            const start = fate.kind === 'rescheduled' ? fate.startsAt : plan.kickoff;
            const held = fate.kind === 'suspended' ? fate.seconds : 0;
            return [{ start, end: start + (planner.finalOf(plan).elapsedSeconds + held) * 1000 }];
          }),
        );
        for (let quarter = 0; quarter < 96; quarter += 1) {
          const time = day * DAY_MS + quarter * 900_000;
          const inPlay = series.filter(({ start, end }) => start < time && time < end).length;
          expect(inPlay, `seed ${seed}, ${new Date(time).toISOString()}`).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });
});

describe('the planner', () => {
  it('forgets the matches that left the window, so its memory stays bounded as days pass', () => {
    const planner = createPlanner(SEED, worldsFor(SEED));
    const today = dayOf(NOW);
    for (let day = today; day < today + 30; day += 1)
      for (const plan of planner.day(day)) planner.finalOf(plan);
    const month = planner.remembered();
    planner.forgetBefore(today + 30 - (2 * WINDOW_DAYS + 1));
    expect(planner.remembered()).toBeLessThan(month * 0.6);
  });
});

describe('a restart on another day', () => {
  /** What a feed started at `now` writes: fixtures, and teams and players by external id. */
  async function startedAt(now: number, leaveOut?: ReadonlySet<number>) {
    const matches = new Map<string, FeedMatch>();
    const names = new Map<string, string>();
    const sink: MatchSink = {
      async upsertFixtures(_source, batch) {
        for (const match of batch.matches ?? []) matches.set(match.externalId, match);
        for (const team of batch.teams ?? []) names.set(team.externalId, JSON.stringify(team));
        for (const { injury: _, ...player } of batch.players ?? [])
          names.set(player.externalId, JSON.stringify(player));
        for (const competition of batch.competitions ?? [])
          names.set(competition.externalId, JSON.stringify(competition));
      },
      async applyUpdate() {
        return true;
      },
    };
    const feed = createSimulatorFeed({ seed: SEED, speed: 1, now: () => now, log, leaveOut });
    await feed.start(sink);
    await feed.stop();
    return { matches, names };
  }

  it('leaves out the games another feed brings: no competitions, teams, players or matches of them', async () => {
    const { matches, names } = await startedAt(NOW, new Set([1, 202]));
    const games = new Set([...matches.values()].map((match) => match.gameId));
    expect(games.has(1)).toBe(false);
    expect(games.has(202)).toBe(false);
    expect(games.has(2)).toBe(true);
    const named = [...names.values()].map((json) => (JSON.parse(json) as { gameId: number }).gameId);
    expect(named.filter((gameId) => gameId === 1 || gameId === 202)).toEqual([]);
  }, 120_000);

  it("stores the day's matches once their teams' squads are, before every other squad, a thousand players a write at most", async () => {
    const writes: { players: string[]; matches: FeedMatch[] }[] = [];
    const sink: MatchSink = {
      async upsertFixtures(_source, batch) {
        writes.push({
          players: (batch.players ?? []).flatMap((player) => player.teamExternalId ?? []),
          matches: batch.matches ?? [],
        });
      },
      async applyUpdate() {
        return true;
      },
    };
    const feed = createSimulatorFeed({ seed: SEED, speed: 1, now: () => NOW, log });
    await feed.start(sink);
    await feed.stop();

    const stored = new Set<string>();
    const unsquadded: string[] = [];
    for (const write of writes) {
      expect(write.players.length).toBeLessThanOrEqual(1000);
      for (const team of write.players) stored.add(team);
      for (const match of write.matches) {
        const teams = [
          match.homeTeamExternalId,
          match.awayTeamExternalId,
          ...(match.lobbyTeamExternalIds ?? []),
        ];
        for (const team of teams)
          if (team && !stored.has(team)) unsquadded.push(`${match.externalId} ${team}`);
      }
    }
    expect(unsquadded).toEqual([]);
    const firstDay = writes.findIndex((write) => write.matches.length > 0);
    const lastSquad = writes.findLastIndex((write) => write.players.length > 0);
    expect(firstDay).toBeLessThan(lastSquad);
  }, 120_000);

  it('writes the same names, teams, players and fixtures for the same external ids', async () => {
    const first = await startedAt(NOW);
    const later = await startedAt(NOW + 2 * DAY_MS + 3_600_000);
    const fixture = (match: FeedMatch) => {
      const { initial: _, ...rest } = match;
      return JSON.stringify(rest);
    };
    const shared = [...first.matches.keys()].filter((id) => later.matches.has(id));
    expect(shared.length).toBeGreaterThan(2000);
    for (const id of shared) {
      const [one, two] = [first.matches.get(id), later.matches.get(id)];
      if (!one || !two) continue;
      expect(fixture(two), id).toBe(fixture(one));
      expect(two.initial.seq, id).toBeGreaterThanOrEqual(one.initial.seq);
    }
    for (const [id, named] of first.names) expect(later.names.get(id), id).toBe(named);
  }, 120_000);
});

describe('the simulator feed', () => {
  let feed: SimulatorFeed;
  let fillMs = 0;
  const store = memorySink();

  beforeAll(async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    feed = createSimulatorFeed({ seed: SEED, speed: SPEED, now: () => Date.now(), log });
    const started = performance.now();
    await feed.start(store.sink);
    fillMs = performance.now() - started;
  }, 120_000);

  afterAll(async () => {
    await feed.stop();
    vi.useRealTimers();
  });

  it('fills the window with a believable number of matches, every game on every day', () => {
    // The simulator's own share of the start-up fill (the store's writes come on top).
    expect(fillMs).toBeLessThan(10_000);
    const matches = [...store.fixtures.values()];
    expect(matches.length).toBeGreaterThan(1500);
    expect(matches.length).toBeLessThan(4000);
    const today = dayOf(NOW);
    for (const game of GAMES) {
      const days = new Set(
        matches.filter((m) => m.gameId === game.id).map((m) => dayOf(m.startsAt.getTime())),
      );
      for (let day = today - WINDOW_DAYS; day <= today + WINDOW_DAYS; day += 1) {
        expect(days.has(day), `${game.slug} on day ${day - today}`).toBe(true);
      }
    }
  });

  it('has played past matches to the end, each with a legal final state', () => {
    // Kicked off at least half a day ago, where a rescheduled match was moved to.
    const past = [...store.fixtures.values()].filter(
      (m) => (m.initial.startsAt ?? m.startsAt).getTime() < NOW - DAY_MS / 2,
    );
    const played = past.filter((m) => m.initial.status !== 'postponed' && m.initial.status !== 'cancelled');
    expect(played.length).toBeGreaterThan(1000);
    for (const match of played) {
      const { status, state, seq } = match.initial;
      expect(status, match.externalId).toBe('finished');
      finalChecks(state);
      expect(seq).toBe(10 + 4 * state.elapsedSeconds);
    }
  });

  it('calls some matches off before kick-off, and those never start', () => {
    const statuses = [...store.fixtures.values()].map((m) => m.initial.status);
    expect(statuses).toContain('postponed');
    expect(statuses).toContain('cancelled');
    const planner = createPlanner(SEED, worldsFor(SEED));
    const plans = Array.from({ length: 2 * WINDOW_DAYS + 1 }, (_, i) =>
      planner.day(dayOf(NOW) + i - WINDOW_DAYS),
    ).flat();
    const calledOff = plans.filter((plan) => ['postponed', 'cancelled'].includes(fateOf(plan).kind));
    expect(calledOff.length).toBeGreaterThan(5);
    for (const plan of calledOff) {
      for (const later of [1, 6, 48]) {
        expect(momentOf(plan, planner, plan.kickoff + later * 3_600_000, 1).phase).not.toBe('play');
      }
    }
    const rescheduled = plans.find((plan) => fateOf(plan).kind === 'rescheduled');
    const fate = rescheduled && fateOf(rescheduled);
    if (!rescheduled || fate?.kind !== 'rescheduled') throw new Error('no match was rescheduled');
    expect(momentOf(rescheduled, planner, rescheduled.kickoff + 60_000, 1).phase).not.toBe('play');
    expect(momentOf(rescheduled, planner, fate.startsAt + 60_000, 1)).toMatchObject({
      phase: 'play',
      startsAt: fate.startsAt,
    });
  });

  it('suspends a few matches during play and resumes them where they stopped', () => {
    const planner = createPlanner(SEED, worldsFor(SEED));
    const plans = Array.from({ length: 7 }, (_, i) => planner.day(dayOf(NOW) - i)).flat();
    const plan = plans.find((candidate) => fateOf(candidate).kind === 'suspended');
    const fate = plan && fateOf(plan);
    if (!plan || fate?.kind !== 'suspended') throw new Error('no match was suspended');
    const stopsAt = Math.max(1, Math.floor(fate.atShare * planner.finalOf(plan).elapsedSeconds));
    const at = (seconds: number) => {
      const moment = momentOf(plan, planner, plan.kickoff + seconds * 1000, 1);
      const run = startRun(plan);
      if (moment.phase === 'play') playTo(plan, run, moment.played);
      return shownState(plan, moment, run).state;
    };
    const before = at(stopsAt - 1);
    const during = at(stopsAt + fate.seconds / 2);
    const after = at(stopsAt + fate.seconds + 60);
    expect([before.status, during.status, after.status]).toEqual(['in_progress', 'postponed', 'in_progress']);
    expect(during.elapsedSeconds).toBe(stopsAt);
    expect(after.elapsedSeconds).toBe(stopsAt + 60);
  });

  it('plays matches on in real time: growing seq, goals, and a restart that catches up exactly', async () => {
    const fromFill = new Map(store.latest);
    for (let second = 0; second < 30; second += 1) await vi.advanceTimersByTimeAsync(1000);
    const end = Date.now();

    expect(store.updates.length).toBeGreaterThan(30);
    const lastSeq = new Map([...fromFill].map(([id, update]) => [id, update.seq]));
    let scoreChanges = 0;
    for (const { update } of store.updates) {
      expect(update.seq).toBeGreaterThan(lastSeq.get(update.externalId) ?? 0);
      expect(update.clockRate).toBe(SPEED);
      const before = store.fixtures.get(update.externalId)?.initial.state;
      if (before && 'score' in before && 'score' in update.state) {
        if (JSON.stringify(update.state.score) !== JSON.stringify(before.score)) scoreChanges += 1;
      }
      lastSeq.set(update.externalId, update.seq);
    }
    expect(scoreChanges).toBeGreaterThan(0);
    const postponedNeverPlay = store.updates.filter(({ update }) =>
      ['cancelled'].includes(store.fixtures.get(update.externalId)?.initial.status ?? ''),
    );
    expect(postponedNeverPlay).toEqual([]);

    // A second feed started now computes each match afresh: it must land where the first one is.
    const restarted = memorySink();
    const again = createSimulatorFeed({ seed: SEED, speed: SPEED, now: () => end, log });
    await again.start(restarted.sink);
    await again.stop();
    // Matches that changed in the last tick: exactly the same state; the others at least as far.
    const justUpdated = store.updates.filter(({ at }) => at === end).map(({ update }) => update);
    expect(justUpdated.length).toBeGreaterThan(0);
    for (const update of justUpdated) {
      const fresh = restarted.latest.get(update.externalId);
      expect(fresh?.seq, update.externalId).toBe(update.seq);
      expect(fresh?.state).toEqual(update.state);
    }
    for (const [externalId, update] of store.latest) {
      expect(restarted.latest.get(externalId)?.seq, externalId).toBeGreaterThanOrEqual(update.seq);
    }
  }, 120_000);

  it('plays a match in progress on to its next score change on request', async () => {
    const live = [...store.latest.values()].find(
      (update) => update.status === 'in_progress' && update.state.family === 'soccer',
    );
    if (!live || !('score' in live.state)) throw new Error('no soccer match in play');
    const before = live.state.score;
    const update = await feed.advanceToNextScore(live.externalId);
    expect(update && 'score' in update.state ? update.state.score : null).not.toEqual(before);
    expect(update?.seq).toBeGreaterThan(live.seq);
    expect(await feed.advanceToNextScore('no-such-match')).toBeNull();
  });

  it('kicks a match not yet started off on request, and plays it on to the end', async () => {
    const upcoming = [...store.latest.values()].find(
      (update) => update.status === 'not_started' && update.state.family === 'soccer' && update.seq === 1,
    );
    if (!upcoming) throw new Error('no soccer match to come');
    const kickedOff = await feed.advanceToNextScore(upcoming.externalId);
    expect(kickedOff?.status).toBe('in_progress');
    // The match kicked off now, not at its planned time.
    expect(kickedOff?.startsAt?.getTime()).toBeLessThanOrEqual(Date.now());
    let last = kickedOff;
    for (let call = 0; call < 30 && last?.status === 'in_progress'; call++)
      last = await feed.advanceToNextScore(upcoming.externalId);
    expect(last?.status).toBe('finished');
    expect(await feed.advanceToNextScore(upcoming.externalId)).toBeNull();
  });
});
