/**
 * The `postwire` command. Roles: `start` (API + worker in one process, the embedded
 * default), `api`, `worker`; administration: `migrate`, `account create`.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Roles } from '../runtime.js';

const HELP = `Usage: postwire <command> [options]

Commands:
  start                      Run everything in one process: HTTP API, delivery worker
  api                        Run only the HTTP API
  worker                     Run only the delivery worker
  migrate                    Bring the database schema up to date and exit
  account create --email E --password P [--name N]
                             Create an account with an owner user; prints the account id
  --help                     Show this help

Configuration comes from environment variables; see docs/config.md.
`;

export const SEED_EMAIL = 'admin@postwire.local';

// The service's modules are loaded only by the commands that need them, so --help and
// usage errors answer at once.
async function withDatabase<T>(config: Config, work: (handle: import('../db/database.js').DbHandle) => Promise<T>): Promise<T> {
  const { openDatabase } = await import('../db/database.js');
  const { migrateToLatest } = await import('../db/migrate.js');
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteSynchronous: config.sqliteSynchronous });
  try {
    await migrateToLatest(handle.db);
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function serve(config: Config, roles: Roles): Promise<void> {
  const { createRuntime } = await import('../runtime.js');
  const { createAccount, isEmptyInstallation } = await import('../features/accounts/accounts.service.js');
  const { generatePassword } = await import('../lib/passwords.js');
  const runtime = await createRuntime(config, roles);
  let seeded: { email: string; password: string } | undefined;
  if (roles.api && config.seedAccount && (await isEmptyInstallation(runtime.services.handle))) {
    const password = generatePassword();
    await createAccount(runtime.services.handle, { email: SEED_EMAIL, password, name: 'Admin' });
    seeded = { email: SEED_EMAIL, password };
  }
  const url = await runtime.listen();
  if (roles.api) {
    const lines = ['', `Postwire is running (${roles.worker ? 'API + worker' : 'API'}, ${runtime.services.handle.describe}, transport ${config.transport}).`, `  API:  ${url}`, `  Docs: ${url}/docs`];
    if (seeded) lines.push(`  First account created. Log in with POST ${url}/token:`, `    EmailAddress: ${seeded.email}`, `    Password:     ${seeded.password}`, '  (the password is shown only this once)');
    process.stdout.write(lines.join('\n') + '\n\n');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      runtime.logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    closing = true;
    runtime.logger.info({ signal }, 'shutting down');
    runtime.close().then(() => process.exit(0), (error) => {
      runtime.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  switch (command) {
    case 'start':
      await serve(config, { api: true, worker: true });
      return -1;
    case 'api':
      await serve(config, { api: true, worker: false });
      return -1;
    case 'worker':
      await serve(config, { api: false, worker: true });
      return -1;
    case 'migrate': {
      await withDatabase(config, async () => undefined);
      process.stdout.write('The database schema is up to date.\n');
      return 0;
    }
    case 'account': {
      const [sub, ...options] = rest;
      if (sub !== 'create') break;
      let values: { email?: string; password?: string; name?: string };
      try {
        ({ values } = parseArgs({ args: options, options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } }));
      } catch (error) {
        // A usage mistake (unknown option, missing value): say so, as for a missing option.
        process.stderr.write(`postwire account create: ${(error as Error).message}\n`);
        return 2;
      }
      if (!values.email || !values.password) {
        process.stderr.write('postwire account create needs --email and --password\n');
        return 2;
      }
      const { createAccount } = await import('../features/accounts/accounts.service.js');
      const created = await withDatabase(config, (handle) => createAccount(handle, { email: values.email!, password: values.password!, name: values.name }));
      process.stdout.write(`${created.accountId}\n`);
      return 0;
    }
  }
  process.stderr.write(`Unknown command: ${argv.join(' ')}\n\n${HELP}`);
  return 2;
}

export async function run(argv: string[]): Promise<void> {
  try {
    const code = await main(argv);
    if (code >= 0) process.exitCode = code;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
    } else if (error instanceof AppError) {
      // A single field error is already spelled out in the message.
      const fields = error.fieldErrors && error.fieldErrors.length > 1 ? error.fieldErrors.map((f) => `  ${f.field}: ${f.message}`).join('\n') : undefined;
      process.stderr.write(`${error.message}\n${fields ? fields + '\n' : ''}`);
    } else {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    }
    process.exitCode = 1;
  }
}
