#!/usr/bin/env node
/**
 * Runs the test files under test/ with Node's own test runner, in tiers.
 *
 *   node scripts/run-tests.mjs                  the whole suite (npm test, what CI runs)
 *   node scripts/run-tests.mjs --tier unit      pure tests: no database, no process (npm run test:unit)
 *   node scripts/run-tests.mjs --tier pg        the integration suites on PostgreSQL only (npm run test:pg)
 *   node scripts/run-tests.mjs --tier faults    the fault tests, both dialects (npm run test:faults)
 *   node scripts/run-tests.mjs test/a.test.ts   just these files
 *
 * Why two lanes: Node's runner gives each file a process of its own, and every file gets
 * fresh databases (helpers/db.ts), so files can run side by side. By default it runs one
 * file at a time on two cores (its concurrency is the core count minus one), and the
 * suite spent most of its wall time in files waiting on timers, PostgreSQL and sockets.
 * The files that start the real program as child processes (faults/ kills them under
 * load; blackbox/ starts and stops them) each load the CPU heavily and time whole
 * processes; they run one at a time, after the rest, so that neither they nor the files
 * beside them are starved.
 *
 * TEST_CONCURRENCY sets how many files of the first lane run at once (default: the core
 * count; cores + 1 starved the delivery worker's stop/take-over test, which must deliver
 * 1,000 recipients within its time, on a loaded machine). The last line is the total over both
 * lanes: "tests: N passed, N failed".
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SERIAL = [`test${path.sep}faults${path.sep}`, `test${path.sep}blackbox${path.sep}`];
/** A file using any of these starts a database or a process: not a unit test. */
const INTEGRATION = /helpers\/(app|db|process|delivery-api)\.js|openDatabase|createRuntime/;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return find(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

const isSerial = (file) => SERIAL.some((prefix) => path.normalize(file).startsWith(prefix));
const isUnit = (file) => !INTEGRATION.test(readFileSync(file, 'utf8'));

function parseArgs(argv) {
  const tierAt = argv.indexOf('--tier');
  if (tierAt === -1) return { tier: undefined, files: argv };
  const tier = argv[tierAt + 1];
  if (!['unit', 'pg', 'faults'].includes(tier)) {
    console.error(`--tier must be unit, pg or faults, got ${tier}`);
    process.exit(2);
  }
  return { tier, files: argv.filter((_, i) => i !== tierAt && i !== tierAt + 1) };
}

const { tier, files: named } = parseArgs(process.argv.slice(2));
const env = { ...process.env };
let files = named.length ? named : find('test');
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

const concurrency = Number(process.env.TEST_CONCURRENCY) || os.availableParallelism();
const lanes = [
  { files: files.filter((file) => !isSerial(file)), concurrency },
  { files: files.filter(isSerial), concurrency: 1 },
].filter((lane) => lane.files.length > 0);

/** Runs one lane, its output passed through; the pass/fail counts of its summary. */
function runLane(lane) {
  const args = ['--import', 'tsx', '--test', `--test-concurrency=${lane.concurrency}`, '--test-reporter=spec', ...lane.files];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let tail = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const count = (word) => Number(new RegExp(`^\\S* ?${word} (\\d+)$`, 'm').exec(tail)?.[1] ?? 0);
      resolve({ code, pass: count('pass'), fail: count('fail') + count('cancelled') });
    });
  });
}

let pass = 0;
let fail = 0;
let failed = false;
for (const lane of lanes) {
  const result = await runLane(lane);
  pass += result.pass;
  fail += result.fail;
  if (result.code !== 0) failed = true;
}
console.log(`\ntests: ${pass} passed, ${fail} failed`);
process.exit(failed || fail > 0 ? 1 : 0);
