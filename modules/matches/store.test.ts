import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { localizedNames, matchPlayers, players, teams } from '../../db/schema/index';
import { createMemoryBus } from '../../platform/bus/memory';
import { embeddedOnly, openTestDatabase, type TestDatabaseTarget } from '../../test/databases';
import type { SoccerState } from '../sports/model';
import { createRng } from '../sports/rng';
import { rulesForGame } from '../sports/rules-by-game';
import { soccer } from '../sports/soccer';
import { playToEnd } from '../sports/test-support';
import type { MatchUpdate } from './feed';
import type { MatchSummary } from './matches.contract';
import { createMatchStore, MATCHES_CHANGED, type MatchChanged } from './store';
import { fixtures, SOURCE, soccerMatch } from './test-fixtures';

const DAY = 24 * 3600 * 1000;

async function freshStore(target: TestDatabaseTarget) {
  const database = await openTestDatabase(target);
  const bus = createMemoryBus();
  const published: MatchSummary[] = [];
  await bus.subscribe(MATCHES_CHANGED, (message) =>
    published.push((message as { summary: MatchSummary }).summary),
  );
  const store = createMatchStore({ db: database.db, bus, log: pino({ level: 'silent' }) });
  return { store, published, db: database.db };
}

/** The updates of a soccer match played minute by minute: seq 2, 3, ... up to full time. */
function playedUpdates(externalId: string, seed: number): MatchUpdate[] {
  const rng = createRng(seed);
  let state: SoccerState = soccer.initial();
  const updates: MatchUpdate[] = [];
  while (state.status !== 'finished') {
    state = soccer.advance(state, rng, 60).state;
    updates.push({ externalId, seq: updates.length + 2, status: state.status, state });
  }
  return updates;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe.each(embeddedOnly)('the match store on $name', (target) => {
  it('stores fixtures once however often they come, and lists the window with teams and league', async () => {
    const { store, published } = await freshStore(target);
    const kickOff = new Date(Date.now() + DAY);
    const fixture = fixtures([soccerMatch('m1', 'red', 'blue', kickOff)]);
    await store.upsertFixtures(SOURCE, fixture);
    await store.upsertFixtures(SOURCE, fixture);
    const window = await store.window(new Date(Date.now() - DAY), new Date(Date.now() + 2 * DAY));
    expect(window).toHaveLength(1);
    expect(window[0]).toMatchObject({
      game: 'soccer',
      status: 'not_started',
      startTime: kickOff.getTime(),
      league: { name: 'Premier', region: 'gb' },
      home: { name: 'red FC', shortName: 'RED' },
      away: { name: 'blue FC' },
      seq: 1,
    });
    await settle();
    // The repeat changed nothing, so only the first fill was announced.
    expect(published.map((summary) => summary.id)).toEqual([window[0]?.id]);
  });

  it('keeps the score right when updates come late and twice', async () => {
    const { store, published } = await freshStore(target);
    await store.upsertFixtures(SOURCE, fixtures([soccerMatch('m1', 'red', 'blue', new Date())]));
    const updates = playedUpdates('m1', 11);
    const last = updates.at(-1) as MatchUpdate;
    const shuffled = [...updates].reverse();
    const applied: boolean[] = [];
    for (const update of [...updates.slice(0, 30), last, ...shuffled, last]) {
      applied.push(await store.applyUpdate(SOURCE, update));
    }
    // Thirty in order, then the final one; everything after it is older or the same.
    expect(applied.filter(Boolean)).toHaveLength(31);
    const [summary] = await store.window(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    const finalState = last.state as SoccerState;
    expect(summary).toMatchObject({ status: 'finished', score: finalState.score, seq: last.seq });
    const detail = await store.detail(summary?.id ?? 0);
    expect(detail?.incidents.map((incident) => incident.seq)).toEqual(finalState.incidents.map((i) => i.seq));
    await settle();
    expect(published.at(-1)).toMatchObject({ seq: last.seq, score: finalState.score });
    expect(published.map((s) => s.seq)).toEqual([1, ...updates.slice(0, 30).map((u) => u.seq), last.seq]);
  });

  it('publishes after an update the summary it would read back, whether it knew the match or not', async () => {
    const { store, published, db } = await freshStore(target);
    await store.upsertFixtures(SOURCE, fixtures([soccerMatch('m1', 'red', 'blue', new Date())]));
    const [second, third] = playedUpdates('m1', 4).slice(20);
    const readBack = async () =>
      (await store.window(new Date(Date.now() - DAY), new Date(Date.now() + DAY)))[0];
    await store.applyUpdate(SOURCE, { ...(second as MatchUpdate), clockRate: 3 });
    await settle();
    expect(published.at(-1)).toEqual(await readBack());
    expect(published.at(-1)).toMatchObject({ home: { name: 'red FC' }, seq: second?.seq });

    // Another instance taking over the feed knows nothing of the match yet.
    const bus = createMemoryBus();
    const fresh: MatchSummary[] = [];
    await bus.subscribe(MATCHES_CHANGED, (message) =>
      fresh.push((message as { summary: MatchSummary }).summary),
    );
    const successor = createMatchStore({ db, bus, log: pino({ level: 'silent' }) });
    await successor.applyUpdate(SOURCE, third as MatchUpdate);
    await settle();
    expect(fresh).toEqual([await readBack()]);
    expect(fresh[0]).toMatchObject({ away: { name: 'blue FC' }, seq: third?.seq });
  });

  it("passes the provider's time of an update on with the change it makes, and leaves it out when there is none", async () => {
    const database = await openTestDatabase(target);
    const bus = createMemoryBus();
    const changes: MatchChanged[] = [];
    await bus.subscribe(MATCHES_CHANGED, (message) => changes.push(message as MatchChanged));
    const store = createMatchStore({ db: database.db, bus, log: pino({ level: 'silent' }) });
    await store.upsertFixtures(SOURCE, fixtures([soccerMatch('m1', 'red', 'blue', new Date())]));
    const [first, second, third] = playedUpdates('m1', 5) as [MatchUpdate, MatchUpdate, MatchUpdate];
    await store.applyUpdate(SOURCE, { ...first, sourceAt: 1_700_000_000_123 });
    await store.applyUpdate(SOURCE, second);
    // A late one changes nothing and announces nothing, whatever time it carries.
    await store.applyUpdate(SOURCE, { ...first, sourceAt: 1_700_000_000_999 });
    await store.applyUpdate(SOURCE, { ...third, sourceAt: 1_700_000_001_000 });
    await settle();
    const updates = changes.slice(1);
    expect(updates.map((change) => [change.summary.seq, change.sourceAt])).toEqual([
      [first.seq, 1_700_000_000_123],
      [second.seq, undefined],
      [third.seq, 1_700_000_001_000],
    ]);
    expect('sourceAt' in (updates[1] as MatchChanged)).toBe(false);
  });

  it('keeps the box score of the latest update that brings one, by our player ids', async () => {
    const { store, db } = await freshStore(target);
    const [final] = playedUpdates('m1', 4).slice(-1) as [MatchUpdate];
    const line = (player: string, goals: number) => ({
      player,
      side: 'home' as const,
      starter: true,
      stats: { minutes: 90, goals },
    });
    const boxOf = async () =>
      (await db.select().from(matchPlayers)).map((row) => [row.playerId, row.stats, row.side, row.starter]);
    // A match already over when its fixture first comes brings its box score with it.
    await store.upsertFixtures(
      SOURCE,
      fixtures([soccerMatch('m1', 'red', 'blue', new Date(), final.state as SoccerState)]),
    );
    expect(await boxOf()).toEqual([]);
    const [striker] = await db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.externalId, 'striker'));
    const at = (seq: number, box: MatchUpdate['players']) => ({ ...final, seq, players: box });

    expect(await store.applyUpdate(SOURCE, at(101, [line('striker', 1), line('nobody', 5)]))).toBe(true);
    expect(await boxOf()).toEqual([[striker?.id, { minutes: 90, goals: 1 }, 'home', true]]);
    expect(await store.applyUpdate(SOURCE, at(102, [line('striker', 2)]))).toBe(true);
    expect(await boxOf()).toEqual([[striker?.id, { minutes: 90, goals: 2 }, 'home', true]]);
    // A late update writes nothing, its box score neither.
    expect(await store.applyUpdate(SOURCE, at(101, [line('striker', 7)]))).toBe(false);
    expect(await boxOf()).toEqual([[striker?.id, { minutes: 90, goals: 2 }, 'home', true]]);

    const again = soccerMatch('m2', 'red', 'green', new Date(), final.state as SoccerState);
    again.initial.players = [line('striker', 3)];
    await store.upsertFixtures(SOURCE, fixtures([again]));
    expect(await boxOf()).toHaveLength(2);
  });

  it('keeps the names a feed gives in other languages, and renames them when the feed does', async () => {
    const { store, db } = await freshStore(target);
    const fixture = fixtures([]);
    const named = (localized: Record<string, string>) => ({
      ...fixture,
      competitions: fixture.competitions?.map((c) => ({ ...c, localizedNames: { zh_CN: '超级联赛' } })),
      teams: fixture.teams?.map((t) =>
        t.externalId === 'red' ? { ...t, localizedNames: localized } : { ...t, localizedNames: {} },
      ),
      players: fixture.players?.map((p) =>
        p.externalId === 'striker' ? { ...p, localizedNames: { zh_CN: '萨姆·斯特赖克' } } : p,
      ),
    });
    const stored = async () =>
      (
        await db
          .select({ kind: localizedNames.kind, locale: localizedNames.locale, name: localizedNames.name })
          .from(localizedNames)
      )
        .map((row) => `${row.kind} ${row.locale} ${row.name}`)
        .sort();

    // A feed without them writes none.
    await store.upsertFixtures(SOURCE, fixture);
    expect(await stored()).toEqual([]);

    await store.upsertFixtures(SOURCE, named({ zh_CN: '红队', zh_tw: '紅隊' }));
    expect(await stored()).toEqual([
      'competition zh_CN 超级联赛',
      'player zh_CN 萨姆·斯特赖克',
      'team zh_CN 红队',
      'team zh_tw 紅隊',
    ]);
    await store.upsertFixtures(SOURCE, named({ zh_CN: '红色队', zh_tw: '紅隊' }));
    expect(await stored()).toContain('team zh_CN 红色队');
    expect(await stored()).not.toContain('team zh_CN 红队');
    // Kept by our id of the red team.
    const [team] = await db
      .select({ name: teams.name })
      .from(localizedNames)
      .innerJoin(teams, eq(teams.id, localizedNames.refId))
      .where(eq(localizedNames.name, '红色队'));
    expect(team?.name).toBe('red FC');
  });

  it('ignores an update of a match it does not know', async () => {
    const { store } = await freshStore(target);
    const [update] = playedUpdates('nowhere', 1);
    expect(await store.applyUpdate(SOURCE, update as MatchUpdate)).toBe(false);
  });

  it('reads a match with its named incidents, extras, head-to-head, form and injuries', async () => {
    const { store } = await freshStore(target);
    const earlier = (days: number) => new Date(Date.now() - days * DAY);
    const past = (seed: number) => {
      const state = playToEnd(soccer, seed);
      return { ...state, status: 'finished' as const };
    };
    const first = past(1);
    const old1 = earlier(30);
    const old2 = earlier(20);
    await store.upsertFixtures(
      SOURCE,
      fixtures([
        soccerMatch('old1', 'red', 'blue', old1, first),
        soccerMatch('old2', 'blue', 'red', old2, past(2)),
        soccerMatch('other', 'red', 'green', earlier(10), past(3)),
        soccerMatch('today', 'red', 'blue', new Date()),
      ]),
    );
    const goalState = soccer.advance(soccer.initial(), createRng(5), 95 * 60).state;
    const goal = goalState.incidents.find((incident) => incident.type === 'goal');
    await store.applyUpdate(SOURCE, {
      externalId: 'today',
      seq: 2,
      status: goalState.status,
      state: goalState,
      extras: { prediction: { home: 50, draw: 25, away: 25 } },
      incidentPlayers: goal ? { [goal.seq]: { player: 'striker' } } : {},
    });
    const [today] = (await store.window(earlier(1), new Date(Date.now() + DAY))).filter(
      (summary) => summary.seq === 2,
    );
    const detail = await store.detail(today?.id ?? 0);
    expect(detail?.extras).toEqual({
      lineups: null,
      odds: null,
      statistics: [],
      prediction: { home: 50, draw: 25, away: 25 },
    });
    const shown = detail?.incidents.find((incident) => incident.seq === goal?.seq);
    expect(shown?.player?.name).toBe('Sam Striker');
    expect(shown?.minute).toBeGreaterThanOrEqual(1);
    // Both meetings, newest first; the match with another team is not one.
    expect(detail?.headToHead.map((summary) => summary.startTime)).toEqual([old2.getTime(), old1.getTime()]);
    const letter = (winner: string | null, side: 'home' | 'away') =>
      winner === null ? 'D' : winner === side ? 'W' : 'L';
    expect(detail?.form.home[0]).toBe(letter(past(3).winner, 'home'));
    expect(detail?.form.home).toHaveLength(3);
    expect(detail?.form.away).toEqual([letter(past(2).winner, 'home'), letter(first.winner, 'away')]);
    expect(detail?.injuries).toEqual([
      {
        player: { id: expect.any(Number), name: 'Kim Keeper', position: 'GK' },
        side: 'away',
        reason: 'knee',
        until: '2026-12-01',
      },
    ]);
    expect(await store.detail(999_999)).toBeUndefined();
  });

  it('names the teams of a battle-royale lobby in its standings', async () => {
    const { store } = await freshStore(target);
    const pubg = rulesForGame('pubg');
    if (!pubg) throw new Error('pubg has no rules');
    const state = playToEnd(pubg, 3, { teamCount: 3, gameCount: 2 });
    const base = fixtures([]);
    await store.upsertFixtures(SOURCE, {
      ...base,
      competitions: base.competitions?.map((c) => ({ ...c, gameId: pubg.gameId })),
      matches: [
        {
          externalId: 'lobby',
          gameId: pubg.gameId,
          competitionExternalId: 'league',
          homeTeamExternalId: null,
          awayTeamExternalId: null,
          lobbyTeamExternalIds: ['red', 'blue', 'green'],
          startsAt: new Date(),
          initial: { externalId: 'lobby', seq: 9, status: 'finished', state },
        },
      ],
    });
    const [summary] = await store.window(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    expect(summary?.home).toBeNull();
    expect(summary?.lobby?.map((standing) => standing.team.shortName)).toEqual(
      state.family === 'battle_royale'
        ? state.standings.map((standing) => ['RED', 'BLUE', 'GREEN'][standing.team])
        : [],
    );
  });
});
