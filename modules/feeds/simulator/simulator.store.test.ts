import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { matches } from '../../../db/schema/index';
import { createMemoryBus } from '../../../platform/bus/memory';
import { databaseTargets, openTestDatabase } from '../../../test/databases';
import { createMatchStore } from '../../matches/store';
import { DAY_MS } from './calendar';
import { createSimulatorFeed } from './simulator';

// A Sunday afternoon (UTC), when many matches are in play.
const NOW = Date.UTC(2026, 10, 22, 14, 30);

describe.each(databaseTargets.slice(0, 1))('the simulator feeding the match store on $name', (target) => {
  it('fills the window, and the sandbox control makes a goal happen in the store', async () => {
    const database = await openTestDatabase(target);
    const log = pino({ level: 'silent' });
    const store = createMatchStore({ db: database.db, bus: createMemoryBus(), log });
    const feed = createSimulatorFeed({ seed: 3, speed: 1, now: () => NOW, log, tickMs: 60_000 });

    await feed.start(store);
    await feed.stop();

    const window = await store.window(new Date(NOW - 8 * DAY_MS), new Date(NOW + 8 * DAY_MS));
    expect(window.length).toBeGreaterThan(1500);
    expect(window.length).toBeLessThan(4000);
    const live = window.filter((match) => match.game === 'soccer' && match.status === 'in_progress');
    expect(live.length).toBeGreaterThan(0);

    // A match in its first half: one late on may well end without another goal.
    const match = live.find((summary) => summary.period === 'H1');
    if (!match) throw new Error('no soccer match in its first half');
    const before = await store.detail(match.id);
    const [row] = await database.db
      .select({ externalId: matches.externalId })
      .from(matches)
      .where(eq(matches.id, match.id));
    const update = await feed.advanceToNextScore(row?.externalId ?? '');
    expect(update).not.toBeNull();
    const after = await store.detail(match.id);
    expect(after?.summary.score).not.toEqual(before?.summary.score);
    expect(after?.summary.seq).toBeGreaterThan(before?.summary.seq ?? 0);
    // The goal names its scorer from the lineup.
    const goal = after?.incidents.filter((incident) => incident.type.includes('goal')).at(-1);
    expect(goal?.player?.name).toBeTruthy();
    expect(after?.extras.lineups?.home.starters).toHaveLength(11);

    // A restart a minute later sends the whole window again: only matches that moved on are written.
    const versions = async () => {
      // Both drivers answer with { rows }.
      const { rows } = (await database.db.execute(sql`
        select 'team:' || id || ':' || xmin as id from teams
        union all select 'player:' || id || ':' || xmin from players
        union all select 'match:' || id || ':' || xmin from matches`)) as unknown as {
        rows: { id: string }[];
      };
      return new Set(rows.map((row) => row.id));
    };
    const beforeRestart = await versions();
    const restarted = createSimulatorFeed({
      seed: 3,
      speed: 1,
      now: () => NOW + 60_000,
      log,
      tickMs: 60_000,
    });
    await restarted.start(store);
    await restarted.stop();
    const rewritten = [...(await versions())].filter((version) => !beforeRestart.has(version));
    expect(rewritten.filter((version) => !version.startsWith('match:'))).toEqual([]);
    const inPlay = window.filter((summary) => summary.status === 'in_progress').length;
    expect(rewritten.length).toBeLessThan(inPlay + 20);
  }, 180_000);
});
