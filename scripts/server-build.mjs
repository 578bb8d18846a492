// The server as production runs it (docs/decisions/031): server/main.ts and the project's modules
// bundled ahead of time into one file, packages left to node_modules, and the Node flags and
// environment it starts with. `npm start`, the end-to-end tests and the benchmarks all start it
// from here; `node scripts/server-build.mjs` (part of `npm run build`) writes the bundle.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'build/app-server');

/** The bundle `node` runs. */
export const SERVER_BUNDLE = path.join(outDir, 'main.js');

/**
 * A young generation of at most 16 MB a half: V8 otherwise lets it grow to 64 MB a half under the
 * start-up's allocations and keeps it, about 130 MB resident for no gain in throughput. The old
 * generation is let grow to half again what a full collection left live before the next one
 * (V8 chooses up to four times as much when collections are cheap): under load that is 380 MB
 * resident instead of 550-650 MB, at the same page rates. Source maps are not loaded: they cost
 * about 40 MB of heap, and the bundle is not minified, so a stack trace's functions and lines can
 * be read in it, or mapped with `NODE_OPTIONS=--enable-source-maps` (decision 031).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];

/**
 * glibc gives each thread that allocates (the pool threads that gzip pages, hash passwords, read
 * images) an arena of its own and seldom gives their memory back: two arenas keep the server's
 * resident memory about 150 MB lower. It also raises its threshold for mapping a large block on
 * its own each time one is freed, so large blocks freed after start-up's first ones end up in its
 * main heap, which it cannot give back while anything above them lives: a fixed 128 KB threshold
 * keeps about 80 MB less resident after start-up (decision 031). The environment may say otherwise.
 */
export const SERVER_ENV_DEFAULTS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** The directories whose files go into the bundle. */
const SOURCES = ['server', 'platform', 'modules', 'db', 'lib', 'app'];

/** When the newest file under `dir` was written (ms), for the builds' staleness checks. */
export function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than a source file. */
export function serverBuildIsStale() {
  let built;
  try {
    built = statSync(SERVER_BUNDLE).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((dir) => newestSourceTime(path.join(root, dir)) > built);
}

/**
 * A module finds the project's files (migrations, translations, config) from its own place in the
 * sources; in the bundle, `import.meta` is the bundle's, so each use is rewritten to the place the
 * module's source has, relative to the bundle.
 */
const sourcePlaces = {
  name: 'source-places',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const loader = args.path.endsWith('.tsx') ? 'tsx' : 'ts';
      if (!source.includes('import.meta.')) return { contents: source, loader };
      const file = JSON.stringify(path.relative(outDir, args.path));
      return {
        contents: source
          .replaceAll('import.meta.dirname', `__sourceDir(${file})`)
          .replaceAll('import.meta.url', `__sourceUrl(${file})`),
        loader,
      };
    });
  },
};

const placesRuntime = `import { fileURLToPath as __fileOf, pathToFileURL as __urlOf } from 'node:url';
import __path from 'node:path';
const __bundleDir = __path.dirname(__fileOf(import.meta.url));
const __sourceDir = (file) => __path.dirname(__path.resolve(__bundleDir, file));
const __sourceUrl = (file) => __urlOf(__path.resolve(__bundleDir, file)).href;`;

/**
 * Writes the bundle and its map in a folder of their own, then moves them into place: a server
 * starting meanwhile reads the old bundle or the new one, never half of one.
 */
export async function buildServer() {
  // A sibling of the bundle's folder, so that the map's paths to the sources stay true after the move.
  const partial = `${outDir}-partial-${process.pid}`;
  await esbuild.build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: path.join(partial, 'main.js'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // The map for a stack trace names the sources' lines; the sources themselves are beside it.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    banner: { js: placesRuntime },
    plugins: [sourcePlaces],
  });
  mkdirSync(outDir, { recursive: true });
  renameSync(path.join(partial, 'main.js.map'), `${SERVER_BUNDLE}.map`);
  renameSync(path.join(partial, 'main.js'), SERVER_BUNDLE);
  rmSync(partial, { recursive: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await buildServer();
