#!/usr/bin/env node
/**
 * Compiles the tree, then runs the test files under test/ with Node's own test runner, in tiers.
 *
 *   node scripts/run-tests.mjs                  the whole suite (npm test, what CI runs)
 *   node scripts/run-tests.mjs --tier unit      pure tests: no database, no process (npm run test:unit)
 *   node scripts/run-tests.mjs --tier pg        the integration suites on PostgreSQL only (npm run test:pg)
 *   node scripts/run-tests.mjs --tier faults    the fault tests, both dialects (npm run test:faults)
 *   node scripts/run-tests.mjs test/a.test.ts   just these files (named by their source)
 *   --no-build                                  skip the compile (CI: `npm ci` has just built dist/)
 *   --also NODE DIR                             run every file a second time with the Node binary NODE in
 *                                               DIR, a built copy of this tree (.ci/run: Node 24)
 *
 * Compiled. The tests run the program as it ships: dist/, from `npm run build` (tsc, then
 * scripts/vendor-bundles.mjs). The compile is incremental (dist/.tsbuildinfo), so running it
 * first every time costs a few seconds when nothing changed and keeps `npm test` from testing
 * stale JavaScript. Files are chosen and classified by their source under test/, and run as
 * their compiled twin under dist/test/.
 *
 * One process per file, run by this script. Every file gets fresh databases (helpers/db.ts), so
 * files can run side by side; running each as `node --test-reporter=spec dist/test/x.test.js`
 * (what `node --test` would do for it) lets this script time every file, print a file's output in
 * one piece when it ends instead of interleaved, and list the slowest files at the end: that list
 * is where CI time goes.
 *
 * Two lanes, TEST_CONCURRENCY files at a time in all (default: the core count + 1; most files
 * spend much of their time waiting on timers, PostgreSQL and sockets, so one more than the cores
 * keeps the CPU busy, and the delivery worker's stop/take-over test still delivers its 1,000
 * recipients in time). The files that start the real program as child processes (faults/ kills
 * them under load; blackbox/ starts and stops them) each load the CPU heavily and time whole
 * processes: they run one at a time, in a lane that holds one of the slots from the start (before,
 * they ran alone after everything else, and the machine idled through them). The rest share the
 * other slots, and take the serial lane's when it is done.
 * With --also, the second Node's runs join the same two lanes (one pool, one summary), so the two
 * Nodes overlap where files wait and the serial files still run one at a time.
 * The last line is the total over both lanes: "tests: N passed, N failed".
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SERIAL = [`test${path.sep}faults${path.sep}`, `test${path.sep}blackbox${path.sep}`];
/** A file using any of these starts a database or a process: not a unit test. */
const INTEGRATION = /helpers\/(app|db|process|delivery-api)\.js|openDatabase|createRuntime/;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const SLOWEST = 15;
/** Prints the CPU a test process used when it exits (scripts/test-cpu.mjs); its marker line. */
const CPU_REPORT = pathToFileURL(path.resolve('scripts/test-cpu.mjs')).href;
const CPU_MARKER = /\n##postwire-test-cpu ([\d.]+)\n/g;

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return find(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

const isSerial = (file) => SERIAL.some((prefix) => path.normalize(file).startsWith(prefix));
const isUnit = (file) => !INTEGRATION.test(readFileSync(file, 'utf8'));
/** test/a/b.test.ts → dist/test/a/b.test.js */
const compiled = (file) => path.join('dist', path.normalize(file).replace(/\.ts$/, '.js'));

function parseArgs(argv) {
  const build = !argv.includes('--no-build');
  argv = argv.filter((arg) => arg !== '--no-build');
  let also;
  const alsoAt = argv.indexOf('--also');
  if (alsoAt !== -1) {
    const [node, dir] = argv.slice(alsoAt + 1, alsoAt + 3);
    if (!node || !dir || !existsSync(node) || !existsSync(path.join(dir, 'dist'))) {
      console.error(`--also needs a Node binary and a built copy of the tree, got ${node} ${dir}`);
      process.exit(2);
    }
    also = { node, dir };
    argv = argv.filter((_, i) => i < alsoAt || i > alsoAt + 2);
  }
  const tierAt = argv.indexOf('--tier');
  if (tierAt === -1) return { build, also, tier: undefined, files: argv };
  const tier = argv[tierAt + 1];
  if (!['unit', 'pg', 'faults'].includes(tier)) {
    console.error(`--tier must be unit, pg or faults, got ${tier}`);
    process.exit(2);
  }
  return { build, also, tier, files: argv.filter((_, i) => i !== tierAt && i !== tierAt + 1) };
}

const { build, also, tier, files: named } = parseArgs(process.argv.slice(2));
const env = { ...process.env };
let files = named.length ? named.map((file) => path.relative('.', file)) : find('test');
if (tier === 'unit') files = files.filter(isUnit);
if (tier === 'faults') files = files.filter((file) => path.normalize(file).startsWith(SERIAL[0]));
if (tier === 'pg') {
  // test/db/ is about the SQLite thread only; the fault tests are a tier of their own.
  files = files.filter(
    (file) => !isUnit(file) && !path.normalize(file).startsWith(`test${path.sep}db${path.sep}`) && !path.normalize(file).startsWith(SERIAL[0]),
  );
  env.TEST_DATABASE_URL ||= LOCAL_POSTGRES;
  env.TEST_DIALECTS = 'postgres';
}
files.sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

if (build) {
  const started = Date.now();
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('the compile failed (tsc -p tsconfig.build.json): no tests run');
    process.exit(1);
  }
  // The rest of `npm run build`: the one-file bundles the compiled code imports (half a second).
  if (spawnSync(process.execPath, ['scripts/vendor-bundles.mjs'], { stdio: 'inherit' }).status !== 0) {
    console.error('the bundles of scripts/vendor-bundles.mjs failed: no tests run');
    process.exit(1);
  }
  console.log(`compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const missing = files.filter((file) => !existsSync(compiled(file)));
if (missing.length > 0) {
  console.error(`not compiled: ${missing.join(', ')} (run npm run build, or leave out --no-build)`);
  process.exit(1);
}

const concurrency = Number(process.env.TEST_CONCURRENCY) || os.availableParallelism() + 1;
/** One run of one file: which Node, in which tree, and its name in the output. */
const NODES = [{ node: process.execPath, dir: '.', version: process.versions.node }];
if (also) {
  const version = spawnSync(also.node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  NODES.push({ ...also, version });
}
const jobsOf = (list) => list.flatMap((file) => NODES.map((n) => ({ file, ...n, label: NODES.length > 1 ? `${file} [node ${n.version}]` : file })));
const parallelJobs = jobsOf(files.filter((file) => !isSerial(file)));
const serialJobs = jobsOf(files.filter(isSerial));

/** Runs one file; its output is printed in one piece when it ends. Its counts and wall time. */
function runFile({ file, node, dir, label }) {
  const started = Date.now();
  const child = spawn(node, ['--import', CPU_REPORT, '--test-reporter=spec', compiled(file)], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      let output = Buffer.concat(chunks).toString('utf8');
      // The last marker is the main thread's (a worker thread of an older build may print one too).
      const cpu = Number([...output.matchAll(CPU_MARKER)].at(-1)?.[1] ?? Number.NaN);
      output = output.replace(CPU_MARKER, '');
      const count = (word) => Number(new RegExp(`^\\S* ?${word} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
      const result = { file: label, seconds, cpu, code, pass: count('pass'), fail: count('fail') + count('cancelled') };
      const failed = code !== 0 || result.fail > 0;
      process.stdout.write(`\n▶ ${label} (${seconds.toFixed(1)} s, CPU ${cpu.toFixed(1)} s${failed ? `, FAILED: exit ${code ?? signal}` : ''})\n${output}`);
      resolve(result);
    });
  });
}

/** Runs the queue's jobs one after the other until it is empty; several callers share one queue. */
async function drain(queue, results) {
  for (let job = queue.shift(); job !== undefined; job = queue.shift()) results.push(await runFile(job));
}

// Migrated template databases for the run (test/helpers/db-templates.ts says why), made once
// here and removed at the end, or when the run is interrupted.
const TEMPLATES = 'dist/test/helpers/db-templates.js';
let templates = {};
if (!files.every(isUnit)) {
  const made = spawnSync(process.execPath, [TEMPLATES, 'make'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (made.status !== 0) {
    console.error('could not make the template databases (test/helpers/db-templates.ts): no tests run');
    process.exit(1);
  }
  templates = JSON.parse(made.stdout);
  Object.assign(env, templates);
}
const dropTemplates = () => spawnSync(process.execPath, [TEMPLATES, 'drop', JSON.stringify(templates)], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    dropTemplates();
    process.exit(130);
  });
}

const started = Date.now();
const results = [];
// The serial lane holds one of the `concurrency` slots from the start and gives it to the
// parallel lane when its last file ends, so neither lane waits for the other to finish.
const serialLane = drain(serialJobs, results);
const parallelLane = Array.from({ length: Math.max(1, concurrency - (serialJobs.length > 0 ? 1 : 0)) }, () => drain(parallelJobs, results));
await Promise.all([...parallelLane, serialLane.then(() => drain(parallelJobs, results))]);
if (Object.keys(templates).length > 0) dropTemplates();

const failedFiles = results.filter((r) => r.code !== 0 || r.fail > 0);
const wall = (Date.now() - started) / 1000;
const cpuTotal = results.reduce((sum, r) => sum + (Number.isNaN(r.cpu) ? 0 : r.cpu), 0);
console.log(`\nslowest files (of ${results.length}; ${wall.toFixed(0)} s in all, ${cpuTotal.toFixed(0)} s of CPU in the test processes):`);
const row = (r) => `  ${r.seconds.toFixed(1).padStart(6)} s  CPU ${r.cpu.toFixed(1).padStart(5)} s  ${r.file}`;
for (const r of [...results].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) console.log(row(r));
console.log(`\ncostliest files in CPU:`);
for (const r of [...results].sort((a, b) => (b.cpu || 0) - (a.cpu || 0)).slice(0, SLOWEST)) console.log(row(r));
if (failedFiles.length > 0) console.log(`\nfailed: ${failedFiles.map((r) => r.file).join(', ')}`);
const pass = results.reduce((sum, r) => sum + r.pass, 0);
const fail = results.reduce((sum, r) => sum + r.fail, 0);
console.log(`\ntests: ${pass} passed, ${fail} failed`);
process.exit(failedFiles.length > 0 ? 1 : 0);
