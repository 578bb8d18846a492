import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { BROWSER_LAUNCH, demoExpertsRanked, fixturesFilled, SHARED_APP_ENV, startApp } from './harness';

/**
 * The suite's global set-up: one built app and one Chromium for every end-to-end file
 * (`sharedAppAndBrowser`), stopped after the last file.
 */
export default async function setup(project: TestProject) {
  const [app, browser] = await Promise.all([startApp(SHARED_APP_ENV), chromium.launchServer(BROWSER_LAUNCH)]);
  // The files read the simulator's whole fortnight (finished, live and upcoming matches) and the
  // demo experts' records at once.
  await fixturesFilled(app);
  await demoExpertsRanked(app);
  project.provide('sharedAppUrl', app.url);
  project.provide('sharedBrowserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await app.stop();
  };
}
