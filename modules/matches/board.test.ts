import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../../platform/bus/memory';
import { boardWindow, createMatchBoard, RECENT_MS } from './board';
import type { MatchSummary } from './matches.contract';
import { MATCHES_CHANGED, type MatchStore } from './store';
import { testSummary } from './test-summaries';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 24 * 3600 * 1000;

const summary = (id: number, seq: number, startTime = NOW): MatchSummary =>
  testSummary(id, { seq, startTime, score: { home: seq, away: 0 } });

async function startedBoard(stored: MatchSummary[], now = () => NOW) {
  const bus = createMemoryBus();
  const store = {
    window: vi.fn(async (from: Date, to: Date) =>
      stored.filter((s) => s.startTime >= from.getTime() && s.startTime < to.getTime()),
    ),
    leagueRanks: async () => new Map([[1, 5]]),
  } as unknown as MatchStore;
  const board = createMatchBoard({ store, bus, log: pino({ level: 'silent' }), now });
  await board.start();
  return { board, bus, store };
}

describe('the match board', () => {
  it('spans from the start of the UTC day a week back to the end of the day a week ahead', () => {
    const day = Date.parse('2026-11-22T00:00:00Z');
    expect(boardWindow(NOW)).toEqual({ from: day - 7 * DAY, to: day + 8 * DAY });
  });

  it('loads the window at start', async () => {
    const { board } = await startedBoard([summary(1, 3), summary(2, 1, NOW - 9 * DAY)]);
    expect([...board.all()].map((s) => s.id)).toEqual([1]);
    expect(board.leagueRank(1)).toBe(5);
    await board.stop();
  });

  it('takes newer versions from the bus and ignores late or repeated ones', async () => {
    const { board, bus } = await startedBoard([summary(1, 3)]);
    const seen: [number, number | undefined][] = [];
    board.subscribe((next, previous) => seen.push([next.seq, previous?.seq]));
    const versionBefore = board.version;
    for (const seq of [5, 4, 5, 2, 6]) await bus.publish(MATCHES_CHANGED, { summary: summary(1, seq) });
    await vi.waitFor(() => expect(board.get(1)?.seq).toBe(6));
    expect(seen).toEqual([
      [5, 3],
      [6, 5],
    ]);
    expect(board.version).toBe(versionBefore + 2);
    // A match outside the window is not kept.
    await bus.publish(MATCHES_CHANGED, { summary: summary(9, 1, NOW + 20 * DAY) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(board.get(9)).toBeUndefined();
    await board.stop();
  });

  it('drops the past day and loads the new one as the days go by', async () => {
    let now = NOW;
    const { board } = await startedBoard(
      [summary(1, 1, NOW - 7 * DAY + 3600_000), summary(2, 1, NOW + 8 * DAY)],
      () => now,
    );
    expect([...board.all()].map((s) => s.id)).toEqual([1]);
    now += DAY;
    // The hourly roll is a job of every instance (server/services.ts).
    await board.roll();
    expect([...board.all()].map((s) => s.id)).toEqual([2]);
    await board.stop();
  });

  it("keeps each match's versions of the last 30 s, with when each became current", async () => {
    let now = NOW;
    const { board, bus } = await startedBoard([summary(1, 1), summary(2, 1)], () => now);
    expect(board.recent(1)).toEqual([]);
    now += 1000;
    await bus.publish(MATCHES_CHANGED, { summary: summary(1, 2) });
    now += 1000;
    await bus.publish(MATCHES_CHANGED, { summary: summary(1, 3) });
    await vi.waitFor(() => expect(board.get(1)?.seq).toBe(3));
    // The version loaded at start became current before the board knew: its time is 0.
    expect(board.recent(1).map(({ summary, since }) => [summary.seq, since])).toEqual([
      [1, 0],
      [2, NOW + 1000],
      [3, NOW + 2000],
    ]);
    // Once a version stopped being current longer ago than RECENT_MS, it goes.
    now = NOW + 1000 + RECENT_MS + 1;
    expect(board.recent(1).map(({ summary }) => summary.seq)).toEqual([2, 3]);
    now = NOW + 2000 + RECENT_MS;
    expect(board.recent(1)).toEqual([]);
    expect(board.recent(2)).toEqual([]);
    await board.stop();
  });

  it("tells how late a change is behind its provider's time, where the feed gives one", async () => {
    const bus = createMemoryBus();
    const store = { window: async () => [], leagueRanks: async () => new Map() } as unknown as MatchStore;
    const delays: [string, number][] = [];
    const board = createMatchBoard({
      store,
      bus,
      log: pino({ level: 'silent' }),
      now: () => NOW,
      sourceDelay: (game, seconds) => delays.push([game, seconds]),
    });
    await board.start();
    await bus.publish(MATCHES_CHANGED, { summary: summary(1, 2), sourceAt: NOW - 2500 });
    // The simulator gives no provider's time: nothing to tell.
    await bus.publish(MATCHES_CHANGED, { summary: summary(1, 3) });
    await vi.waitFor(() => expect(board.get(1)?.seq).toBe(3));
    expect(delays).toEqual([[summary(1, 2).game, 2.5]]);
    await board.stop();
  });
});
