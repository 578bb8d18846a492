import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app started for real, checked over HTTP and in headless Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
