import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { jobs, pushSubscriptions, users } from '../../db/schema/index';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, embeddedOnly } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import type { FeedMatch, MatchUpdate } from '../matches/feed';
import type { MatchStatus } from '../sports/model';
import { soccer } from '../sports/soccer';
import type { AlertMessage } from './alerts.contract';
import { SEND_JOB } from './alerts.service';
import { createPushSender, sandboxPushSender } from './sender';
import { type PushServiceStandIn, startPushService } from './testing/push-service';

const SOURCE = 'alerts-test';

function fixture(key: string, home: string, away: string): FeedMatch {
  return {
    externalId: key,
    gameId: soccer.gameId,
    competitionExternalId: 'league',
    homeTeamExternalId: home,
    awayTeamExternalId: away,
    startsAt: new Date(Date.now() + 3_600_000),
    initial: update(key, 1, 'not_started', 0, 0),
  };
}

function update(key: string, seq: number, status: MatchStatus, home: number, away: number): MatchUpdate {
  return { externalId: key, seq, status, state: { ...soccer.initial(), status, score: { home, away } } };
}

describe.each(embeddedOnly)('push alerts on $name', (target) => {
  let app: FastifyInstance;
  let api: JavaClient;
  let push: PushServiceStandIn;
  let vapidKey: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  const play = (key: string, seq: number, status: MatchStatus, home: number, away: number) =>
    app.services.matches.store.applyUpdate(SOURCE, update(key, seq, status, home, away));

  /** Waits until the leader has run the job of the alert with this key. */
  async function sent(alertKey: string) {
    const { db } = app.services.database;
    const done = () =>
      db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.key, `${SEND_JOB}:${alertKey}`), isNotNull(jobs.doneAt)));
    await expect.poll(async () => (await done()).length, { timeout: 20_000 }).toBe(1);
  }

  /** What reached one browser, decrypted. */
  const messagesTo = (endpoint: string): AlertMessage[] =>
    push.received.filter((m) => m.endpoint === endpoint).map((m) => JSON.parse(m.payload));

  /** A browser of `user` turns alerts on, in `locale`. */
  async function browserOf(user: string, locale: string) {
    const subscription = push.subscribe(vapidKey);
    const answer = await api.call('POST', '/alerts/subscription', {
      token: tokens[user],
      headers: { lan: locale },
      body: subscription,
    });
    expect(answer.status, answer.errorMsg).toBe('success');
    return subscription.endpoint;
  }

  beforeAll(async () => {
    push = await startPushService();
    cleanUpAfterFile(push.close);
    app = await buildTestApp({ database: await target.create(), env: { PUSH_LOCAL_HTTP: 'true' } });
    cleanUpAfterFile(() => app.close());
    api = javaClient(app);
    vapidKey = (await api.call('GET', '/alerts/key')).result.publicKey;
    const team = (externalId: string, name: string) => ({
      externalId,
      gameId: soccer.gameId,
      name,
      shortName: name,
    });
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
        team('reds', 'Reds FC'),
        team('blues', 'Blues FC'),
        team('greens', 'Greens FC'),
        team('golds', 'Golds FC'),
      ],
      matches: [
        fixture('followed', 'reds', 'blues'),
        fixture('unfollowed', 'greens', 'golds'),
        fixture('reserved', 'golds', 'greens'),
      ],
    });
    const { db } = app.services.database;
    const stored = await db.query.matches.findMany({ where: (m, { eq }) => eq(m.source, SOURCE) });
    for (const match of stored) ids[match.externalId] = match.id;
    const blues = stored.find((m) => m.externalId === 'followed')?.awayTeamId as number;
    for (const name of ['fan', 'teamFan', 'bystander', 'reserver', 'canceller']) {
      const [made] = await db
        .insert(users)
        .values({ username: `${name}${target.name}`, registrationSource: 'test', registrationType: 1 })
        .returning({ uid: users.uid });
      tokens[name] = await app.services.sessions.issue(made?.uid as number);
    }
    const post = (user: string, url: string, body: unknown) =>
      api.call('POST', url, { token: tokens[user], body });
    await post('fan', '/match/attention', { matchId: ids.followed, favourite: true });
    await post('teamFan', '/match/attention/team', { teamId: blues, favourite: true });
    // Two fans reserve a match they did not favourite; one of them thinks better of it.
    for (const user of ['reserver', 'canceller'])
      expect((await post(user, '/match/reservation', { matchId: ids.reserved })).status).toBe('success');
    expect((await post('canceller', '/match/reservation/cancel', { matchId: ids.reserved })).status).toBe(
      'success',
    );
    await post('teamFan', '/alerts/choices', {
      kind: 'team',
      targetId: blues,
      kickoff: false,
      goals: false,
      final: true,
    });
  });

  it('takes a subscription only from a signed-in user, to an https push service', async () => {
    const subscription = push.subscribe(vapidKey);
    expect(await api.call('POST', '/alerts/subscription', { body: subscription })).toMatchObject({
      errorCode: 1003,
    });
    const plainHttp = { ...subscription, endpoint: 'http://push.example.com/send/1' };
    expect(
      await api.call('POST', '/alerts/subscription', { token: tokens.bystander, body: plainHttp }),
    ).toMatchObject({ status: 'fail', httpStatus: 400 });
    const badKey = { ...subscription, keys: { ...subscription.keys, p256dh: 'short' } };
    const answer = await api.call('POST', '/alerts/subscription', { token: tokens.bystander, body: badKey });
    expect(answer).toMatchObject({ status: 'fail', httpStatus: 400 });
    expect(answer.errorMsg).toContain('keys.p256dh');
  });

  it("sends a goal of a followed match to each of the fan's browsers, decrypted, in that browser's language", async () => {
    const english = await browserOf('fan', 'en_US');
    const german = await browserOf('fan', 'de');
    const teamFan = await browserOf('teamFan', 'en_US');
    await play('followed', 2, 'in_progress', 0, 0);
    await play('followed', 3, 'in_progress', 1, 0);
    await sent(`goal:${ids.followed}:1-0`);

    const page = expect.stringMatching(new RegExp(`^/en_US/\\w+/${ids.followed}$`));
    expect(messagesTo(english)).toEqual([
      {
        title: 'Kick-off',
        body: 'Reds FC - Blues FC has kicked off',
        tag: `match-${ids.followed}`,
        url: page,
      },
      { title: 'Goal!', body: 'Reds FC 1 - 0 Blues FC', tag: `match-${ids.followed}`, url: page },
    ]);
    expect(messagesTo(german).map((m) => m.title)).toEqual(['Anpfiff', 'Tor!']);
    // The team's fan chose the final score only.
    expect(messagesTo(teamFan)).toEqual([]);
    expect(push.refusals).toEqual([]);
    expect(push.received.every((m) => m.topic === `match-${ids.followed}`)).toBe(true);
  });

  it('sends nothing of a match nobody follows', async () => {
    const before = push.received.length;
    await play('unfollowed', 2, 'in_progress', 0, 0);
    await play('unfollowed', 3, 'in_progress', 0, 1);
    await sent(`goal:${ids.unfollowed}:0-1`);
    expect(push.received.length).toBe(before);
  });

  it('sends an event once, however often it is delivered', async () => {
    const before = push.received.length;
    const alert = (
      await app.services.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${SEND_JOB}:goal:${ids.followed}:1-0`))
    )[0]?.payload;
    await app.services.alerts.deliver(alert as Parameters<typeof app.services.alerts.deliver>[0]);
    expect(push.received.length).toBe(before);
  });

  it('drops a subscription the push service says is gone, and still tells the others', async () => {
    const { db } = app.services.database;
    const [english, german] = [...new Set(push.received.map((m) => m.endpoint))];
    push.expire(german as string);
    await play('followed', 4, 'finished', 2, 0);
    await sent(`final:${ids.followed}`);
    const left = await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((s) => s.endpoint)).not.toContain(german);
    expect(messagesTo(english as string).at(-1)).toMatchObject({
      title: 'Final score',
      body: 'Reds FC 2 - 0 Blues FC',
    });
    const teamFanFinal = push.received.filter(
      (m) => m.endpoint !== english && JSON.parse(m.payload).title === 'Final score',
    );
    expect(teamFanFinal).toHaveLength(1);
  });

  it('tells a fan who reserved a match (not a favourite) of its kick-off, and not one who cancelled the reservation', async () => {
    const reserver = await browserOf('reserver', 'en_US');
    const canceller = await browserOf('canceller', 'en_US');
    await play('reserved', 2, 'in_progress', 0, 0);
    await sent(`kickoff:${ids.reserved}`);
    expect(messagesTo(reserver)).toEqual([
      {
        title: 'Kick-off',
        body: 'Golds FC - Greens FC has kicked off',
        tag: `match-${ids.reserved}`,
        url: expect.stringMatching(new RegExp(`^/en_US/\\w+/${ids.reserved}$`)),
      },
    ]);
    expect(messagesTo(canceller)).toEqual([]);
  });

  it('is checked by a push service that refuses a message signed with another key than the browser subscribed with', async () => {
    const subscription = push.subscribe(vapidKey);
    const stranger = createPushSender({
      ...webpush.generateVAPIDKeys(),
      subject: 'mailto:someone@example.com',
    });
    const target = { endpoint: subscription.endpoint, ...subscription.keys };
    await expect(stranger.send(target, '{}', { topic: 'x', ttlSeconds: 60 })).rejects.toThrow('403');
    expect(push.refusals.at(-1)).toBe('not the key the browser subscribed with');
  });
});

describe("the sandbox's push adapter", () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@example.com' };
  const alert = { title: 'Goal!', body: 'Reds FC 1 - 0 Blues FC', tag: 'match-1', url: '/football/1' };
  const options = { topic: 'match-1', ttlSeconds: 60 };

  it('sends by Web Push and copies the alert to the outbox', async () => {
    const push = await startPushService();
    cleanUpAfterFile(push.close);
    const subscription = push.subscribe(vapid.publicKey);
    const copies: { to: string; subject: string; text: string }[] = [];
    const sender = sandboxPushSender(
      createPushSender(vapid),
      async (copy) => void copies.push(copy),
      () => undefined,
    );
    const target = { endpoint: subscription.endpoint, ...subscription.keys };
    await expect(sender.send(target, JSON.stringify(alert), options)).resolves.toBe('sent');
    expect(push.received.map((m) => JSON.parse(m.payload))).toEqual([alert]);
    expect(copies).toEqual([
      { to: push.origin, subject: 'Goal!', text: 'Reds FC 1 - 0 Blues FC\n/football/1' },
    ]);
  });

  it('keeps the copy when the push service is out of reach, and does not retry for ever', async () => {
    const copies: unknown[] = [];
    const unreachable: string[] = [];
    const sender = sandboxPushSender(
      createPushSender(vapid),
      async (copy) => void copies.push(copy),
      (_err, endpoint) => void unreachable.push(endpoint),
    );
    const push = await startPushService();
    cleanUpAfterFile(push.close);
    const subscription = push.subscribe(vapid.publicKey);
    // A push service that is not there: nothing listens on port 9 (discard) of this machine.
    const target = { ...subscription.keys, endpoint: 'http://127.0.0.1:9/push/gone-offline' };
    await expect(sender.send(target, JSON.stringify(alert), options)).resolves.toBe('sent');
    expect(unreachable).toEqual(['http://127.0.0.1:9/push/gone-offline']);
    expect(copies).toHaveLength(1);
  });
});
