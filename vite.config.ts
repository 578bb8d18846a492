import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const pageEntries = ['app/entry.client.tsx', 'app/root.tsx'].map((file) =>
  path.resolve(import.meta.dirname, file),
);
const gzipped = promisify(gzip);

/**
 * Writes a brotli and a gzip copy beside every script, style and SVG of the browser build, once,
 * at the highest settings; the server sends the copy a browser accepts (@fastify/static
 * `preCompressed`), so no file is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(options.dir as string, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          await writeFile(
            `${full}.br`,
            await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${full}.gz`, await gzipped(content, { level: 9 }));
        }),
      );
    },
  };
}

/** Each chunking pass's modules that every page loads: what the client entry and the root route import. */
const everyPageCache = new WeakMap<ChunkingContext, Set<string>>();
function everyPage(ctx: ChunkingContext): Set<string> {
  const known = everyPageCache.get(ctx);
  if (known) return known;
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  pageEntries.forEach(visit);
  everyPageCache.set(ctx, found);
  return found;
}

/**
 * Every page's code goes into two chunks, the libraries and ours, rather than dozens of small
 * shared ones: each file is compressed on its own, so fewer files send fewer bytes, and the
 * libraries' chunk stays cached across releases of our code. Code only some pages use, and what
 * loads on first use, keeps its own chunks.
 */
function everyPageChunk(id: string, ctx: ChunkingContext): string | null {
  if (!everyPage(ctx).has(id)) return null;
  return id.includes('/node_modules/') ? 'libraries' : 'shell';
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: {
    target: 'es2022',
    // A feature's faces only re-export its files: a feature that takes one thing from another's face
    // loads only that thing's files, not every file the face names (each imports React, a CommonJS
    // package, and so counts as having side effects).
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]app[\\/]features[\\/][^\\/]+[\\/]index(\.server)?\.ts$/, sideEffects: false },
        ],
      },
    },
  },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: everyPageChunk }] } } } },
    },
  },
});
