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
 * Compiled: the tests run the program as it ships, dist/ from `npm run build` (tsc, incremental,
 * so compiling first every time is cheap and `npm test` never tests stale JavaScript). Files are
 * chosen by their source under test/ and run as their compiled twin under dist/test/.
 *
 * Every file gets fresh databases (helpers/db.ts), so files run side by side, TEST_CONCURRENCY
 * processes at a time (default: cores + 1, since most files spend much of their time waiting).
 * Most files run several to a process (scripts/test-group.mjs says why), handed to whichever
 * process asks so the lanes end together. A file with the line `// Runs in a process of its
 * own`, and every file of the serial lane, gets a process of its own. The serial lane holds one
 * slot from the start and runs the files that start the real program as child processes
 * (faults/, blackbox/) one at a time: they load the CPU heavily and time whole processes.
 * With --also, the second Node's runs join the same lanes. Each file is timed (wall and CPU),
 * the slowest are listed at the end (where CI time goes), and the last line is the total:
 * "tests: N passed, N failed".
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
const fileLabel = (file, n) => (NODES.length > 1 ? `${file} [node ${n.version}]` : file);
const jobsOf = (list) => list.flatMap((file) => NODES.map((n) => ({ file, ...n, label: fileLabel(file, n) })));
/**
 * A file that must not share its process says so with this line: one that asserts on its process
 * (its threads, say), or a long black-box file that waits more than it computes (the dashboard's
 * browser test), which then runs beside the others instead of in the serial lane.
 */
const ALONE = /^\/\/ Runs in a process of its own/m;
const isAlone = (file) => ALONE.test(readFileSync(file, 'utf8'));
const serialJobs = jobsOf(files.filter((file) => isSerial(file) && !isAlone(file)));
const aloneJobs = jobsOf(files.filter(isAlone));
const needsOwnProcess = (file) => isSerial(file) || isAlone(file);
/** The files run several to a process (scripts/test-group.mjs), one queue per Node. */
const groupQueues = NODES.map((n) => ({ ...n, files: files.filter((file) => !needsOwnProcess(file)) }));
/** At most this many files per process: a crash or a leak then costs a few files, not a lane. */
const FILES_PER_PROCESS = Number(process.env.TEST_FILES_PER_PROCESS) || 40;
const GROUP = path.resolve('scripts/test-group.mjs');

const nodeArgs = ['--import', CPU_REPORT, '--test-reporter=spec'];
const row = (r) => `  ${r.seconds.toFixed(1).padStart(6)} s  CPU ${r.cpu.toFixed(1).padStart(5)} s  ${r.file}`;

/** Spawns a test process; resolves with its exit, its output (markers removed) and its CPU. */
function runProcess(node, dir, args, onMessage) {
  const started = Date.now();
  const child = spawn(node, [...nodeArgs, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe', ...(onMessage ? ['ipc'] : [])] });
  if (onMessage) child.on('message', (message) => onMessage(message, child));
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      let output = Buffer.concat(chunks).toString('utf8');
      // The last marker is the main thread's (a worker thread of an older build may print one too).
      const cpu = Number([...output.matchAll(CPU_MARKER)].at(-1)?.[1] ?? Number.NaN);
      output = output.replace(CPU_MARKER, '');
      const count = (word) => Number(new RegExp(`^\\S* ?${word} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
      resolve({ seconds: (Date.now() - started) / 1000, cpu, code, signal, output, pass: count('pass'), fail: count('fail') + count('cancelled') });
    });
  });
}

/** Runs one file in a process of its own; its output is printed in one piece when it ends. */
async function runFile({ file, node, dir, label }) {
  const run = await runProcess(node, dir, [compiled(file)]);
  const failed = run.code !== 0 || run.fail > 0;
  process.stdout.write(
    `\n▶ ${label} (${run.seconds.toFixed(1)} s, CPU ${run.cpu.toFixed(1)} s${failed ? `, FAILED: exit ${run.code ?? run.signal}` : ''})\n${run.output}`,
  );
  const result = { file: label, seconds: run.seconds, cpu: run.cpu, failed };
  return { files: [result], cpu: run.cpu, pass: run.pass, fail: run.fail, failed, failures: failed ? failureSummary(run.output, label) : '' };
}

/**
 * The spec reporter's closing list of a process's failing tests, their errors included, kept for
 * the run's last lines: a CI log is often read from its end only, far from the process's output.
 */
function failureSummary(output, label) {
  const start = output.search(/^✖ failing tests:$/m);
  const lines = (start === -1 ? output.split('\n').slice(-40) : output.slice(start).split('\n')).filter((line) => !/^ℹ /.test(line));
  const shown = lines.slice(0, FAILURE_LINES);
  const more = lines.length > shown.length ? `\n  … ${lines.length - shown.length} more lines in the process's output above` : '';
  return `\n── ${label}${start === -1 ? ' (no failing test listed: the last lines of its output)' : ''}\n${shown.join('\n').trimEnd()}${more}`;
}
const FAILURE_LINES = 80;

const FILE_MARKER = /\n##postwire-test-file ([\d.]+) ([\d.]+|NaN) (\S+)\n/g;
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Starts one process of scripts/test-group.mjs for a Node and hands it that Node's next files
 * as it asks, up to FILES_PER_PROCESS: the lanes share the queue file by file, so they end
 * together. The output is printed in one piece when the process ends.
 */
async function runGroup(queue) {
  const sent = [];
  const run = await runProcess(queue.node, queue.dir, [GROUP], (message, child) => {
    const file = sent.length < FILES_PER_PROCESS ? queue.files.shift() : undefined;
    if (file !== undefined) sent.push(file);
    child.send(file === undefined ? {} : { label: file, file: compiled(file) });
  });
  const measured = new Map([...run.output.matchAll(FILE_MARKER)].map(([, seconds, cpu, file]) => [file, { seconds: Number(seconds), cpu: Number(cpu) }]));
  const output = run.output.replace(FILE_MARKER, '\n');
  const results = sent.map((file) => {
    // The spec reporter ends each file's suite with one line at the margin: ✔ or ✖ and its name.
    const passed = new RegExp(`^✔ ${escapeRegExp(file)} \\(`, 'm').test(output);
    const { seconds, cpu } = measured.get(file) ?? { seconds: Number.NaN, cpu: Number.NaN };
    return { file: fileLabel(file, queue), seconds, cpu, failed: !passed };
  });
  const failed = run.code !== 0 || run.fail > 0 || results.some((r) => r.failed);
  // Another lane's process took the last files between this one's start and its first question.
  if (sent.length === 0 && !failed) return { files: [], cpu: run.cpu, pass: 0, fail: 0, failed };
  const version = NODES.length > 1 ? ` [node ${queue.version}]` : '';
  const verdict = failed ? `, FAILED: exit ${run.code ?? run.signal}` : '';
  const list = results.map((r) => `${row(r)}${r.failed ? '  FAILED' : ''}`).join('\n');
  process.stdout.write(
    `\n▶ ${sent.length} file${sent.length === 1 ? '' : 's'} in one process${version} (${run.seconds.toFixed(1)} s, CPU ${run.cpu.toFixed(1)} s${verdict})\n${list}\n${output}`,
  );
  // Each failed file's label names its Node already.
  const failedLabels = results.filter((r) => r.failed).map((r) => r.file);
  const failures = failed ? failureSummary(output, failedLabels.join(', ') || `a group of files${version}`) : '';
  return { files: results, cpu: run.cpu, pass: run.pass, fail: run.fail, failed, failures };
}

/**
 * One lane: its own jobs first (one file per process), then group processes until every
 * Node's queue is empty (the Node with the most files left first). Lanes share the queues.
 */
async function drain(jobs, results) {
  for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) results.push(await runFile(job));
  for (;;) {
    const queue = groupQueues.filter((q) => q.files.length > 0).sort((a, b) => b.files.length - a.files.length)[0];
    if (!queue) return;
    results.push(await runGroup(queue));
  }
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

/**
 * The whole machine's CPU since boot from /proc/stat, in seconds: [busy, idle]. Around the run it
 * says whether the run was bound by the CPU (little idle) or by its waits, and how much of the
 * busy time was not the test processes' own (PostgreSQL's server, mostly).
 */
function machineCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + fields[4]; // idle, iowait
    const total = fields.slice(0, 8).reduce((sum, ticks) => sum + ticks, 0); // up to steal
    return [(total - idle) / 100, idle / 100];
  } catch {
    return undefined; // Not Linux.
  }
}

const started = Date.now();
const machineAtStart = machineCpu();
const runs = [];
// The serial lane holds one of the `concurrency` slots from the start and joins the other lanes
// when its last file ends, so neither waits for the other to finish. The files that need a
// process of their own go first in the other lanes.
const serialLane = drain(serialJobs, runs);
const otherLanes = Array.from({ length: Math.max(1, concurrency - (serialJobs.length > 0 ? 1 : 0)) }, () => drain(aloneJobs, runs));
await Promise.all([...otherLanes, serialLane]);
if (Object.keys(templates).length > 0) dropTemplates();

const machineAtEnd = machineCpu();
const results = runs.flatMap((r) => r.files);
const failedFiles = results.filter((r) => r.failed);
const wall = (Date.now() - started) / 1000;
const cpuTotal = runs.reduce((sum, r) => sum + (Number.isNaN(r.cpu) ? 0 : r.cpu), 0);
console.log(
  `\nslowest files (of ${results.length}, in ${runs.length} processes; ${wall.toFixed(0)} s in all, ${cpuTotal.toFixed(0)} s of CPU in the test processes):`,
);
for (const r of [...results].sort((a, b) => (b.seconds || 0) - (a.seconds || 0)).slice(0, SLOWEST)) console.log(row(r));
console.log(`\ncostliest files in CPU:`);
for (const r of [...results].sort((a, b) => (b.cpu || 0) - (a.cpu || 0)).slice(0, SLOWEST)) console.log(row(r));
if (machineAtStart && machineAtEnd) {
  const busy = machineAtEnd[0] - machineAtStart[0];
  const idle = machineAtEnd[1] - machineAtStart[1];
  console.log(
    `\nthe machine (${os.availableParallelism()} cores) during the run: ${busy.toFixed(0)} s of CPU busy, ${idle.toFixed(0)} s idle ` +
      `(${((100 * idle) / (busy + idle)).toFixed(1)} %); busy outside the test processes: ${(busy - cpuTotal).toFixed(0)} s`,
  );
}
const failedRuns = runs.filter((r) => r.failed);
for (const r of failedRuns) console.log(r.failures);
if (failedRuns.length > 0) console.log(`\nfailed: ${failedFiles.map((r) => r.file).join(', ') || 'a test process (see its output)'}`);
const pass = runs.reduce((sum, r) => sum + r.pass, 0);
const fail = runs.reduce((sum, r) => sum + r.fail, 0);
console.log(`\ntests: ${pass} passed, ${fail} failed`);
process.exit(failedRuns.length > 0 ? 1 : 0);
