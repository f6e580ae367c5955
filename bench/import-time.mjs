#!/usr/bin/env node
/**
 * What a process pays to load the program: the wall time of `await import('dist/src/runtime.js')`
 * and the CPU the whole process used up to then, in fresh processes one after the other
 * (docs/performance.md, "Build, start and CI"). Every `postwire` command, worker and test file
 * pays this once.
 *
 *   node bench/import-time.mjs [tree ...] [--runs N] [--app]   (default: this tree, 8 runs)
 *
 * --app: what a test file pays before its first test instead: importing the test helpers and
 * building the app once on a fresh SQLite database (test/helpers/app.ts, `startTestApp`), then
 * closing it; the CPU is the whole process's up to then, threads included.
 *
 * With several trees (a worktree of an older commit with the same node_modules, say), the runs
 * alternate between them so the machine's noise falls on both alike. Run `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '8' }, app: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const trees = positionals.length ? positionals.map((t) => path.resolve(t)) : [path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')];
const importRuntime = (tree) => `await import(${JSON.stringify(pathToFileURL(path.join(tree, 'dist/src/runtime.js')).href)});`;
const buildApp = (tree) => `
  const { startTestApp } = await import(${JSON.stringify(pathToFileURL(path.join(tree, 'dist/test/helpers/app.js')).href)});
  await (await startTestApp('sqlite')).close();`;
const probe = (tree) => `
  const started = process.hrtime.bigint();
  ${values.app ? buildApp(tree) : importRuntime(tree)}
  const { user, system } = process.cpuUsage();
  console.log(JSON.stringify({ wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: (user + system) / 1000 }));`;

const results = new Map(trees.map((t) => [t, []]));
for (let run = 0; run < Number(values.runs); run++) {
  for (const tree of trees) {
    // A file, not `--input-type=module -e`: worker threads (the app's SQLite thread) inherit the
    // flag, and it refuses their entry files.
    const script = path.join(os.tmpdir(), `postwire-import-time-${process.pid}.mjs`);
    fs.writeFileSync(script, probe(tree));
    const out = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    fs.rmSync(script);
    if (out.status !== 0) throw new Error(`${tree}: ${out.stderr}`);
    results.get(tree).push(JSON.parse(out.stdout));
  }
}
const range = (xs) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))} (median ${Math.round(xs.sort((a, b) => a - b)[xs.length >> 1])})`;
for (const [tree, runs] of results) {
  console.log(
    `${tree}: ${values.app ? 'import and build the app' : 'import'} ${range(runs.map((r) => r.wall))} ms wall, process CPU ${range(runs.map((r) => r.cpu))} ms`,
  );
}
