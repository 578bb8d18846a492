import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import rules of docs/ARCHITECTURE.md, checked on the source tree: each break is one line
 * naming the rule, the importing file and what it imports.
 */

/** The layers, lowest first: a file imports only from its own layer or lower ones. */
const LAYERS = ['lib', 'db', 'platform', 'modules', 'server'] as const;
const SOURCE_DIRS = [...LAYERS, 'app'];

/** Platform pieces the pages may use besides the modules' faces: roles, the session user, paging. */
const PLATFORM_FOR_APP = new Set(['platform/roles.ts', 'platform/sessions.ts', 'platform/paging.ts']);

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Tests and their helpers may reach anywhere: they set up what the rules keep apart. */
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  /(^|\/)(test-[^/]*|[^/]*-test-support)\.tsx?$/.test(file) ||
  file.includes('/testing/') ||
  file.includes('/test-support/');

function sourceFiles(root: string, dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(path.join(root, dir));
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) return sourceFiles(root, rel);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolve(root: string, from: string, spec: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      if (statSync(path.join(root, candidate)).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

function importsOf(root: string, file: string): Import[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)].flatMap((match) => {
    const to = resolve(root, file, match[3] as string);
    return to ? [{ from: file, to, typeOnly: match[2] !== undefined }] : [];
  });
}

const top = (file: string) => file.split('/')[0] as string;
/** `modules/<name>` of a file under modules/, else undefined. */
const moduleOf = (file: string) =>
  top(file) === 'modules' ? file.split('/').slice(0, 2).join('/') : undefined;
/** A module's face: its index, and its contract files (wire types shared with the browser). */
const isFace = (file: string) => /^modules\/[^/]+\/index\.tsx?$/.test(file) || /\.contract\.ts$/.test(file);

function ruleBreaks({ from, to, typeOnly }: Import): string[] {
  const breaks: string[] = [];
  const source = top(from);
  const target = top(to);
  if (source === 'app') {
    if (target === 'modules' && !isFace(to))
      breaks.push(
        `[app-through-faces] ${from} imports ${to}: pages use a module only through its index or contract files`,
      );
    if (target === 'platform' && !PLATFORM_FOR_APP.has(to))
      breaks.push(
        `[app-platform] ${from} imports ${to}: pages may use only ${[...PLATFORM_FOR_APP].join(', ')}`,
      );
    if (target === 'server' && !typeOnly)
      breaks.push(`[app-server] ${from} imports ${to}: pages take only types from the composition root`);
    return breaks;
  }
  const layer = LAYERS.indexOf(source as (typeof LAYERS)[number]);
  const targetLayer = LAYERS.indexOf(target as (typeof LAYERS)[number]);
  if (target === 'app' ? !(source === 'server' && typeOnly) : targetLayer > layer)
    breaks.push(`[layers] ${from} imports ${to}: imports flow lib/db -> platform -> modules -> server`);
  const own = moduleOf(from);
  const other = moduleOf(to);
  if (other && own !== other && !isFace(to))
    breaks.push(
      `[module-faces] ${from} imports ${to}: a module is used from outside only through its index or contract files`,
    );
  return breaks;
}

/** Circles among the imports that run (type-only imports are erased), each listed once. */
function circles(imports: Import[]): string[] {
  const edges = new Map<string, string[]>();
  for (const { from, to, typeOnly } of imports)
    if (!typeOnly) edges.set(from, [...(edges.get(from) ?? []), to]);
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const loop = trail.slice(trail.indexOf(next));
        // The same circle is found from any of its files: name it from its smallest one.
        const start = loop.indexOf([...loop].sort()[0] as string);
        const named = [...loop.slice(start), ...loop.slice(0, start)];
        found.add(`[no-circles] ${[...named, named[0]].join(' -> ')}`);
      } else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of [...edges.keys()].sort()) if (!state.has(file)) visit(file);
  return [...found];
}

/** Every break of the import rules under `root`, sorted; empty when the tree keeps them. */
export function checkBoundaries(root: string): string[] {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(root, dir)).filter((file) => !isTestCode(file));
  const imports = files.flatMap((file) => importsOf(root, file)).filter((i) => !isTestCode(i.to));
  return [...imports.flatMap(ruleBreaks), ...circles(imports)].sort();
}
