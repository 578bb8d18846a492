import { describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase, type TestDatabaseTarget } from '../../test/databases';
import { createSettings } from './settings';

/** Settings on a fresh database of the target. */
async function freshSettings(target: TestDatabaseTarget) {
  return createSettings((await openTestDatabase(target)).db);
}

describe.each(databaseTargets)('settings on $name', (target) => {
  it('stores, replaces and reads values', async () => {
    const settings = await freshSettings(target);
    expect(await settings.get('theme')).toBeUndefined();
    await settings.set('theme', { color: '#d9381f' });
    await settings.set('theme', { color: '#111111' });
    expect(await settings.get('theme')).toEqual({ color: '#111111' });
  });

  it('agrees on one generated value when many ask at once', async () => {
    const settings = await freshSettings(target);
    let made = 0;
    const values = await Promise.all(
      Array.from({ length: 20 }, () => settings.getOrCreate('secret', () => `value-${++made}`)),
    );
    expect(new Set(values).size).toBe(1);
  });
});
