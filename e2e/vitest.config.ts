import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app started for real, checked over HTTP and in headless Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    // One app and one Chromium for every file (e2e/shared-app.ts).
    globalSetup: ['e2e/shared-app.ts'],
    // One file at a time: two at a time kept both cores busy and took 877 s instead of about
    // 1,150, but three tests failed that way (an admin's user search found another file's user,
    // a VIP upgrade's price and the expert list under load), to be made independent first.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the app does in its own time (a page's data, a pushed event);
    // its default of one second is a guess at a loaded machine's speed, not a condition.
    expect: { poll: { timeout: 15_000 } },
  },
});
