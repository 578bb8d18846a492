import { describe, expect, it } from 'vitest';
import { budgetBreaks, pageFiles, pageWeights } from './check-page-weight';

/** A small build: the entry, a root route and two pages under it, one of which imports a big chunk. */
const assets = {
  entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
  routes: {
    root: { id: 'root', module: '/assets/root.js', imports: ['/assets/react.js'] },
    'routes/home': {
      id: 'routes/home',
      parentId: 'root',
      module: '/assets/home.js',
      imports: ['/assets/big.js'],
    },
    'routes/about': { id: 'routes/about', parentId: 'root', module: '/assets/about.js', imports: [] },
  },
};
const sizes: Record<string, number> = {
  '/assets/entry.js': 10 * 1024,
  '/assets/react.js': 50 * 1024,
  '/assets/root.js': 5 * 1024,
  '/assets/home.js': 4 * 1024,
  '/assets/big.js': 100 * 1024,
  '/assets/about.js': 1024,
};
const sizeOf = (file: string) => sizes[file] ?? 0;

describe('the page-weight check', () => {
  it('counts the entry, every route from the root down to the page and their imports, each file once', () => {
    expect(pageFiles(assets, 'routes/home').sort()).toEqual(
      ['/assets/big.js', '/assets/entry.js', '/assets/home.js', '/assets/react.js', '/assets/root.js'].sort(),
    );
    expect(pageWeights(assets, sizeOf)).toContainEqual({ route: 'routes/home', files: 5, kb: 169 });
  });

  it('fails a page over its budget, naming the page, its weight and its budget', () => {
    const weights = pageWeights(assets, sizeOf);
    expect(budgetBreaks(weights, { root: 70, 'routes/home': 150, 'routes/about': 70 })).toEqual([
      'routes/home: 169 KB is over its budget of 150 KB',
    ]);
  });

  it('fails a page that has no budget, and passes pages within theirs', () => {
    const weights = pageWeights(assets, sizeOf);
    expect(budgetBreaks(weights, { root: 70, 'routes/home': 170 })).toEqual([
      'routes/about: 66 KB and no budget (add one to config/page-budgets.json)',
    ]);
    expect(budgetBreaks(weights, { root: 70, 'routes/home': 170, 'routes/about': 66 })).toEqual([]);
  });
});
