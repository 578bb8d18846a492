import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries } from './boundaries';

const root = path.resolve(import.meta.dirname, '..');

describe('import boundaries (docs/ARCHITECTURE.md)', () => {
  it('holds for the whole source tree', () => {
    expect(checkBoundaries(root)).toEqual([]);
  });

  it('names the rule and the import of every break, on a small tree that breaks each rule once', () => {
    expect(checkBoundaries(path.join(import.meta.dirname, 'fixtures/boundaries'))).toEqual([
      '[app-platform] app/page.tsx imports platform/secrets.ts: pages may use only platform/roles.ts, platform/sessions.ts, platform/paging.ts',
      '[app-through-faces] app/page.tsx imports modules/scores/store.ts: pages use a module only through its index or contract files',
      '[components-no-features] app/components/frame.tsx imports app/features/scores/index.ts: components, lib, i18n and state import no feature',
      '[feature-faces] app/features/news/news-list.tsx imports app/features/scores/score-row.tsx: another feature is used only through its index.ts (or index.server.ts for loaders)',
      '[layers] lib/format.ts imports platform/shout.ts: imports flow lib/db -> platform -> modules -> server',
      '[module-faces] modules/news/news.service.ts imports modules/scores/board.ts: a module is used from outside only through its index or contract files',
      '[module-faces] server/app.ts imports modules/news/news.service.ts: a module is used from outside only through its index or contract files',
      '[no-circles] modules/scores/board.ts -> modules/scores/store.ts -> modules/scores/board.ts',
      '[routes-on-top] app/features/news/news-list.tsx imports app/routes/home.tsx: only routes import routes; they draw features and components',
    ]);
  });
});
