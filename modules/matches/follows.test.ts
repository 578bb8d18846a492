import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, embeddedOnly } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import type { MatchStatus } from '../sports/model';
import { soccer } from '../sports/soccer';
import type { FeedMatch, MatchUpdate } from './feed';

const SOURCE = 'follows-test';
const HOUR = 3_600_000;

/** A soccer match of the test league, `hours` from now, as a feed first brings it. */
function fixture(key: string, hours: number, status: MatchStatus = 'not_started'): FeedMatch {
  return {
    externalId: key,
    gameId: soccer.gameId,
    competitionExternalId: 'league',
    homeTeamExternalId: 'reds',
    awayTeamExternalId: 'blues',
    startsAt: new Date(Date.now() + hours * HOUR),
    initial: update(key, 1, status),
  };
}

function update(key: string, seq: number, status: MatchStatus): MatchUpdate {
  return { externalId: key, seq, status, state: { ...soccer.initial(), status } };
}

describe.each(embeddedOnly)('favourites and reservations on $name', (target) => {
  let app: FastifyInstance;
  let api: JavaClient;
  /** Our ids of the test matches, by their key. */
  const ids: Record<string, number> = {};
  let teamId: number;
  let leagueId: number;
  let fan: string;
  let other: string;

  const as = (token: string) => ({
    get: (url: string) => api.call('GET', url, { token }),
    post: (url: string, body: unknown) => api.call('POST', url, { token, body }),
  });
  /** Moves a test match on, as its feed would. */
  const play = (key: string, seq: number, status: MatchStatus) =>
    app.services.matches.store.applyUpdate(SOURCE, update(key, seq, status));

  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create(), env: { SCORE_FEED: 'none' } });
    cleanUpAfterFile(() => app.close());
    api = javaClient(app);
    await app.services.matches.store.upsertFixtures(SOURCE, {
      competitions: [
        {
          externalId: 'league',
          gameId: soccer.gameId,
          name: 'Test League',
          shortName: 'TL',
          region: 'GB',
          format: 'league',
        },
      ],
      teams: [
        { externalId: 'reds', gameId: soccer.gameId, name: 'Reds FC', shortName: 'Reds' },
        { externalId: 'blues', gameId: soccer.gameId, name: 'Blues FC', shortName: 'Blues' },
      ],
      matches: [
        fixture('tomorrow', 24),
        fixture('tonight', 6),
        fixture('later', 30),
        fixture('live', -0.5, 'in_progress'),
        fixture('yesterday', -24, 'finished'),
        fixture('postponed', 3, 'postponed'),
      ],
    });
    const { db } = app.services.database;
    const stored = await db.query.matches.findMany({ where: (m, { eq }) => eq(m.source, SOURCE) });
    for (const match of stored) ids[match.externalId] = match.id;
    teamId = stored[0]?.homeTeamId as number;
    leagueId = stored[0]?.competitionId as number;
    const made = await db
      .insert(users)
      .values([
        { username: `fan${target.name}`, registrationSource: 'test', registrationType: 1 },
        { username: `rival${target.name}`, registrationSource: 'test', registrationType: 1 },
      ])
      .returning({ uid: users.uid });
    fan = await app.services.sessions.issue(made[0]?.uid as number);
    other = await app.services.sessions.issue(made[1]?.uid as number);
  });

  it('asks a guest to log in on every call', async () => {
    const calls: ['GET' | 'POST', string][] = [
      ['GET', '/match/attention'],
      ['POST', '/match/attention'],
      ['GET', '/match/attention/team'],
      ['POST', '/match/attention/team'],
      ['GET', '/match/attention/league'],
      ['POST', '/match/attention/league'],
      ['GET', '/match/attention/marks'],
      ['GET', '/match/reservation'],
      ['POST', '/match/reservation'],
      ['POST', '/match/reservation/cancel'],
      ['POST', '/match/reservation/notified'],
    ];
    for (const [method, url] of calls) {
      const body = method === 'POST' ? { matchId: ids.tomorrow, teamId, leagueId } : undefined;
      expect(await api.call(method, url, { body }), `${method} ${url}`).toMatchObject({
        httpStatus: 401,
        errorCode: 1003,
      });
    }
  });

  it('favourites a match once however often it is asked, and flips it when no state is given', async () => {
    const me = as(fan);
    const set = { matchId: ids.tomorrow, favourite: true };
    expect((await me.post('/match/attention', set)).result).toEqual({ favourite: true });
    expect((await me.post('/match/attention', set)).result).toEqual({ favourite: true });
    const page = await me.get('/match/attention');
    expect(page.result).toMatchObject({ total: 1, list: [{ id: ids.tomorrow, home: { name: 'Reds FC' } }] });

    expect((await me.post('/match/attention', { matchId: ids.tomorrow })).result).toEqual({
      favourite: false,
    });
    expect((await me.get('/match/attention')).result.total).toBe(0);
    expect((await me.post('/match/attention', { matchId: ids.tomorrow })).result).toEqual({
      favourite: true,
    });
    expect((await me.post('/match/attention', { matchId: 999_999 })).errorCode).toBe(1001);
    expect((await me.post('/match/attention', { matchId: 'x' })).errorCode).toBe(1002);
  });

  it('favourites teams and leagues, and marks every favourite and reservation for the lists', async () => {
    const me = as(fan);
    await me.post('/match/attention/team', { teamId, favourite: true });
    await me.post('/match/attention/league', { leagueId, favourite: true });
    expect((await me.get('/match/attention/team')).result.list).toEqual([
      expect.objectContaining({ id: teamId, name: 'Reds FC', gameId: soccer.gameId }),
    ]);
    expect((await me.get('/match/attention/league')).result.list).toEqual([
      expect.objectContaining({ id: leagueId, name: 'Test League', region: 'GB' }),
    ]);
    await me.post('/match/reservation', { matchId: ids.later });
    expect((await me.get('/match/attention/marks')).result).toEqual({
      matches: [ids.tomorrow],
      teams: [teamId],
      leagues: [leagueId],
      reserved: [ids.later],
    });
  });

  it('reserves only a match that has not started, and reserving twice is harmless', async () => {
    const me = as(fan);
    const first = await me.post('/match/reservation', { matchId: ids.tonight });
    expect(first.result).toMatchObject({ matchId: ids.tonight, state: 'not_started', cancelledAt: null });
    const again = await me.post('/match/reservation', { matchId: ids.tonight });
    expect(again.result.id).toBe(first.result.id);
    for (const key of ['live', 'yesterday', 'postponed'])
      expect(await me.post('/match/reservation', { matchId: ids[key] }), key).toMatchObject({
        status: 'fail',
        errorCode: 6601,
      });
    expect((await me.post('/match/reservation', { matchId: 999_999 })).errorCode).toBe(1001);
  });

  it('follows the match: not started, in progress, ended; cancelled by the user or with the match', async () => {
    const me = as(fan);
    const stateOf = async (key: string) =>
      (await me.get('/match/reservation')).result.list.find(
        (r: { matchId: number }) => r.matchId === ids[key],
      )?.state;
    await me.post('/match/reservation', { matchId: ids.tomorrow });
    expect(await stateOf('tomorrow')).toBe('not_started');
    await play('tomorrow', 2, 'in_progress');
    expect(await stateOf('tomorrow')).toBe('in_progress');
    const told = await me.post('/match/reservation/notified', { matchId: ids.tomorrow });
    expect(told.result.notifiedAt).toEqual(expect.any(Number));
    expect((await me.post('/match/reservation/notified', { matchId: ids.tomorrow })).result.notifiedAt).toBe(
      told.result.notifiedAt,
    );
    // A late update changes nothing, so neither does the reservation.
    await play('tomorrow', 1, 'not_started');
    expect(await stateOf('tomorrow')).toBe('in_progress');
    await play('tomorrow', 3, 'finished');
    expect(await stateOf('tomorrow')).toBe('ended');
    expect((await me.get('/match/reservation?state=ended')).result.list).toEqual([
      expect.objectContaining({
        matchId: ids.tomorrow,
        match: expect.objectContaining({ status: 'finished' }),
      }),
    ]);

    // The user cancels; cancelling again is harmless; reserving again renews it.
    const cancelled = await me.post('/match/reservation/cancel', { matchId: ids.tonight });
    expect(cancelled.result).toMatchObject({ state: 'cancelled', cancelledAt: expect.any(Number) });
    expect((await me.post('/match/reservation/cancel', { matchId: ids.tonight })).result.state).toBe(
      'cancelled',
    );
    expect((await me.get('/match/attention/marks')).result.reserved).not.toContain(ids.tonight);
    expect((await me.post('/match/reservation', { matchId: ids.tonight })).result.state).toBe('not_started');

    // The match is called off.
    await play('tonight', 2, 'cancelled');
    expect(await stateOf('tonight')).toBe('cancelled');
    const states = (await me.get('/match/reservation?state=cancelled')).result.list.map(
      (r: { matchId: number }) => r.matchId,
    );
    expect(states).toEqual([ids.tonight]);
    const upcoming = (await me.get('/match/reservation?state=not_started')).result.list;
    expect(upcoming.map((r: { matchId: number }) => r.matchId)).toEqual([ids.later]);
  });

  it("shows nobody another user's favourites and reservations", async () => {
    const rival = as(other);
    expect((await rival.get('/match/attention')).result).toMatchObject({ total: 0, list: [] });
    expect((await rival.get('/match/attention/team')).result.total).toBe(0);
    expect((await rival.get('/match/reservation')).result).toMatchObject({ total: 0, list: [] });
    expect((await rival.get('/match/attention/marks')).result).toEqual({
      matches: [],
      teams: [],
      leagues: [],
      reserved: [],
    });
    // Cancelling the fan's reservation cancels nothing of theirs.
    expect((await rival.post('/match/reservation/cancel', { matchId: ids.later })).errorCode).toBe(1001);
    expect((await as(fan).get('/match/attention/marks')).result.reserved).toContain(ids.later);
  });
  it('exports the reserved matches as a calendar file, only to their owner', async () => {
    await as(fan).post('/match/reservation', { matchId: ids.later });
    const guest = await app.inject({ url: '/calendar/reservations.ics' });
    expect(guest.statusCode).toBe(401);
    for (const headers of [{ token: fan }, { cookie: `token=${fan}` }]) {
      const file = await app.inject({ url: '/calendar/reservations.ics?locale=en_US', headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(file.body).toContain(`UID:match-${ids.later}@`);
      expect(file.body).toContain('SUMMARY:Reds FC vs Blues FC');
    }
    const others = await app.inject({ url: '/calendar/reservations.ics', headers: { token: other } });
    expect(others.body).not.toContain(`UID:match-${ids.later}@`);
  });

  it("exports a team's fixtures as a calendar file anyone may subscribe to", async () => {
    const file = await app.inject({ url: `/calendar/team/${teamId}.ics?locale=en_US` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`UID:match-${ids.tomorrow}@`);
    expect(file.body).toContain('X-WR-CALNAME:Reds FC fixtures');
    expect((await app.inject({ url: '/calendar/team/abc.ics' })).statusCode).toBe(404);
  });
});
