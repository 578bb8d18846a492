import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app started for real, checked over HTTP and in headless Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    // One app and one Chromium for every file (e2e/shared-app.ts).
    globalSetup: ['e2e/shared-app.ts'],
    // Two files at a time keep both cores busy: 861 s in CI instead of 1,080 one at a time (decision 035).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the app does in its own time (a page's data, a pushed event);
    // its default of one second is a guess at a loaded machine's speed, not a condition.
    expect: { poll: { timeout: 15_000 } },
  },
});
