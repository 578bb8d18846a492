import { createRequestHandler, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as entry from './entry.server';
import type { AppLoadContext } from './load-context';

/** The smallest build React Router renders: one route, the page below. */
const build = {
  entry: { module: entry },
  routes: {
    root: { id: 'root', path: '', module: { default: () => <p>Full time</p> } },
  },
  assets: {
    entry: { module: '/entry.client.js', imports: [] },
    routes: {
      root: {
        id: 'root',
        path: '',
        module: '/root.js',
        hasAction: false,
        hasLoader: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
        imports: [],
      },
    },
    url: '/manifest.js',
    version: '1',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  basename: '/',
} as unknown as ServerBuild;

const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('the server render', () => {
  const handle = createRequestHandler(build, 'production');
  const context = { cspNonce: 'nonce' } as AppLoadContext;

  it.each([
    ['a person', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36'],
    ['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ])('leaves nothing holding a page rendered for %s once it is sent', async (_who, userAgent) => {
    const before = pendingTimers();
    for (let i = 0; i < 3; i++) {
      const response = await handle(
        new Request('http://site.test/', { headers: { 'user-agent': userAgent } }),
        context,
      );
      expect(await response.text()).toContain('Full time');
    }
    // A timer that gives up a slow render would otherwise keep every render of the last seconds.
    expect(pendingTimers()).toBe(before);
  });
});
