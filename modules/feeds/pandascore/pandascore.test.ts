import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { FeedMatch, Fixtures, MatchSink, MatchUpdate, ScoreFeed } from '../../matches/feed';
import type { GenericState, MobaState, SeriesState, ShooterState } from '../../sports/model';
import { createPandaScoreClient } from './client';
import { createPandaScoreFeed } from './feed';
import type { PsMatch } from './format';
import { gameOfFrame } from './frames';
import { chosenGames, PANDASCORE_GAMES } from './games';
import { fixturesOf, type MatchTrack, SOURCE, seqOf, trackOf } from './mapping';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), 'utf8'));

const upcoming = fixture<PsMatch[]>('matches-upcoming');
const running = fixture<PsMatch[]>('matches-running');
const past = fixture<PsMatch[]>('matches-past');
const csFrames = fixture<unknown[]>('frames-cs');
const csEvents = fixture<unknown[]>('events-cs');
const dotaFrames = fixture<unknown[]>('frames-dota');
const NOW = Date.parse('2026-11-22T15:00:00Z');
const TOKEN = 'secret-token';
const CS_MATCH = 1201001;
const CS_MAP_2 = 120100102;
const DOTA_MATCH = 1301001;
const ALL_GAMES = new Set(PANDASCORE_GAMES.map((game) => game.gameId));

const byId = (id: number): PsMatch => {
  const match = [...upcoming, ...running, ...past].find((m) => m.id === id);
  if (!match) throw new Error(`no match ${id}`);
  return structuredClone(match);
};
const tracked = (m: PsMatch): MatchTrack => {
  const track = trackOf(m, ALL_GAMES);
  if (!track) throw new Error(`match ${m.id} is not tracked`);
  return track;
};

describe('PandaScore matches as fixtures', () => {
  const tracks = [...upcoming, ...running, ...past].flatMap((m) => trackOf(m, ALL_GAMES) ?? []);
  const mapped = fixturesOf(tracks, NOW);
  const matchOf = (id: number) => {
    const match = mapped.matches?.find((m) => m.externalId === String(id));
    if (!match) throw new Error(`no match ${id}`);
    return { ...match, state: match.initial.state as SeriesState };
  };

  it("leaves out the videogames the catalogue has not (Brood War) and PUBG's lobbies", () => {
    expect(tracks).toHaveLength(8);
    expect(mapped.matches?.map((m) => m.gameId).sort((a, b) => a - b)).toEqual([1, 1, 1, 2, 4, 14, 26, 27]);
    expect(mapped.teams?.some((t) => t.name === 'Flash' || t.name === 'Twisted Minds')).toBe(false);
  });

  it('maps leagues, series and tournaments to competitions, seasons and stages, and opponents with their logos', () => {
    expect(mapped.competitions).toContainEqual({
      externalId: '293',
      gameId: 1,
      name: 'LCK',
      shortName: 'LCK',
      region: 'KR',
      logo: 'https://cdn.pandascore.co/images/league/image/293/league-of-legends-lck-champions-korea.png',
      format: 'tournament',
      // Its best tournament is of tier A.
      rank: 20,
    });
    expect(mapped.competitions?.find((c) => c.externalId === '4854')).toMatchObject({
      region: 'EU',
      rank: 10,
    });
    // ESL Pro League's "Group A".
    expect(matchOf(CS_MATCH)).toMatchObject({ stageExternalId: '17201', groupName: 'A' });
    expect(mapped.stages?.find((s) => s.externalId === '17201')?.kind).toBe('groups');
    expect(mapped.seasons).toContainEqual({
      externalId: '9101',
      competitionExternalId: '293',
      name: 'Winter 2026',
      startsOn: '2026-11-01',
      endsOn: '2026-12-20',
      current: true,
    });
    const lckStages = mapped.stages?.filter((s) => s.seasonExternalId === '9101');
    expect(lckStages?.map((s) => [s.name, s.kind, s.ordinal])).toEqual([
      ['Regular Season', 'league', 1],
      ['Playoffs', 'knockout', 2],
    ]);
    expect(mapped.teams).toContainEqual({
      externalId: '3455',
      gameId: 2,
      name: 'Team Vitality',
      shortName: 'VIT',
      country: 'FR',
      logo: 'https://cdn.pandascore.co/images/team/image/3455/vit.png',
    });
    expect(matchOf(1101001)).toMatchObject({
      competitionExternalId: '293',
      seasonExternalId: '9101',
      stageExternalId: '17101',
      homeTeamExternalId: '126061',
      awayTeamExternalId: '2882',
      startsAt: new Date('2026-11-23T08:00:00Z'),
      bestOf: 3,
    });
  });

  it('maps every status, the maps won as the score and the map in play as the period', () => {
    expect(matchOf(1101001).state).toMatchObject({
      status: 'not_started',
      score: { home: 0, away: 0 },
      games: [],
    });
    // Rescheduled: the new time.
    expect(matchOf(1101002)).toMatchObject({ startsAt: new Date('2026-11-26T10:00:00Z'), bestOf: 5 });
    expect(matchOf(1401001).initial.status).toBe('postponed');
    expect(matchOf(1501001).initial.status).toBe('cancelled');

    const cs = matchOf(CS_MATCH).state as ShooterState;
    expect(cs).toMatchObject({
      family: 'tactical_shooter',
      status: 'in_progress',
      score: { home: 1, away: 0 },
    });
    // Map 1 won by Vitality, map 2 in play: the period is M2.
    expect(cs.games).toEqual([
      { home: 0, away: 0, winner: 'home', overtime: false },
      { home: 0, away: 0, winner: null, overtime: false },
    ]);
    const dota = matchOf(DOTA_MATCH).state as MobaState;
    // A best of 2, as PandaScore plays it in groups.
    expect(dota).toMatchObject({ family: 'moba', bestOf: 2, status: 'in_progress' });
    expect(dota.games).toHaveLength(1);

    const lol = matchOf(1100901).state as MobaState;
    expect(lol).toMatchObject({ status: 'finished', score: { home: 2, away: 1 }, winner: 'home' });
    expect(lol.games.map((map) => map.winner)).toEqual(['home', 'away', 'home']);
    expect(lol.elapsedSeconds).toBe(1910 + 2175 + 1804);
    expect(lol.incidents.map((i) => [i.type, i.period, i.side ?? null, i.score ?? null])).toEqual([
      ['match_started', 'M1', null, null],
      ['map_won', 'M1', 'home', { home: 1, away: 0 }],
      ['map_won', 'M2', 'away', { home: 1, away: 1 }],
      ['map_won', 'M3', 'home', { home: 2, away: 1 }],
      ['match_finished', 'M3', 'home', { home: 2, away: 1 }],
    ]);
    const r6 = matchOf(1601001).state as GenericState;
    expect(r6).toMatchObject({
      family: 'generic',
      status: 'finished',
      score: { home: 0, away: 2 },
      winner: 'away',
    });
  });

  it("carries PandaScore's time of the answer", () => {
    expect(matchOf(1100901).initial.sourceAt).toBe(Date.parse('2026-11-21T10:12:00Z'));
  });
});

describe('the version of a match', () => {
  it('grows as the match goes on, whatever way PandaScore tells it, and never with a late frame', () => {
    const track = tracked(byId(CS_MATCH));
    const seqs = [seqOf(track)];
    const frame = (index: number) => {
      const parsed = gameOfFrame('cs', csFrames[index]);
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.value;
    };
    for (const index of [0, 1, 2, 3, 4, 5]) {
      track.live.set(CS_MAP_2, frame(index));
      seqs.push(seqOf(track));
    }
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
    // The same frames give the same version: a restart lands where the last run was.
    const again = tracked(byId(CS_MATCH));
    again.live.set(CS_MAP_2, frame(5));
    expect(seqOf(again)).toBe(seqs.at(-1));
    // Before the match, the version follows PandaScore's changes: rescheduled, then postponed.
    const later = tracked({ ...byId(1101001), modified_at: '2026-11-21T09:00:00Z', status: 'postponed' });
    expect(seqOf(later)).toBeGreaterThan(seqOf(tracked(byId(1101001))));
    expect(seqOf(later)).toBeLessThan(seqs[0] as number);
    // Over is over, a cancellation too.
    const finished = tracked({ ...byId(CS_MATCH), status: 'finished', modified_at: '2026-11-22T15:40:00Z' });
    expect(seqOf(finished)).toBeGreaterThan(seqs.at(-1) as number);
  });

  it('drops a frame that is not the documented shape, with the reason', () => {
    expect(gameOfFrame('cs', { game: { id: 'one' } })).toMatchObject({ ok: false });
    expect(gameOfFrame('lol', csFrames[0])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('blue'),
    });
    const dota = gameOfFrame('dota', dotaFrames[1]);
    expect(dota).toMatchObject({ ok: true, value: { progress: 612, gameSeconds: 612 } });
    // Before the horn the clock is negative: nothing has happened yet.
    expect(gameOfFrame('dota', dotaFrames[0])).toMatchObject({ ok: true, value: { progress: 0 } });
  });
});

describe('the games PandaScore brings', () => {
  it('are every game it maps unless PANDASCORE_GAMES names some', () => {
    expect(chosenGames(undefined)).toBe(PANDASCORE_GAMES);
    expect(chosenGames(['lol', 'csgo']).map((game) => game.gameId)).toEqual([1, 2]);
    expect(() => chosenGames(['pubg'])).toThrow(/PANDASCORE_GAMES: pubg/);
  });
});

// The stand-in -------------------------------------------------------------------------------------

interface LiveSocket {
  channel: 'frames' | 'events';
  matchId: number;
  ws: WebSocket;
  received: unknown[];
}

/** PandaScore as its recorded answers over HTTP and its live sockets, on a free port. */
async function standIn() {
  const lists: Record<'upcoming' | 'running' | 'past', PsMatch[]> = {
    upcoming: structuredClone(upcoming),
    running: structuredClone(running),
    past: structuredClone(past),
  };
  const details = new Map<number, PsMatch>();
  const requests: { path: string; query: URLSearchParams; authorization: string | undefined }[] = [];
  /** Answers the next requests with these statuses and headers first. */
  const refusals: { status: number; headers: Record<string, string> }[] = [];
  const sockets: LiveSocket[] = [];
  /** How the live socket of a match and channel answers a connection: 4003 refuses it. */
  const closeWith = new Map<string, number>();
  const onRecover: ((socket: LiveSocket, gameId: number) => void)[] = [];

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
    const refusal = refusals.shift();
    if (refusal) {
      res.writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers });
      res.end(JSON.stringify({ error: 'Too Many Requests', message: 'slow down' }));
      return;
    }
    const headers = { 'content-type': 'application/json', 'x-rate-limit-remaining': '998' };
    const list = /^\/matches\/(upcoming|running|past)$/.exec(url.pathname)?.[1] as
      | keyof typeof lists
      | undefined;
    if (list) {
      const size = Number(url.searchParams.get('page[size]') ?? 50);
      const number = Number(url.searchParams.get('page[number]') ?? 1);
      const all = lists[list];
      res.writeHead(200, {
        ...headers,
        'x-total': String(all.length),
        'x-page': String(number),
        'x-per-page': String(size),
      });
      res.end(JSON.stringify(all.slice((number - 1) * size, number * size)));
      return;
    }
    const id = Number(/^\/matches\/(\d+)$/.exec(url.pathname)?.[1]);
    const match =
      details.get(id) ?? [...lists.upcoming, ...lists.running, ...lists.past].find((m) => m.id === id);
    res.writeHead(match ? 200 : 404, headers);
    res.end(JSON.stringify(match ?? { error: 'Not Found', message: 'The resource does not exist.' }));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'ws://stand-in');
    const [, matchId, events] = /^\/matches\/(\d+)(\/events)?$/.exec(url.pathname) ?? [];
    if (url.searchParams.get('token') !== TOKEN) return ws.close(4001);
    const socket: LiveSocket = {
      channel: events ? 'events' : 'frames',
      matchId: Number(matchId),
      ws,
      received: [],
    };
    const code = closeWith.get(`${socket.matchId}:${socket.channel}`);
    sockets.push(socket);
    if (code) return ws.close(code);
    ws.send(JSON.stringify({ type: 'hello', payload: {} }));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload: { game_id: number } };
      socket.received.push(message);
      if (message.type === 'recover')
        for (const handler of onRecover) handler(socket, message.payload.game_id);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const open = (matchId: number, channel: LiveSocket['channel']) =>
    sockets.filter((s) => s.matchId === matchId && s.channel === channel && s.ws.readyState === s.ws.OPEN);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    liveUrl: `ws://127.0.0.1:${port}`,
    lists,
    details,
    requests,
    refusals,
    sockets,
    closeWith,
    onRecover,
    open,
    /** The socket the feed holds open now. */
    async socket(matchId: number, channel: LiveSocket['channel']): Promise<LiveSocket> {
      await vi.waitFor(() => expect(open(matchId, channel)).toHaveLength(1), { timeout: 5000 });
      return open(matchId, channel)[0] as LiveSocket;
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise((resolve) => wss.close(resolve));
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A sink with the store's rule: an update applies only when its seq is higher than the stored one. */
function sinkDouble() {
  const stored = new Map<string, MatchUpdate>();
  const fixtures: Fixtures[] = [];
  const applied: MatchUpdate[] = [];
  const offered: MatchUpdate[] = [];
  const keep = (update: MatchUpdate) => {
    const before = stored.get(update.externalId);
    if (before && before.seq >= update.seq) return false;
    stored.set(update.externalId, update);
    return true;
  };
  const sink: MatchSink = {
    async upsertFixtures(source, given) {
      expect(source).toBe(SOURCE);
      fixtures.push(given);
      for (const m of given.matches ?? []) keep(m.initial);
    },
    async applyUpdate(source, update) {
      expect(source).toBe(SOURCE);
      offered.push(update);
      const kept = keep(update);
      if (kept) applied.push(update);
      return kept;
    },
  };
  const stateOf = <S extends SeriesState>(id: number) => stored.get(String(id))?.state as S | undefined;
  return { sink, stored, fixtures, applied, offered, stateOf };
}

/** Log lines, parsed, for what the feed says of what it drops. */
function logLines() {
  const lines: { msg: string; reason?: string; level: number }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines, said: (text: string) => lines.filter((line) => line.msg.includes(text)) };
}

describe('the PandaScore feed against a stand-in', () => {
  let feed: ScoreFeed | undefined;
  let server: Awaited<ReturnType<typeof standIn>> | undefined;
  afterEach(async () => {
    await feed?.stop();
    await server?.close();
    feed = undefined;
    server = undefined;
  });

  async function started(options: { pollMs?: number; refreshMs?: number } = {}) {
    server = await standIn();
    const double = sinkDouble();
    const logs = logLines();
    feed = createPandaScoreFeed({
      token: TOKEN,
      baseUrl: server.baseUrl,
      liveUrl: server.liveUrl,
      games: PANDASCORE_GAMES,
      log: logs.log,
      pageSize: 2,
      spacingMs: 0,
      liveBackoffMs: 20,
      pollMs: options.pollMs ?? 60_000,
      refreshMs: options.refreshMs ?? 3_600_000,
    });
    await feed.start(double.sink);
    return { ...double, ...logs, server };
  }

  it('fills the store from the paged lists with the bearer token, and follows the live matches', async () => {
    const { fixtures, server, stateOf } = await started();
    expect(fixtures).toHaveLength(1);
    expect(fixtures[0]?.matches?.map((m: FeedMatch) => m.externalId).sort()).toEqual(
      ['1100901', '1101001', '1101002', '1201001', '1301001', '1401001', '1501001', '1601001'].sort(),
    );
    expect(new Set(server.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]));
    // Five upcoming matches at two a page are three pages; three past ones two; two running one.
    const pages = (path: string) =>
      server.requests.filter((r) => r.path === path).map((r) => r.query.get('page[number]'));
    expect(pages('/matches/upcoming')).toEqual(['1', '2', '3']);
    expect(pages('/matches/past')).toEqual(['1', '2']);
    expect(pages('/matches/running')).toEqual(['1']);
    expect(server.requests[0]?.query.get('range[scheduled_at]')).toMatch(/^\d{4}-.*Z,\d{4}-.*Z$/);
    expect(stateOf(1100901)?.status).toBe('finished');
    // The running CS and Dota 2 matches are followed on their frames, CS on its events too.
    await server.socket(CS_MATCH, 'frames');
    await server.socket(CS_MATCH, 'events');
    await server.socket(DOTA_MATCH, 'frames');
    expect(server.open(DOTA_MATCH, 'events')).toEqual([]);
  });

  it('applies frames in order and drops those that come late, twice or corrupt, with a log line', async () => {
    const { server, stateOf, applied, said } = await started();
    const frames = await server.socket(CS_MATCH, 'frames');
    const send = (frame: unknown) =>
      frames.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    const map2 = () => stateOf<ShooterState>(CS_MATCH)?.games[1];

    for (const frame of csFrames.slice(0, 3)) send(frame);
    await vi.waitFor(() => expect(map2()).toMatchObject({ home: 5, away: 3 }), { timeout: 5000 });
    const count = applied.length;
    // Late (round 5 after round 9), repeated (round 9 again), out of order, and corrupt.
    send(csFrames[1]);
    send(csFrames[2]);
    send('{"game": {"id": 120100102, "finished": fal');
    send({ game: { id: CS_MAP_2 }, match: { id: CS_MATCH }, round: 'ten' });
    send(csFrames[0]);
    send(csFrames[3]);
    await vi.waitFor(() => expect(map2()).toMatchObject({ home: 7, away: 6 }), { timeout: 5000 });
    expect(applied.length).toBe(count + 1);
    expect(said('not JSON')).toHaveLength(1);
    expect(said('frame dropped: not a frame')).toHaveLength(1);
    expect(said('frame dropped: not a frame')[0]?.reason).toContain('round');
    expect(said('frame late or repeated')).toHaveLength(3);
    // Every update written moved the match on.
    const seqs = applied.filter((u) => u.externalId === String(CS_MATCH)).map((u) => u.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(stateOf<ShooterState>(CS_MATCH)?.score).toEqual({ home: 1, away: 0 });

    // The map ends 13-11: two maps to none, the series won, no third map shown.
    send(csFrames[4]);
    send(csFrames[5]);
    await vi.waitFor(() => expect(stateOf(CS_MATCH)?.score).toEqual({ home: 2, away: 0 }), { timeout: 5000 });
    expect(stateOf<ShooterState>(CS_MATCH)?.games).toEqual([
      { home: 0, away: 0, winner: 'home', overtime: false },
      { home: 13, away: 11, winner: 'home', overtime: false },
    ]);
    expect(stateOf(CS_MATCH)?.incidents.at(-1)).toMatchObject({ type: 'map_won', side: 'home', value: 2 });
  });

  it('reconnects a dropped socket and recovers the events it missed', async () => {
    const { server, stateOf } = await started();
    const frames = await server.socket(CS_MATCH, 'frames');
    const events = await server.socket(CS_MATCH, 'events');
    frames.ws.send(JSON.stringify(csFrames[3]));
    const map2 = () => stateOf<ShooterState>(CS_MATCH)?.games[1];
    await vi.waitFor(() => expect(map2()).toMatchObject({ home: 7, away: 6 }), { timeout: 5000 });
    // Asked to recover, the stand-in sends every event of the game again, the missed ones with them.
    server.onRecover.push((socket) => {
      for (const event of csEvents) socket.ws.send(JSON.stringify(event));
    });
    events.ws.terminate();
    frames.ws.terminate();
    const again = await server.socket(CS_MATCH, 'events');
    expect(again).not.toBe(events);
    await vi.waitFor(
      () => expect(again.received).toEqual([{ type: 'recover', payload: { game_id: CS_MAP_2 } }]),
      {
        timeout: 5000,
      },
    );
    await vi.waitFor(() => expect(map2()).toMatchObject({ home: 9, away: 7 }), { timeout: 5000 });
    // Frames go on on the new frames socket.
    const reopened = await server.socket(CS_MATCH, 'frames');
    reopened.ws.send(JSON.stringify(csFrames[4]));
    await vi.waitFor(() => expect(map2()).toMatchObject({ home: 12, away: 11, overtime: false }), {
      timeout: 5000,
    });
  });

  it('follows Dota 2 on its frames, and leaves a socket the plan refuses closed', async () => {
    server = await standIn();
    server.closeWith.set(`${CS_MATCH}:events`, 4003);
    const { sink, stateOf } = sinkDouble();
    const { log, said } = logLines();
    feed = createPandaScoreFeed({
      token: TOKEN,
      baseUrl: server.baseUrl,
      liveUrl: server.liveUrl,
      games: chosenGames(['csgo', 'dota2']),
      log,
      spacingMs: 0,
      liveBackoffMs: 20,
      pollMs: 60_000,
    });
    await feed.start(sink);
    const dota = await server.socket(DOTA_MATCH, 'frames');
    for (const frame of dotaFrames) dota.ws.send(JSON.stringify(frame));
    await vi.waitFor(
      () =>
        expect(stateOf<MobaState>(DOTA_MATCH)?.games[0]).toMatchObject({
          home: 15,
          away: 9,
          towers: { home: 5, away: 2 },
          gameSeconds: 1400,
        }),
      { timeout: 5000 },
    );
    await vi.waitFor(() => expect(said('live socket refused')).toHaveLength(1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.sockets.filter((s) => s.matchId === CS_MATCH && s.channel === 'events')).toHaveLength(1);
  });

  it('reads a match that left the running list for how it ended: finished, postponed, cancelled', async () => {
    const { server, stateOf, applied } = await started({ pollMs: 30, refreshMs: 400 });
    await server.socket(CS_MATCH, 'frames');
    const cs = byId(CS_MATCH);
    server.details.set(CS_MATCH, {
      ...cs,
      status: 'finished',
      modified_at: '2026-11-22T15:42:00Z',
      end_at: '2026-11-22T15:41:00Z',
      winner_id: 3455,
      results: [
        { score: 2, team_id: 3455 },
        { score: 0, team_id: 4608 },
      ],
      games: cs.games.map((game) =>
        game.position === 2
          ? { ...game, status: 'finished', finished: true, length: 2710, winner: { id: 3455, type: 'Team' } }
          : game.position === 3
            ? { ...game, status: 'not_played' }
            : game,
      ),
    });
    server.details.set(DOTA_MATCH, {
      ...byId(DOTA_MATCH),
      status: 'postponed',
      modified_at: '2026-11-22T15:05:00Z',
    });
    server.lists.running = [];
    await vi.waitFor(() => expect(stateOf(CS_MATCH)?.status).toBe('finished'), { timeout: 5000 });
    expect(stateOf(CS_MATCH)).toMatchObject({ score: { home: 2, away: 0 }, winner: 'home' });
    expect(stateOf(CS_MATCH)?.incidents.at(-1)?.type).toBe('match_finished');
    await vi.waitFor(() => expect(stateOf(DOTA_MATCH)?.status).toBe('postponed'), { timeout: 5000 });
    // The final answer carries PandaScore's time of it.
    expect(applied.find((u) => u.externalId === String(CS_MATCH))?.sourceAt).toBe(
      Date.parse('2026-11-22T15:42:00Z'),
    );
    // The live sockets of a match over are closed.
    await vi.waitFor(() => expect(server.open(CS_MATCH, 'frames')).toEqual([]), { timeout: 5000 });

    // An upcoming match cancelled is found when the window is read again.
    const lol = server.lists.upcoming.find((m) => m.id === 1101001) as PsMatch;
    server.lists.upcoming = server.lists.upcoming.filter((m) => m !== lol);
    server.lists.past.push({ ...lol, status: 'canceled', modified_at: '2026-11-22T15:10:00Z' });
    await vi.waitFor(() => expect(stateOf(1101001)?.status).toBe('cancelled'), { timeout: 5000 });
  });
});

describe('the rate limit against the stand-in', () => {
  let server: Awaited<ReturnType<typeof standIn>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function clientOf() {
    server = await standIn();
    const slept: number[] = [];
    const client = createPandaScoreClient({
      token: TOKEN,
      baseUrl: server.baseUrl,
      log: pino({ level: 'silent' }),
      spacingMs: 0,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    return { client, slept, server };
  }

  it('waits as long as a 429 says, then backs off on its own when it says nothing, doubling', async () => {
    const { client, slept, server } = await clientOf();
    server.refusals.push({ status: 429, headers: { 'retry-after': '7' } });
    expect((await client.get<PsMatch>(`/matches/${CS_MATCH}`)).id).toBe(CS_MATCH);
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(6_000);
    expect(slept[0]).toBeLessThanOrEqual(7_000);

    slept.length = 0;
    server.refusals.push({ status: 429, headers: {} }, { status: 429, headers: {} });
    await client.get(`/matches/${CS_MATCH}`);
    expect(slept.map((ms) => Math.round(ms / 1000))).toEqual([10, 20]);
  });

  it("holds the next request until the hour's counter resets when none is left", async () => {
    const { client, slept, server } = await clientOf();
    server.refusals.push({
      status: 200,
      headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '90' },
    });
    await client.get(`/matches/${CS_MATCH}`);
    expect(client.remaining()).toBe(0);
    expect(slept).toEqual([]);
    await client.get(`/matches/${CS_MATCH}`);
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(89_000);
    expect(client.remaining()).toBe(998);
  });

  it('backs off exponentially on a failure of the provider, then gives up until the next poll', async () => {
    const { client, slept, server } = await clientOf();
    server.refusals.push({ status: 503, headers: {} }, { status: 502, headers: {} });
    expect((await client.get<PsMatch>(`/matches/${CS_MATCH}`)).id).toBe(CS_MATCH);
    expect(slept).toEqual([2_000, 4_000]);
    slept.length = 0;
    server.refusals.push(...Array.from({ length: 4 }, () => ({ status: 500, headers: {} })));
    await expect(client.get(`/matches/${CS_MATCH}`)).rejects.toThrow(/pandascore .*HTTP 500/);
    expect(slept).toEqual([2_000, 4_000, 8_000]);
  });

  it('reads a paged list to its end by X-Total, and no further than its page cap', async () => {
    const { server } = await clientOf();
    const paged = createPandaScoreClient({
      token: TOKEN,
      baseUrl: server.baseUrl,
      log: pino({ level: 'silent' }),
      spacingMs: 0,
      pageSize: 2,
      maxPages: 2,
    });
    expect(await paged.list('/matches/past')).toHaveLength(3);
    expect(await paged.list('/matches/upcoming')).toHaveLength(4);
  });
});
