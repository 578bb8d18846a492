import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchSummary } from '../../../../modules/matches/matches.contract';
import { testSummary } from '../../../../modules/matches/test-summaries';
import { createScoreConnection, reconnectDelay, type ScoreSocket } from './connection';
import { createLiveStore } from './live-store';
import { HIGHLIGHT_MS, liveView } from './use-live';

/** Version 5 of a match, so older and newer ones can be told apart. */
const summary = (id: number, patch: Partial<MatchSummary> = {}) => testSummary(id, { seq: 5, ...patch });

describe('the live store', () => {
  it('applies a diff made from the version it holds', () => {
    const store = createLiveStore();
    store.seed([summary(1)]);
    const stale = store.apply(
      [{ op: 'diff', id: 1, from: 5, seq: 6, d: { score: { home: 1, away: 0 } } }],
      1000,
    );
    expect(stale).toEqual([]);
    expect(store.get(1)).toEqual(summary(1, { score: { home: 1, away: 0 }, seq: 6 }));
    expect(store.scoreChangedAt(1)).toBe(1000);
  });

  it('does not apply a diff made from another version, and names the match to fetch again', () => {
    const store = createLiveStore();
    store.seed([summary(1)]);
    const stale = store.apply(
      [{ op: 'diff', id: 1, from: 6, seq: 7, d: { score: { home: 2, away: 0 } } }],
      0,
    );
    expect(stale).toEqual([1]);
    expect(store.get(1)?.seq).toBe(5);
    expect(store.get(1)?.score).toEqual({ home: 0, away: 0 });
  });

  it('asks for a match it has never seen when a diff of it arrives', () => {
    const store = createLiveStore();
    expect(store.apply([{ op: 'diff', id: 9, from: 1, seq: 2, d: {} }], 0)).toEqual([9]);
  });

  it('ignores a late or repeated diff and an older snapshot: a score never goes back', () => {
    const store = createLiveStore();
    store.seed([summary(1, { seq: 8, score: { home: 3, away: 1 } })]);
    const stale = store.apply(
      [
        { op: 'diff', id: 1, from: 6, seq: 7, d: { score: { home: 2, away: 1 } } },
        { op: 'diff', id: 1, from: 7, seq: 8, d: { score: { home: 3, away: 1 } } },
        { op: 'snap', m: summary(1, { seq: 6, score: { home: 1, away: 1 } }) },
      ],
      0,
    );
    expect(stale).toEqual([]);
    expect(store.get(1)).toMatchObject({ seq: 8, score: { home: 3, away: 1 } });
  });

  it('keeps the newer of the page data and the pushed version', () => {
    const store = createLiveStore();
    store.apply([{ op: 'snap', m: summary(1, { seq: 9, score: { home: 1, away: 0 } }) }], 0);
    store.seed([summary(1, { seq: 7 }), summary(2)]);
    expect(store.versions()).toEqual({ 1: 9, 2: 5 });
  });
});

describe('the live view of a list', () => {
  it('keeps the order of the page data, appends matches that went live in its topics and highlights new scores', () => {
    const store = createLiveStore();
    const initial = [summary(1), summary(2)];
    store.seed(initial);
    store.apply(
      [
        { op: 'diff', id: 2, from: 5, seq: 6, d: { score: { home: 0, away: 1 } } },
        { op: 'snap', m: summary(3, { startTime: Date.UTC(2026, 10, 22, 13) }) },
        { op: 'snap', m: summary(4, { gameId: 201 }) },
        { op: 'snap', m: summary(5, { status: 'finished' }) },
      ],
      10_000,
    );

    const view = liveView(store, initial, ['live:202'], 10_500);
    expect(view.matches.map((match) => match.id)).toEqual([1, 2, 3]);
    expect(view.matches[1]?.score).toEqual({ home: 0, away: 1 });
    expect([...view.changed]).toEqual([2]);
    expect(view.nextExpiry).toBe(10_000 + HIGHLIGHT_MS);
    expect(liveView(store, initial, ['live:202'], 10_000 + HIGHLIGHT_MS).changed.size).toBe(0);
    expect(liveView(store, initial, ['day:2026-11-22'], 10_500).matches).toHaveLength(2);
  });

  it('leaves out a match that went live in a league the page keeps folded', () => {
    const store = createLiveStore();
    const initial = [summary(1)];
    store.seed(initial);
    store.apply([{ op: 'snap', m: summary(3) }], 10_000);
    expect(liveView(store, initial, ['live'], 10_500).matches.map((match) => match.id)).toEqual([1, 3]);
    const folded = new Set([3]);
    expect(liveView(store, initial, ['live'], 10_500, folded).matches.map((match) => match.id)).toEqual([1]);
  });
});

/** Sockets the connection opened, driven by the test. */
class TestSocket implements ScoreSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  opened() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown[]) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  dropped() {
    this.readyState = 3;
    this.onclose?.();
  }
}

describe('the score connection', () => {
  let sockets: TestSocket[];
  let online: boolean;
  const connection = () =>
    createScoreConnection({
      url: 'ws://test/ws/scores',
      open: () => {
        const socket = new TestSocket();
        sockets.push(socket);
        return socket;
      },
      online: () => online,
      random: () => 1,
    });

  const socket = (index: number) => {
    const opened = sockets[index];
    if (!opened) throw new Error(`socket ${index} was not opened`);
    return opened;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    online = true;
  });
  afterEach(() => vi.useRealTimers());

  it('opens one socket on first use and subscribes every follower topic once', () => {
    const live = connection();
    expect(sockets).toHaveLength(0);
    live.follow(['live:202', 'match:1']);
    live.follow(['match:1']);
    expect(sockets).toHaveLength(1);
    socket(0).opened();
    expect(live.status).toBe('connected');
    expect(socket(0).sent).toEqual([{ op: 'sub', topics: ['live:202', 'match:1'], since: {} }]);
  });

  it('asks for a snapshot when a diff does not follow the version held', () => {
    const live = connection();
    live.follow(['match:1']);
    socket(0).opened();
    socket(0).receive([{ op: 'snap', m: summary(1) }]);
    socket(0).receive([{ op: 'diff', id: 1, from: 6, seq: 7, d: { score: { home: 1, away: 0 } } }]);
    expect(socket(0).sent.at(-1)).toEqual({ op: 'get', ids: [1] });
    expect(live.store.get(1)?.seq).toBe(5);
  });

  it('holds back what the push says of a held match by the hold, in order, and nothing else', () => {
    const live = connection();
    live.follow(['match:1', 'match:2']);
    socket(0).opened();
    socket(0).receive([
      { op: 'snap', m: summary(1) },
      { op: 'snap', m: summary(2) },
    ]);
    let delay = 2000;
    live.hold(1, () => delay);
    const goal = { score: { home: 1, away: 0 } };
    socket(0).receive([
      { op: 'diff', id: 1, from: 5, seq: 6, d: goal },
      { op: 'diff', id: 2, from: 5, seq: 6, d: goal },
    ]);
    expect(live.store.get(2)?.score).toEqual(goal.score);
    expect(live.store.get(1)?.seq).toBe(5);
    // A shorter delay later does not let the next diff overtake the first.
    delay = 500;
    vi.advanceTimersByTime(1000);
    socket(0).receive([{ op: 'diff', id: 1, from: 6, seq: 7, d: { score: { home: 2, away: 0 } } }]);
    vi.advanceTimersByTime(999);
    expect(live.store.get(1)?.seq).toBe(5);
    vi.advanceTimersByTime(1);
    expect(live.store.get(1)?.seq).toBe(7);
    expect(socket(0).sent.some((message) => (message as { op: string }).op === 'get')).toBe(false);
  });

  it('shows the version of a held match its delay has reached, and each later one when it reaches it', () => {
    const live = connection();
    live.follow(['match:1']);
    socket(0).opened();
    // The page already holds the newest version, pushed before the room opened.
    socket(0).receive([{ op: 'snap', m: summary(1, { seq: 7, score: { home: 2, away: 0 } }) }]);
    live.hold(1, () => 4000, [
      { match: summary(1, { seq: 5 }), ageMs: 60_000 },
      { match: summary(1, { seq: 6, score: { home: 1, away: 0 } }), ageMs: 10_000 },
      { match: summary(1, { seq: 7, score: { home: 2, away: 0 } }), ageMs: 1000 },
    ]);
    // Ten seconds old is older than the delay: shown; one second old waits three more.
    expect(live.store.get(1)?.score).toEqual({ home: 1, away: 0 });
    vi.advanceTimersByTime(500);
    socket(0).receive([{ op: 'diff', id: 1, from: 7, seq: 8, d: { score: { home: 3, away: 0 } } }]);
    vi.advanceTimersByTime(2499);
    expect(live.store.get(1)?.seq).toBe(6);
    vi.advanceTimersByTime(1);
    expect(live.store.get(1)?.score).toEqual({ home: 2, away: 0 });
    expect(live.store.scoreChangedAt(1)).toBe(Date.now());
    // What came while the room was open is held by the delay after it, in order.
    vi.advanceTimersByTime(1499);
    expect(live.store.get(1)?.seq).toBe(7);
    vi.advanceTimersByTime(1);
    expect(live.store.get(1)?.score).toEqual({ home: 3, away: 0 });
    expect(socket(0).sent.some((message) => (message as { op: string }).op === 'get')).toBe(false);
  });

  it('applies what it still holds at once when the hold ends', () => {
    const live = connection();
    live.follow(['match:1']);
    socket(0).opened();
    socket(0).receive([{ op: 'snap', m: summary(1) }]);
    const release = live.hold(1, () => 5000);
    socket(0).receive([{ op: 'diff', id: 1, from: 5, seq: 6, d: { score: { home: 0, away: 1 } } }]);
    release();
    expect(live.store.get(1)?.score).toEqual({ home: 0, away: 1 });
    socket(0).receive([{ op: 'diff', id: 1, from: 6, seq: 7, d: { score: { home: 0, away: 2 } } }]);
    expect(live.store.get(1)?.seq).toBe(7);
  });

  it('reconnects with growing delays after drops and resubscribes with the versions it holds', () => {
    const live = connection();
    live.follow(['live:202']);
    socket(0).opened();
    socket(0).receive([
      { op: 'subscribed', topics: ['live:202'] },
      { op: 'snap', m: summary(1) },
    ]);
    socket(0).dropped();
    expect(live.status).toBe('reconnecting');

    vi.advanceTimersByTime(reconnectDelay(0, () => 1) - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    socket(1).dropped();
    vi.advanceTimersByTime(reconnectDelay(1, () => 1));
    expect(sockets).toHaveLength(3);

    socket(2).opened();
    expect(live.status).toBe('connected');
    expect(socket(2).sent).toEqual([{ op: 'sub', topics: ['live:202'], since: { 1: 5 } }]);
  });

  it('says it is offline when the browser is, and reconnects at once when it comes back', () => {
    const live = connection();
    live.follow(['live']);
    socket(0).opened();
    online = false;
    socket(0).dropped();
    expect(live.status).toBe('offline');
    online = true;
    live.wake();
    expect(sockets).toHaveLength(2);
  });

  it('unsubscribes a topic when its last follower leaves', () => {
    const live = connection();
    const first = live.follow(['live', 'match:1']);
    const second = live.follow(['match:1']);
    socket(0).opened();
    first();
    second();
    expect(socket(0).sent.slice(1)).toEqual([
      { op: 'unsub', topics: ['live'] },
      { op: 'unsub', topics: ['match:1'] },
    ]);
  });
});

describe('reconnect delays', () => {
  it('double with each attempt, with jitter of up to half, and stop growing at 10 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(20, () => 1)).toBe(10_000);
    expect(reconnectDelay(20, () => 0)).toBe(5000);
  });
});
