import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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
  /** Erased when compiled: it takes part in the face rules but not in the circles. */
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

function resolve(root: string, from: string, spec: string): string | undefined {
  if (!spec.startsWith('./') && !spec.startsWith('../')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      if (statSync(path.join(root, candidate)).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

/**
 * Whether a declaration is erased when compiled. With `verbatimModuleSyntax` (tsconfig.json) an
 * `import`/`export` marked `type` is dropped; an `export { type A } from` whose every name is
 * marked is dropped too; an `import { type A } from` is not: it stays as `import './a'`, which runs.
 */
function erased(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) return node.importClause?.isTypeOnly === true;
  if (node.isTypeOnly) return true;
  const names = node.exportClause;
  return names !== undefined && ts.isNamedExports(names) && names.elements.every((name) => name.isTypeOnly);
}

/**
 * Every relative import of a file, read by the compiler's parser: import and export declarations,
 * `import()` calls (they run like static imports, later) and `import('...')` types (erased).
 */
function importsOf(root: string, file: string): Import[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Import[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const to = resolve(root, file, specifier.text);
    if (to) found.push({ from: file, to, typeOnly });
  };
  for (const statement of source.statements)
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
      add(statement.moduleSpecifier, erased(statement));
  // `import(` is rare: only the files that hold it are walked through.
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0], false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  if (/\bimport\s*\(/.test(text)) visit(source);
  return found;
}

const top = (file: string) => file.split('/')[0] as string;
/** `modules/<name>` of a file under modules/, else undefined. */
const moduleOf = (file: string) =>
  top(file) === 'modules' ? file.split('/').slice(0, 2).join('/') : undefined;
/** A module's face: its index, and its contract files (wire types shared with the browser). */
const isFace = (file: string) => /^modules\/[^/]+\/index\.tsx?$/.test(file) || /\.contract\.ts$/.test(file);

/**
 * Where a file of app/ stands, lowest first: `shared` (lib/, i18n/, state/, the load context),
 * `components`, `features`, then `routes` (routes/, the root route, the route table, the entries).
 */
function appPart(file: string): 'shared' | 'components' | 'features' | 'routes' {
  const part = file.split('/')[1] as string;
  if (part === 'components' || part === 'features' || part === 'routes') return part;
  return /^app\/(root|routes|entry\.[a-z]+)\.tsx?$/.test(file) ? 'routes' : 'shared';
}
/** `app/features/<name>` of a file under app/features/, else undefined. */
const featureOf = (file: string) =>
  appPart(file) === 'features' ? file.split('/').slice(0, 3).join('/') : undefined;
/** A feature's faces: `index.ts`, and `index.server.ts` for what other features' loaders use. */
const isFeatureFace = (file: string) => /^app\/features\/[^/]+\/index(\.server)?\.tsx?$/.test(file);

/** The rules among app/'s own parts: features, components and routes. */
function appBreaks(from: string, to: string): string[] {
  const breaks: string[] = [];
  const source = appPart(from);
  const target = appPart(to);
  const own = featureOf(from);
  const other = featureOf(to);
  if (own && other && own !== other && !isFeatureFace(to))
    breaks.push(
      `[feature-faces] ${from} imports ${to}: another feature is used only through its index.ts (or index.server.ts for loaders)`,
    );
  if ((source === 'components' || source === 'shared') && target === 'features')
    breaks.push(
      `[components-no-features] ${from} imports ${to}: components, lib, i18n and state import no feature`,
    );
  if (source !== 'routes' && target === 'routes')
    breaks.push(
      `[routes-on-top] ${from} imports ${to}: only routes import routes; they draw features and components`,
    );
  return breaks;
}

function ruleBreaks({ from, to, typeOnly }: Import): string[] {
  const breaks: string[] = [];
  const source = top(from);
  const target = top(to);
  if (source === 'app') {
    if (target === 'app') return appBreaks(from, to);
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
