import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createMemoryBus } from '../../platform/bus/memory';
import type { Jobs } from '../../platform/jobs/index';
import { LIVE_STATUS_EVENT } from '../live/live.contract';
import { searchModule } from './index';
import { cacheSearch } from './search.cache';
import type { Search } from './search.service';

/** A search that counts what it computes; the text 'broken' fails. */
function countingSearch() {
  const computed: string[] = [];
  const answer = async (what: string, text: string) => {
    computed.push(what);
    await Promise.resolve();
    if (text === 'broken') throw new Error('database gone');
    return { what, at: computed.length } as never;
  };
  const search: Search = {
    all: (text, locale) => answer(`all ${locale} ${text}`, text),
    tab: (text, tab, locale) => answer(`${tab} ${locale} ${text}`, text),
    suggest: (text, locale) => answer(`suggest ${locale} ${text}`, text),
  };
  return { search, computed };
}

/** Jobs that only record what is scheduled. */
function noJobs() {
  return { every: vi.fn() } as unknown as Jobs & { every: ReturnType<typeof vi.fn> };
}

describe('the search cache', () => {
  it('answers a call, language and text from what it kept, and concurrent askers share one statement', async () => {
    const { search, computed } = countingSearch();
    const cached = cacheSearch(search);
    const [first, second] = await Promise.all([
      cached.suggest('derby', 'en_US'),
      cached.suggest('derby', 'en_US'),
    ]);
    expect(second).toBe(first);
    await cached.suggest('derby', 'zh_CN');
    await cached.all('derby', 'en_US');
    await cached.tab('derby', 'rooms', 'en_US');
    await cached.tab('derby', 'news', 'en_US');
    await cached.suggest('derby', 'en_US');
    expect(computed).toEqual([
      'suggest en_US derby',
      'suggest zh_CN derby',
      'all en_US derby',
      'rooms en_US derby',
      'news en_US derby',
    ]);
  });

  it('asks again once an answer is ten seconds old, and after a failure', async () => {
    const { search, computed } = countingSearch();
    let now = 0;
    const cached = cacheSearch(search, { now: () => now });
    await cached.all('derby', 'en_US');
    now = 9_999;
    await cached.all('derby', 'en_US');
    now = 10_000;
    await cached.all('derby', 'en_US');
    await expect(cached.all('broken', 'en_US')).rejects.toThrow('database gone');
    await expect(cached.all('broken', 'en_US')).rejects.toThrow('database gone');
    expect(computed).toEqual(['all en_US derby', 'all en_US derby', 'all en_US broken', 'all en_US broken']);
  });

  it('drops every answer when a room goes on or off air, as the bus tells every instance', async () => {
    const { search, computed } = countingSearch();
    const cached = cacheSearch(search);
    const bus = createMemoryBus();
    const stop = await searchModule.start({ search: cached, bus, jobs: noJobs(), database: {} as Database });
    await cached.tab('derby', 'rooms', 'en_US');
    const forget = vi.spyOn(cached, 'forget');
    await bus.publish(LIVE_STATUS_EVENT, { roomId: 1, live: true });
    await vi.waitFor(() => expect(forget).toHaveBeenCalled());
    await cached.tab('derby', 'rooms', 'en_US');
    expect(computed).toEqual(['rooms en_US derby', 'rooms en_US derby']);
    await stop();
  });

  it('has the indexes built afresh once a day, by the one instance that runs schedules', async () => {
    const jobs = noJobs();
    const stop = await searchModule.start({
      search: cacheSearch(countingSearch().search),
      bus: createMemoryBus(),
      jobs,
      database: {} as Database,
    });
    expect(jobs.every).toHaveBeenCalledWith('search:rebuild-indexes', 24 * 3600_000, expect.any(Function));
    await stop?.();
  });
});
