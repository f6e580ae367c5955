/**
 * The curl examples of README.md and docs/*.md run as written, so the docs cannot rot.
 *
 * For each document a fresh `postwire start` (its own SQLite database, the capture
 * transport) is started, and every ```sh / ```bash block that calls curl runs, in the
 * order of the document, with real bash and real curl, in a scratch directory of its own.
 * Nothing in the text is replaced. The blocks see only the variables the documents
 * introduce as the reader's own: `API` (the address the first start printed), `EMAIL` and
 * `PASSWORD` (the first account's login, as printed) and `ADMIN_TOKEN` (the operator's
 * setting); anything else (`TOKEN`, ids) is set by an earlier block of the same document,
 * and carried to the next (blocks run with `set -a`, so their variables are exported and
 * saved). A block passes when it exits 0 under `set -e -o pipefail` and prints no failure
 * envelope (`"resultStatus": false`).
 *
 * Shell blocks without curl are operators' commands (install, start, the CLI) and are not
 * run. A curl block that must not run (a production address, a tool the machine may not
 * have) starts with the visible line `# example only, not run: <why>`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createTestDatabase } from '../helpers/db.js';
import { NOT_RUN, shellBlocks } from '../helpers/markdown.js';
import { startDnsServer } from '../helpers/dns-server.js';
import { ROOT, startPostwire, stopAll } from '../helpers/process.js';

const run = promisify(execFile);
const ADMIN_TOKEN = 'docs-admin-token-0123456789abcdef';

const DOCUMENTS = ['README.md', ...(await readdir(path.join(ROOT, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

after(async () => {
  await stopAll();
});

for (const document of DOCUMENTS) {
  const markdown = await readFile(path.join(ROOT, document), 'utf8');
  const blocks = shellBlocks(markdown).filter((block) => /\bcurl\b/.test(block.code));
  if (blocks.length === 0) continue;

  describe(`the curl examples of ${document}`, () => {
    it('are marked as not run only with a reason', () => {
      for (const block of blocks) {
        if (/not run/i.test(block.code.split('\n')[0]!)) assert.match(block.code.split('\n')[0]!, NOT_RUN, `${document}:${block.line}`);
      }
    });

    it('run as written against a freshly started Postwire, in order', async () => {
      const database = await createTestDatabase('sqlite');
      // A DNS server of the test's own that knows no name, so a domain check finds its records
      // missing (as for a domain just added) instead of asking the internet.
      const dns = await startDnsServer();
      const scratch = await mkdtemp(path.join(os.tmpdir(), 'postwire-docs-'));
      try {
        const server = await startPostwire('start', {
          DATA_DIR: database.dataDir,
          DATABASE_URL: database.databaseUrl,
          INBOUND_SMTP_PORT: '0',
          DNS_RESOLVER: dns.address,
          ADMIN_TOKEN,
        });
        assert.ok(server.credentials, `the first start printed no login:\n${server.stdout}`);
        const state = path.join(scratch, '.state');
        const env = {
          PATH: process.env.PATH,
          HOME: scratch,
          LANG: 'C.UTF-8',
          API: server.url,
          EMAIL: server.credentials.email,
          PASSWORD: server.credentials.password,
          ADMIN_TOKEN,
        };
        let ran = 0;
        for (const block of blocks) {
          if (NOT_RUN.test(block.code)) continue;
          // allexport: every variable a block sets is exported, and saved for the next block.
          const script = `set -a\n[ -f '${state}' ] && . '${state}'\ntrap 'export -p > "${state}"' EXIT\nset -e -o pipefail\n${block.code}\n`;
          const result = await run('bash', ['-c', script], { cwd: scratch, env, timeout: 60_000 }).catch(
            (error: { code: number; stdout: string; stderr: string }) => error,
          );
          const where = `${document}:${block.line}`;
          const exit = 'code' in result ? result.code : 0;
          assert.equal(exit, 0, `${where} exited ${exit}\n${block.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
          assert.doesNotMatch(result.stdout, /"resultStatus"\s*:\s*false/, `${where} answered a failure\n${block.code}\nstdout:\n${result.stdout}`);
          ran++;
        }
        assert.ok(ran > 0, `${document}: every curl block is marked as not run`);
      } finally {
        await stopAll();
        await rm(scratch, { recursive: true, force: true });
        await database.drop();
        await dns.close();
      }
    });
  });
}
