// `npm test`: every check and test, in stages that keep both cores busy, each timed. It prints each
// stage's time and the slowest test files, writes them to test-results/timing.md, and ends with one
// line counting the tests ("tests: N passed, N failed, N skipped").
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const SLOWEST = 15;

/** Runs an npm script (or a command) with the terminal's output; resolves with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const stages = [];

/** Runs steps side by side as one stage; fails the run when one of them fails. */
async function stage(name, ...steps) {
  const started = performance.now();
  const codes = await Promise.all(steps.map((step) => step()));
  const seconds = (performance.now() - started) / 1000;
  stages.push({ name, seconds, ok: codes.every((code) => code === 0) });
  console.log(`\n[stage] ${name}: ${seconds.toFixed(0)} s${codes.some(Boolean) ? ' (failed)' : ''}\n`);
  return codes.every((code) => code === 0);
}

const npmRun =
  (script, ...extra) =>
  () =>
    run('npm', ['run', '--silent', script, ...(extra.length ? ['--', ...extra] : [])]);
const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, `${name}.json`)}`,
];

/** The test files of a vitest JSON report with their times, and the counts of its tests. */
function readReport(name) {
  try {
    const report = JSON.parse(readFileSync(path.join(results, `${name}.json`), 'utf8'));
    return {
      files: report.testResults.map((file) => ({
        file: path.relative(root, file.name),
        seconds: (file.endTime - file.startTime) / 1000,
        tests: file.assertionResults.length,
      })),
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  } catch {
    return null;
  }
}

mkdirSync(results, { recursive: true });
for (const name of ['unit', 'e2e']) rmSync(path.join(results, `${name}.json`), { force: true });
const started = performance.now();
const ok =
  (await stage('typecheck, lint and build', npmRun('typecheck'), async () => {
    const lint = await npmRun('lint')();
    return lint || npmRun('build')();
  })) &&
  (await stage('unit and integration tests', npmRun('test:unit', ...vitestJson('unit')))) &&
  (await stage('end-to-end tests', npmRun('test:e2e', ...vitestJson('e2e'))));
const total = (performance.now() - started) / 1000;

const reports = Object.fromEntries(['unit', 'e2e'].map((name) => [name, readReport(name)]));
const lines = [
  '| Stage | Seconds |',
  '| --- | ---: |',
  ...stages.map((s) => `| ${s.name}${s.ok ? '' : ' (failed)'} | ${s.seconds.toFixed(0)} |`),
  `| all | ${total.toFixed(0)} |`,
];
for (const [name, report] of Object.entries(reports)) {
  if (!report) continue;
  const slowest = [...report.files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
  lines.push(
    '',
    `Slowest ${name} files (${report.files.length} files, ${report.passed + report.failed + report.skipped} tests):`,
    '',
    '| File | Tests | Seconds |',
    '| --- | ---: | ---: |',
    ...slowest.map((f) => `| ${f.file} | ${f.tests} | ${f.seconds.toFixed(1)} |`),
  );
}
const commit = await new Promise((resolve) => {
  const git = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: root });
  let out = '';
  git.stdout.on('data', (chunk) => {
    out += chunk;
  });
  git.on('error', () => resolve('unknown'));
  git.on('exit', () => resolve(out.trim() || 'unknown'));
});
const machine = `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'} × ${os.availableParallelism()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
const timing = [
  `# Test run timing`,
  '',
  `${new Date().toISOString().slice(0, 10)}, commit ${commit}, ${machine}, Node ${process.versions.node}${process.env.CI ? ', CI' : ''}.`,
  '',
  ...lines,
  '',
].join('\n');
writeFileSync(path.join(results, 'timing.md'), timing);
console.log(`\n${timing}`);

const counted = Object.values(reports).filter(Boolean);
const sum = (key) => counted.reduce((total, report) => total + report[key], 0);
console.log(`tests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(ok ? 0 : 1);
