/**
 * The operator's command examples of docs/operations.md and docs/upgrading.md (```sh blocks
 * that run `npx postwire`) run as written, in the order of each document, with real bash, in
 * a scratch folder where `npx postwire` is this checkout's command, while a `postwire start`
 * runs on the folder's DATA_DIR (as the docs say: the same settings as the running service).
 * A block passes when it exits 0. Blocks marked `# example only, not run: <why>` (PostgreSQL's
 * own tools, starting the service) are skipped; the curl blocks run in examples.test.ts.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { NOT_RUN, shellBlocks } from '../helpers/markdown.js';
import { childEnv, ROOT, startPostwire, stopAll } from '../helpers/process.js';

const run = promisify(execFile);
const DOCUMENTS = ['docs/operations.md', 'docs/upgrading.md'];

after(async () => {
  await stopAll();
});

for (const document of DOCUMENTS) {
  const blocks = shellBlocks(await readFile(path.join(ROOT, document), 'utf8')).filter((block) => /\bnpx postwire\b/.test(block.code));

  describe(`the postwire commands of ${document}`, () => {
    it('are there, and run as written beside a running Postwire, in order', async () => {
      assert.ok(
        blocks.some((block) => !NOT_RUN.test(block.code)),
        `${document} has command examples that run`,
      );
      const scratch = await mkdtemp(path.join(os.tmpdir(), 'postwire-docs-cli-'));
      try {
        // `npx postwire` finds a project's own command in node_modules/.bin.
        fs.mkdirSync(path.join(scratch, 'node_modules', '.bin'), { recursive: true });
        fs.symlinkSync(path.join(ROOT, 'bin', 'postwire.mjs'), path.join(scratch, 'node_modules', '.bin', 'postwire'));
        const dataDir = path.join(scratch, 'data');
        await startPostwire('start', { DATA_DIR: dataDir });
        const env = childEnv({ DATA_DIR: dataDir, HOME: scratch, npm_config_cache: path.join(scratch, '.npm') });
        for (const block of blocks) {
          if (NOT_RUN.test(block.code)) continue;
          const result = await run('bash', ['-c', `set -e -o pipefail\n${block.code}\n`], { cwd: scratch, env, timeout: 120_000 }).catch(
            (error: { code: number; stdout: string; stderr: string }) => error,
          );
          const exit = 'code' in result ? result.code : 0;
          assert.equal(exit, 0, `${document}:${block.line} exited ${exit}\n${block.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
        }
      } finally {
        await stopAll();
        await rm(scratch, { recursive: true, force: true });
      }
    });
  });
}
