import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app started for real, checked over HTTP and in headless Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    // One app and one Chromium for every file (e2e/shared-app.ts).
    globalSetup: ['e2e/shared-app.ts'],
    // Two files at a time keep both cores busy (877 s instead of about 1,150 one at a time).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the app does in its own time (a page's data, a pushed event);
    // its default of one second is a guess at a loaded machine's speed, not a condition.
    expect: { poll: { timeout: 15_000 } },
  },
});
