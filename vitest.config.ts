import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'build/**', 'e2e/**', 'data/**'],
    environment: 'node',
    // A worker per core: the files wait on their databases and servers as much as they compute
    // (on 2 cores the suite takes about half the time of one worker).
    maxWorkers: availableParallelism(),
    // One migrated embedded database, dumped for every test's fresh one to start from.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what the app does in its own time (a page's data, a pushed event);
    // its default of one second is a guess at a loaded machine's speed, not a condition.
    expect: { poll: { timeout: 15_000 } },
  },
});
