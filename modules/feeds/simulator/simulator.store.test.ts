import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { matches } from '../../../db/schema/index';
import { createMemoryBus } from '../../../platform/bus/memory';
import { embeddedOnly, openTestDatabase } from '../../../test/databases';
import { createMatchStore } from '../../matches/store';
import { DAY_MS } from './calendar';
import { createSimulatorFeed } from './simulator';

// A Sunday afternoon (UTC), when many matches are in play.
const NOW = Date.UTC(2026, 10, 22, 14, 30);

describe.each(embeddedOnly)('the simulator feeding the match store on $name', (target) => {
  it('fills the window, and the sandbox control makes a goal happen in the store', async () => {
    const database = await openTestDatabase(target);
    const log = pino({ level: 'silent' });
    const store = createMatchStore({ db: database.db, bus: createMemoryBus(), log });
    const feed = createSimulatorFeed({ seed: 3, speed: 1, now: () => NOW, log, tickMs: 60_000 });

    await feed.start(store);
    await feed.stop();

    // Every competition, team and player is named in Chinese too, in Simplified and Traditional characters.
    const localized = async (kind: string, table: string, externalId: string) => {
      const { rows } = (await database.db.execute(sql`
        select r.name, l.locale, l.name as localized from ${sql.raw(table)} r
        join localized_names l on l.kind = ${kind} and l.ref_id = r.id
        where r.source = 'sim' and r.external_id = ${externalId} order by l.locale`)) as unknown as {
        rows: { name: string; locale: string; localized: string }[];
      };
      return rows.map((row) => `${row.name}: ${row.locale} ${row.localized}`);
    };
    expect(await localized('competition', 'competitions', 'soccer:eng')).toEqual([
      'English Premier Division: zh_CN 英格兰超级联赛',
      'English Premier Division: zh_tw 英格蘭超級聯賽',
    ]);
    expect(await localized('team', 'teams', 'soccer:eng:1')).toEqual([
      'Bradfield Rovers: zh_CN 布拉德菲尔德流浪者',
      'Bradfield Rovers: zh_tw 布拉德菲爾德流浪者',
    ]);
    expect(await localized('player', 'players', 'soccer:eng:1:1')).toEqual([
      'Tyler Colby: zh_CN 泰勒·科尔比',
      'Tyler Colby: zh_tw 泰勒·科爾比',
    ]);
    const { rows: unnamed } = (await database.db.execute(sql`
      select kind, count(*)::int as count from (
        select 'competition' as kind, id from competitions
        union all select 'team', id from teams
        union all select 'player', id from players
      ) r cross join (values ('zh_CN'), ('zh_tw')) as locales(locale)
      where not exists (
        select 1 from localized_names l where l.kind = r.kind and l.ref_id = r.id and l.locale = locales.locale)
      group by kind`)) as unknown as { rows: { kind: string; count: number }[] };
    expect(unnamed).toEqual([]);

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
        union all select 'match:' || id || ':' || xmin from matches
        union all select 'name:' || kind || ':' || ref_id || ':' || locale || ':' || xmin
          from localized_names`)) as unknown as {
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
