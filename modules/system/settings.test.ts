import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { createPostgresDatabase, postgresAvailable } from '../../test/services';
import { createSettings } from './settings';

const targets = [
  {
    name: 'PGlite',
    open: async () => ({ database: await openDatabase({ dataDir: null }), drop: async () => {} }),
  },
  ...(postgresAvailable
    ? [
        {
          name: 'PostgreSQL',
          open: async () => {
            const created = await createPostgresDatabase();
            return { database: await openDatabase({ url: created.url }), drop: created.drop };
          },
        },
      ]
    : []),
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A fresh database of the target, closed and dropped after the file. */
async function freshSettings(open: (typeof targets)[number]['open']) {
  const { database, drop } = await open();
  cleanups.push(async () => {
    await database.close();
    await drop();
  });
  return createSettings(database.db);
}

describe.each(targets)('settings on $name', ({ open }) => {
  it('stores, replaces and reads values', async () => {
    const settings = await freshSettings(open);
    expect(await settings.get('theme')).toBeUndefined();
    await settings.set('theme', { color: '#d9381f' });
    await settings.set('theme', { color: '#111111' });
    expect(await settings.get('theme')).toEqual({ color: '#111111' });
  });

  it('agrees on one generated value when many ask at once', async () => {
    const settings = await freshSettings(open);
    let made = 0;
    const values = await Promise.all(
      Array.from({ length: 20 }, () => settings.getOrCreate('secret', () => `value-${++made}`)),
    );
    expect(new Set(values).size).toBe(1);
  });
});
