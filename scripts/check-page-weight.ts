// After `react-router build` (in `npm run build`): the gzipped JavaScript each page loads before it
// runs, against its budget in config/page-budgets.json. A page over its budget, or one without a
// budget, fails the build with its weight and its budget (decision 030).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;

interface RouteAssets {
  module?: string;
  imports?: string[];
  parentId?: string;
}
/** The part of the server build's `assets` manifest the check reads. */
export interface Assets {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteAssets | undefined>;
}
export interface PageWeight {
  route: string;
  files: number;
  kb: number;
}

/**
 * The script files a page loads: the client entry and its imports, then each route from the root
 * down to the page, with the chunks each imports (the `assets` manifest of the server build).
 */
export function pageFiles(assets: Assets, routeId: string): string[] {
  const files = new Set([assets.entry.module, ...assets.entry.imports]);
  const chain: RouteAssets[] = [];
  for (
    let route = assets.routes[routeId];
    route;
    route = route.parentId ? assets.routes[route.parentId] : undefined
  )
    chain.unshift(route);
  for (const route of chain) {
    if (route.module) files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** Each page's weight in KB: the sum of its files' sizes, each gzipped on its own as it is sent. */
export function pageWeights(assets: Assets, sizeOf: (file: string) => number): PageWeight[] {
  return Object.keys(assets.routes).map((route) => {
    const files = pageFiles(assets, route);
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    return { route, files: files.length, kb: Math.round((bytes / KB) * 10) / 10 };
  });
}

/** One line for every page over its budget or without one; none when all are within. */
export function budgetBreaks(weights: PageWeight[], budgets: Record<string, number>): string[] {
  return weights.flatMap(({ route, kb }) => {
    const budget = budgets[route];
    if (budget === undefined)
      return [`${route}: ${kb} KB and no budget (add one to config/page-budgets.json)`];
    return kb > budget ? [`${route}: ${kb} KB is over its budget of ${budget} KB`] : [];
  });
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const { assets } = await import(pathToFileURL(path.join(root, 'build/server/index.js')).href);
  const budgets = JSON.parse(readFileSync(path.join(root, 'config/page-budgets.json'), 'utf8'));
  // Level 9, as the build's own .gz copies that the server sends.
  const sizeOf = (file: string) =>
    gzipSync(readFileSync(path.join(root, 'build/client', file)), { level: 9 }).length;
  const weights = pageWeights(assets, sizeOf);
  const breaks = budgetBreaks(weights, budgets);
  const home = weights.find((weight) => weight.route === 'routes/home');
  console.log(`Page weight: ${weights.length} pages, home ${home?.kb} KB of gzipped JavaScript.`);
  if (process.argv.includes('--list'))
    for (const { route, files, kb } of weights)
      console.log(`${String(kb).padStart(7)} KB ${String(files).padStart(3)} ${route}`);
  if (breaks.length === 0) return;
  console.error(`Pages over their JavaScript budget:\n${breaks.map((line) => `  ${line}`).join('\n')}`);
  process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
