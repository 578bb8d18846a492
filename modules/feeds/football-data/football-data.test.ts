import { existsSync, readFileSync } from 'node:fs';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Fixtures, MatchSink, MatchUpdate, ScoreFeed } from '../../matches/feed';
import type { SoccerState } from '../../sports/model';
import { createFootballDataClient } from './client';
import { createFootballDataFeed } from './feed';
import type { V4CompetitionList, V4Match, V4MatchList, V4Status, V4TeamList } from './format';
import { fixturesOf, SOURCE, stateOf, updateOf } from './mapping';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), 'utf8'));

const competitions = fixture<V4CompetitionList>('competitions');
const squads = [...fixture<V4TeamList>('teams-PL').teams, ...fixture<V4TeamList>('teams-CL').teams];
const listed = fixture<V4MatchList>('matches').matches;
const detail = (id: number) => fixture<V4Match>(`match-${id}`);
const NOW = Date.parse('2026-11-22T14:48:30Z');
const log = pino({ level: 'silent' });

const mapped = fixturesOf({ competitions: competitions.competitions, squads, matches: listed }, NOW);
const matchOf = (id: number) => {
  const match = mapped.matches?.find((m) => m.externalId === String(id));
  if (!match) throw new Error(`no match ${id}`);
  return { ...match, state: match.initial.state as SoccerState };
};

describe('football-data.org v4 responses as fixtures', () => {
  it('maps the competitions, seasons, teams and squads', () => {
    expect(mapped.competitions).toEqual([
      expect.objectContaining({
        externalId: '2021',
        name: 'Premier League',
        shortName: 'PL',
        region: 'GB',
        format: 'league',
        gameId: 202,
      }),
      expect.objectContaining({
        externalId: '2001',
        name: 'UEFA Champions League',
        region: 'EU',
        format: 'cup',
      }),
    ]);
    expect(mapped.seasons).toContainEqual(
      expect.objectContaining({
        externalId: '2403',
        competitionExternalId: '2021',
        name: '2026/27',
        current: true,
      }),
    );
    // Arsenal plays in both competitions: one team, with what its squad listing says of it.
    const arsenal = mapped.teams?.filter((t) => t.externalId === '57');
    expect(arsenal).toEqual([
      expect.objectContaining({
        name: 'Arsenal FC',
        shortName: 'Arsenal',
        founded: 1886,
        venue: 'Emirates Stadium',
      }),
    ]);
    expect(mapped.teams).toHaveLength(5);
    expect(mapped.players?.find((p) => p.externalId === '7801')).toMatchObject({
      teamExternalId: '57',
      position: 'GK',
      birthDate: '1998-05-14',
    });
    expect(new Set(mapped.players?.map((p) => p.position))).toEqual(new Set(['GK', 'DF', 'MF', 'FW']));
  });

  it('maps each match: teams, competition, stage, group and kick-off', () => {
    expect(mapped.matches).toHaveLength(7);
    expect(matchOf(501001)).toMatchObject({
      competitionExternalId: '2021',
      seasonExternalId: '2403',
      homeTeamExternalId: '57',
      awayTeamExternalId: '61',
      round: 12,
      startsAt: new Date('2026-11-21T15:00:00Z'),
    });
    expect(matchOf(502002)).toMatchObject({ groupName: 'B', stageExternalId: '2410:GROUP_STAGE' });
    expect(mapped.stages).toContainEqual(
      expect.objectContaining({
        externalId: '2410:QUARTER_FINALS',
        kind: 'knockout',
        name: 'Quarter finals',
      }),
    );
  });

  it('maps the statuses and scores: finished, live, half-time, not started, postponed, cancelled', () => {
    expect(matchOf(501001).state).toMatchObject({
      status: 'finished',
      score: { home: 3, away: 1 },
      winner: 'home',
      periods: [
        { period: 'H1', home: 1, away: 0 },
        { period: 'H2', home: 2, away: 1 },
      ],
    });
    expect(matchOf(501002).state).toMatchObject({
      status: 'in_progress',
      score: { home: 1, away: 1 },
      winner: null,
      clock: { period: 'H2', minute: 67 },
      periods: [
        { period: 'H1', home: 0, away: 1 },
        { period: 'H2', home: 1, away: 0 },
      ],
    });
    expect(matchOf(502002).state).toMatchObject({
      status: 'in_progress',
      clock: { period: 'H1', minute: 45 },
      periods: [{ period: 'H1', home: 1, away: 0 }],
    });
    expect(matchOf(501003).state).toMatchObject({
      status: 'not_started',
      score: { home: 0, away: 0 },
      periods: [],
    });
    expect(matchOf(501004).initial.status).toBe('postponed');
    expect(matchOf(502003).initial.status).toBe('cancelled');
  });

  it('keeps a shoot-out out of the score: 1-1, 1-1 after extra time, 4-3 on penalties', () => {
    const { state } = matchOf(502001);
    expect(state).toMatchObject({
      status: 'finished',
      knockout: true,
      score: { home: 2, away: 2 },
      winner: 'home',
      shootout: { score: { home: 4, away: 3 } },
    });
    expect(state.periods.map((p) => p.period)).toEqual(['H1', 'H2', 'ET1', 'ET2']);
  });

  it('maps the status of every provider state', () => {
    const base = listed[0] as V4Match;
    const expected: Record<V4Status, string> = {
      SCHEDULED: 'not_started',
      TIMED: 'not_started',
      IN_PLAY: 'in_progress',
      PAUSED: 'in_progress',
      FINISHED: 'finished',
      AWARDED: 'finished',
      SUSPENDED: 'postponed',
      POSTPONED: 'postponed',
      CANCELLED: 'cancelled',
    };
    for (const [status, ours] of Object.entries(expected))
      expect(stateOf({ ...base, status: status as V4Status }, NOW).state.status, status).toBe(ours);
  });
});

describe('a match detail', () => {
  it('brings goals, cards and substitutions in order, with their players and periods', () => {
    const update = updateOf(detail(501001), NOW);
    const state = update.state as SoccerState;
    expect(state.incidents.map((i) => [i.type, i.period, i.side])).toEqual([
      ['goal', 'H1', 'home'],
      ['yellow_card', 'H1', 'away'],
      ['yellow_card', 'H2', 'home'],
      ['penalty_goal', 'H2', 'away'],
      ['substitution', 'H2', 'home'],
      ['substitution', 'H2', 'away'],
      // Credited to the side it counts for.
      ['own_goal', 'H2', 'home'],
      ['red_card', 'H2', 'away'],
      ['goal', 'H2', 'home'],
    ]);
    expect(state.incidents.at(-1)).toMatchObject({
      score: { home: 3, away: 1 },
      elapsedSeconds: (89 + 3) * 60,
    });
    expect(update.incidentPlayers?.[1]).toEqual({ player: '7804', secondPlayer: '7803' });
    expect(update.incidentPlayers?.[5]).toEqual({ player: '7805', secondPlayer: '7804' });
    expect(state).toMatchObject({
      yellowCards: { home: 1, away: 1 },
      redCards: { home: 0, away: 1 },
      substitutions: { home: 1, away: 1 },
    });
  });

  it('splits extra time by the minutes of its goals and lists the shoot-out kicks', () => {
    const state = updateOf(detail(502001), NOW).state as SoccerState;
    expect(state.periods).toEqual([
      { period: 'H1', home: 0, away: 1 },
      { period: 'H2', home: 1, away: 0 },
      { period: 'ET1', home: 1, away: 0 },
      { period: 'ET2', home: 0, away: 1 },
    ]);
    expect(state.shootout?.kicks).toHaveLength(10);
    expect(state.shootout).toMatchObject({ first: 'home', score: { home: 4, away: 3 } });
    expect(state.incidents.at(-1)).toMatchObject({
      type: 'shootout_missed',
      period: 'PEN',
      side: 'away',
      score: { home: 4, away: 3 },
    });
  });
});

/** A sink with the store's rule: an update applies only when its seq is higher than the stored one. */
function sinkDouble() {
  const stored = new Map<string, MatchUpdate>();
  const fixtures: Fixtures[] = [];
  const sink: MatchSink = {
    async upsertFixtures(source, given) {
      expect(source).toBe(SOURCE);
      fixtures.push(given);
      for (const m of given.matches ?? []) {
        const before = stored.get(m.externalId);
        if (!before || before.seq < m.initial.seq) stored.set(m.externalId, m.initial);
      }
    },
    async applyUpdate(_source, update) {
      const before = stored.get(update.externalId);
      if (before && before.seq >= update.seq) return false;
      stored.set(update.externalId, update);
      return true;
    },
  };
  const stateOf = (id: number) => stored.get(String(id))?.state as SoccerState | undefined;
  return { sink, fixtures, stateOf, scoreOf: (id: number) => stateOf(id)?.score };
}

const headers = {
  'content-type': 'application/json',
  'x-requests-available-minute': '9',
  'x-requestcounter-reset': '60',
};

/** A recorded detail where there is one, else the match as listed. */
function detailOrListed(id: number, matches: V4Match[]) {
  return existsSync(new URL(`fixtures/match-${id}.json`, import.meta.url))
    ? detail(id)
    : matches.find((m) => m.id === id);
}

/** The provider as its recorded answers, with the list of matches the test sets. */
function provider(matches: () => V4Match[]) {
  const requests: string[] = [];
  const serve = (async (input: URL | string, init?: RequestInit) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    expect(new Headers(init?.headers).get('x-auth-token')).toBe('secret-token');
    const body =
      url.pathname === '/v4/competitions'
        ? competitions
        : url.pathname.startsWith('/v4/competitions/')
          ? fixture(`teams-${url.pathname.split('/')[3]}`)
          : url.pathname === '/v4/matches'
            ? { resultSet: { count: matches().length }, matches: matches() }
            : detailOrListed(Number(url.pathname.split('/')[3]), matches());
    return new Response(JSON.stringify(body), { headers });
  }) as typeof globalThis.fetch;
  return { fetch: serve, requests };
}

describe('the football-data feed', () => {
  let feed: ScoreFeed | undefined;
  afterEach(() => feed?.stop());

  it('fills the store, then never rolls a match back for an answer older than the one applied', async () => {
    const live = listed.find((m) => m.id === 501002) as V4Match;
    let current: V4Match[] = listed;
    const { fetch, requests } = provider(() => current);
    const { sink, fixtures, scoreOf } = sinkDouble();
    feed = createFootballDataFeed({
      token: 'secret-token',
      baseUrl: 'https://api.test',
      log,
      fetch,
      pollMs: 5,
    });
    await feed.start(sink);
    expect(fixtures[0]?.matches).toHaveLength(7);
    expect(requests.slice(0, 3)).toEqual([
      '/v4/competitions',
      '/v4/competitions/PL/teams',
      '/v4/competitions/CL/teams',
    ]);
    // The window of a week back and ahead, in requests of at most 10 days.
    expect(requests.filter((r) => r.startsWith('/v4/matches?'))).toHaveLength(2);
    expect(scoreOf(501002)).toEqual({ home: 1, away: 1 });

    // A goal: newer lastUpdated, applied.
    const goal = {
      ...live,
      lastUpdated: '2026-11-22T14:52:00Z',
      score: { ...live.score, fullTime: { home: 2, away: 1 } },
    };
    current = [goal];
    await vi.waitFor(() => expect(scoreOf(501002)).toEqual({ home: 2, away: 1 }));

    // A late answer from before the goal reaches the sink too: the stored seq rule ignores it.
    const late = updateOf(live, NOW);
    expect(await sink.applyUpdate(SOURCE, late)).toBe(false);
    current = [live];
    const polls = requests.length;
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(polls + 1));
    expect(scoreOf(501002)).toEqual({ home: 2, away: 1 });
  });

  it('fetches the detail of a match that changed, for its goals and cards', async () => {
    let current: V4Match[] = [];
    const { fetch, requests } = provider(() => current);
    const { sink, stateOf: stored } = sinkDouble();
    feed = createFootballDataFeed({
      token: 'secret-token',
      baseUrl: 'https://api.test',
      log,
      fetch,
      pollMs: 5,
    });
    await feed.start(sink);
    current = listed.filter((m) => m.id === 501001);
    await vi.waitFor(() => expect(stored(501001)?.incidents).toHaveLength(9));
    expect(requests).toContain('/v4/matches/501001');
  });
  it('tries a failed first fill again at the next poll', async () => {
    const { fetch } = provider(() => listed);
    let down = true;
    const flaky = (async (input: URL | string, init?: RequestInit) =>
      down ? new Response('{}', { status: 503 }) : fetch(input, init)) as typeof globalThis.fetch;
    const { sink, fixtures } = sinkDouble();
    feed = createFootballDataFeed({
      token: 'secret-token',
      baseUrl: 'https://api.test',
      log,
      fetch: flaky,
      pollMs: 5,
    });
    await expect(feed.start(sink)).rejects.toThrow(/HTTP 503/);
    down = false;
    await vi.waitFor(() => expect(fixtures[0]?.matches).toHaveLength(7));
  });
});

describe('the rate limit', () => {
  const answer = (status: number, extra: Record<string, string>) =>
    new Response(status === 200 ? '{"ok":true}' : '{"message":"slow down"}', { status, headers: extra });

  /** A client answered in turn by `answers`, recording its waits instead of waiting. */
  function clientAnswering(answers: Response[], retries?: number) {
    const slept: number[] = [];
    const client = createFootballDataClient({
      token: 't',
      baseUrl: 'https://api.test',
      log,
      retries,
      fetch: (async () => answers.shift() ?? answer(429, {})) as unknown as typeof fetch,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    return { client, slept };
  }

  it('waits for the counter to reset after a 429, then retries', async () => {
    const { client, slept } = clientAnswering([
      answer(429, { 'x-requestcounter-reset': '12' }),
      answer(200, { 'x-requests-available-minute': '5' }),
    ]);
    expect(await client.get('/v4/matches')).toEqual({ ok: true });
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(11_000);
    expect(slept[0]).toBeLessThanOrEqual(12_000);
  });

  it('holds the next request when no request is left this minute, and backs off more on each 429', async () => {
    const { client, slept } = clientAnswering([
      answer(200, { 'x-requests-available-minute': '0', 'x-requestcounter-reset': '30' }),
      answer(429, {}),
      answer(429, {}),
      answer(200, {}),
    ]);
    await client.get('/v4/competitions');
    await client.get('/v4/matches');
    expect(slept[0]).toBeGreaterThan(29_000);
    // Without a reset header: 6 s, then 12 s.
    expect(slept.slice(1).map((ms) => Math.round(ms / 1000))).toEqual([6, 12]);
  });

  it('gives up after the retries, so the feed tries again at its next poll', async () => {
    const { client } = clientAnswering([], 1);
    await expect(client.get('/v4/matches')).rejects.toThrow(/HTTP 429/);
  });
});
