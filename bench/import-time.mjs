#!/usr/bin/env node
/**
 * What a process pays to load the program: the wall time of `await import('dist/src/runtime.js')`
 * and the CPU the whole process used up to then, in fresh processes one after the other
 * (docs/performance.md, "Build, start and CI"). Every `postwire` command, worker and test file
 * pays this once.
 *
 *   node bench/import-time.mjs [tree ...] [--runs N]   (default: this tree, 8 runs)
 *
 * With several trees (a worktree of an older commit with the same node_modules, say), the runs
 * alternate between them so the machine's noise falls on both alike. Run `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '8' } }, allowPositionals: true });
const trees = positionals.length ? positionals.map((t) => path.resolve(t)) : [path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')];
const probe = (tree) => `
  const started = process.hrtime.bigint();
  await import(${JSON.stringify(pathToFileURL(path.join(tree, 'dist/src/runtime.js')).href)});
  const { user, system } = process.cpuUsage();
  console.log(JSON.stringify({ wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: (user + system) / 1000 }));`;

const results = new Map(trees.map((t) => [t, []]));
for (let run = 0; run < Number(values.runs); run++) {
  for (const tree of trees) {
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', probe(tree)], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`${tree}: ${out.stderr}`);
    results.get(tree).push(JSON.parse(out.stdout));
  }
}
const range = (xs) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))} (median ${Math.round(xs.sort((a, b) => a - b)[xs.length >> 1])})`;
for (const [tree, runs] of results) {
  console.log(`${tree}: import ${range(runs.map((r) => r.wall))} ms wall, process CPU ${range(runs.map((r) => r.cpu))} ms`);
}
