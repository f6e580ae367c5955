#!/usr/bin/env node
/**
 * Bundles the two dependencies whose ES module builds are hundreds of small files into one file
 * each, under dist/vendor/, which the program imports through package.json's "imports"
 * (`#kysely`, `#typebox`; the types still come from the packages themselves).
 *
 * Why: Node's ES module loader pays per file (resolve, stat, open, read, compile). typebox's
 * build is 374 files and kysely's 288, of about 1,600 files a start loads; importing them took
 * 190-215 ms and 140-145 ms, and 15 ms and 25 ms as one bundle each. Every process pays that:
 * `postwire start`, each CLI command, each worker and each of the test suite's 230 file runs.
 * The bundles are the packages' own code, unchanged but for being in one file (esbuild, no
 * minifying), and everything in the program imports them, never the packages, so there is one
 * copy of each in a process (kysely's classes are checked with instanceof).
 *
 * Run by `npm run build` (and so by `npm install`'s prepare script), after tsc.
 */
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLED = ['kysely', 'typebox'];

/** The bundle exports what the package does: `export *` leaves out a default export. */
async function reexports(name) {
  const hasDefault = 'default' in (await import(name));
  return `export * from '${name}';${hasDefault ? ` export { default } from '${name}';` : ''}`;
}

mkdirSync(path.join(ROOT, 'dist', 'vendor'), { recursive: true });
await Promise.all(
  BUNDLED.map(async (name) =>
    build({
      stdin: { contents: await reexports(name), resolveDir: ROOT, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile: path.join(ROOT, 'dist', 'vendor', `${name}.mjs`),
      logLevel: 'warning',
      legalComments: 'inline',
    }),
  ),
);
