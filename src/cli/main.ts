/**
 * The `postwire` command. Roles: `start` (API + worker + feedback listener in one
 * process, the embedded default), `api`, `worker`, `inbound`, `smtp`; administration:
 * `migrate`, `account create`, `account reset-password`, `payment add`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, environmentOver, loadConfig, type Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Roles } from '../runtime.js';
import { setPasswordHashCost } from '../lib/passwords.js';
import { readDotEnv } from './dotenv.js';

const HELP = `Usage: postwire <command> [options]

Commands:
  start                      Run everything in one process: HTTP API, delivery worker,
                             SMTP listener for bounces and complaints (INBOUND_SMTP_PORT),
                             SMTP submission (SMTP_SUBMISSION_PORT)
  api                        Run only the HTTP API
  worker                     Run only the delivery worker
  inbound                    Run only the SMTP listener for bounces (DSN), complaints (ARF) and
                             mail to receiving domains (docs/inbound.md)
  smtp                       Run only SMTP submission: applications send mail over SMTP with an
                             API key as password (docs/smtp.md)
  migrate [--status]         Bring the database schema up to date and exit; with
                             --status, list applied and pending migrations and change nothing
  backup --to FILE           Write a consistent archive of the database (SQLite) and the
                             data folder's secrets while the service runs
  restore --from FILE        Fill an empty data folder (DATA_DIR) from such an archive
  account create --email E --password P [--name N]
                             Create an account with an owner user; prints the account id
  account reset-password --email E [--password-stdin]
                             Set a new password for a user; prints a generated one once,
                             or takes it from standard input
  payment add --account ID --credits N --amount A --currency C [--reference R] [--method M]
                             Record a payment: adds N credits to the account; A is in minor
                             units (4900 = 49.00 EUR); prints the payment id and the balance
  export --account ID --email E
                             Print everything the account stores about the address as
                             JSON (docs/privacy.md)
  erase --account ID --email E
                             Erase the address everywhere in the account; it stays
                             suppressed as a hash; prints what was erased
  --help, -h                 Show this help (after a command: that command's help)
  --version                  Show the version

Configuration comes from environment variables, and from a .env file in the working
directory for those not set; see docs/config.md.
`;

const CONFIG_NOTE = '\nConfiguration comes from environment variables and .env; see docs/config.md.\n';

/** `postwire <command> --help`: what each command does, and nothing is run. */
const COMMAND_HELP: Record<string, string> = {
  start: `Usage: postwire start

Runs everything in one process: the HTTP API (HOST, PORT), the delivery worker, the
SMTP listener for bounces and complaints (INBOUND_SMTP_HOST, INBOUND_SMTP_PORT) and SMTP
submission (SMTP_SUBMISSION_HOST, SMTP_SUBMISSION_PORT).
Migrates the database first. On an empty database it creates a first account and prints
its login once (SEED_ACCOUNT). Stops gracefully on SIGTERM or SIGINT.
${CONFIG_NOTE}`,
  api: `Usage: postwire api

Runs only the HTTP API (HOST, PORT); delivery is left to \`postwire worker\` processes
on the same database. Creates and prints a first account on an empty database, as start does.
${CONFIG_NOTE}`,
  worker: `Usage: postwire worker

Runs only the delivery worker: takes accepted messages from the database and hands them
to the TRANSPORT; calls webhooks. Any number may run on one PostgreSQL database.
${CONFIG_NOTE}`,
  inbound: `Usage: postwire inbound

Runs only the SMTP listener for bounces (DSN), complaints (ARF) and mail to the accounts'
receiving domains on INBOUND_SMTP_HOST, INBOUND_SMTP_PORT (docs/feedback.md lists its replies).
${CONFIG_NOTE}`,
  smtp: `Usage: postwire smtp

Runs only SMTP submission on SMTP_SUBMISSION_HOST, SMTP_SUBMISSION_PORT: applications send
mail over SMTP with user apikey and an API key with the send scope as password; accepted
mail is treated like POST /notify/v1/send (docs/smtp.md).
${CONFIG_NOTE}`,
  migrate: `Usage: postwire migrate [--status]

Brings the database schema up to date and exits (start, api and worker do it too).

Options:
  --status   List the migrations the database has applied and those still pending, and
             change nothing; exits 0 when none is pending, 3 when some are (docs/upgrading.md)
${CONFIG_NOTE}`,
  backup: `Usage: postwire backup --to FILE

Writes one archive (a gzipped tar) while the service runs: the SQLite database as of the
moment the backup began, and the secrets the data folder holds (jwt-secret, the submission
certificate and key). With PostgreSQL (DATABASE_URL) it holds the secrets only: back the
database up with pg_dump (docs/operations.md). FILE is readable by its owner only.

Options:
  --to FILE   Where to write the archive (replaced if it exists)
${CONFIG_NOTE}`,
  restore: `Usage: postwire restore --from FILE

Fills an empty (or missing) data folder, DATA_DIR, from an archive written by
postwire backup; refuses a folder that holds anything. Start Postwire on it afterwards.
With PostgreSQL it restores the secrets; the database comes back with pg_restore
(docs/operations.md).

Options:
  --from FILE   The archive to restore
${CONFIG_NOTE}`,
  account: `Usage: postwire account <subcommand> [options]

Subcommands:
  create --email E --password P [--name N]
                             Create an account with an owner user; prints the account id
  reset-password --email E [--password-stdin]
                             Set a new password for a user

Run \`postwire account <subcommand> --help\` for its options.
`,
  'account create': `Usage: postwire account create --email E --password P [--name N]

Creates an account, its owner user (who logs in with POST /token as E with P) and a
sender for E, and prints the account id.

Options:
  --email E      The owner's email address (the login)
  --password P   The owner's password, at least 8 characters
  --name N       The account's name (default: the part of E before @)
${CONFIG_NOTE}`,
  'account reset-password': `Usage: postwire account reset-password --email E [--password-stdin]

Sets a new password for the user who logs in as E and ends all of that user's sessions
(API keys stay valid). Without --password-stdin a password is generated and printed once,
alone on standard output.

Options:
  --email E          The user's email address
  --password-stdin   Read the new password (at least 8 characters) from standard input
                     instead; one trailing newline is ignored
${CONFIG_NOTE}`,
  payment: `Usage: postwire payment <subcommand> [options]

Subcommands:
  add --account ID --credits N --amount A --currency C [--reference R] [--method M]
                             Record a payment

Run \`postwire payment add --help\` for its options.
`,
  export: `Usage: postwire export --account ID --email E

Prints, as one JSON document, everything the account stores about the address: contacts
with their field values, tags, lists and consents, form sign-ups, suppressions, the
messages sent to it with their events, campaign records and inbound mail from it
(docs/privacy.md). Changes nothing.
${CONFIG_NOTE}`,
  erase: `Usage: postwire erase --account ID --email E

Erases the address everywhere in the account, in one transaction: its contacts, consents,
sign-ups and inbound mail go, the copies sent to it are cleared and name only its hash,
and it stays on the suppression list as that hash, so it is never mailed again. Recorded
in the account's erasures as done by the operator. Prints the erasure as JSON. Cannot be
undone (docs/privacy.md).
${CONFIG_NOTE}`,
  'payment add': `Usage: postwire payment add --account ID --credits N --amount A --currency C [--reference R] [--method M]

Records a payment an account made: adds N credits to it and prints the payment id and
the new balance (docs/billing.md).

Options:
  --account ID    The account that paid
  --credits N     Credits to add (a whole number)
  --amount A      What was paid, in minor units (4900 = 49.00 EUR)
  --currency C    The currency of the amount (EUR, USD, …)
  --reference R   The payment's reference (an invoice or transaction number)
  --method M      How it was paid (bank transfer, card, …)
${CONFIG_NOTE}`,
};

/** The help a command line asks for, or undefined when it does not ask (or names no command). */
function helpFor(argv: string[]): string | undefined {
  if (!argv.includes('--help') && !argv.includes('-h')) return undefined;
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const [command, sub] = words;
  if (command === undefined) return HELP;
  if (sub !== undefined && COMMAND_HELP[`${command} ${sub}`]) return COMMAND_HELP[`${command} ${sub}`];
  return COMMAND_HELP[command];
}

function version(): string {
  // From the package itself, so the version printed is the one installed. The nearest
  // package.json above this file: src/cli/ from the sources, dist/src/cli/ compiled.
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    try {
      return (JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { version: string }).version;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dir.pathname === '/') throw error;
    }
  }
}

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

async function serve(config: Config, roles: Roles, command: string): Promise<number> {
  const { createRuntime, ListenError } = await import('../runtime.js');
  const { createAccount, isEmptyInstallation } = await import('../features/account/accounts/accounts.service.js');
  const { generatePassword } = await import('../lib/passwords.js');
  const runtime = await createRuntime(config, roles);
  let url: string;
  try {
    url = await runtime.listen();
  } catch (error) {
    // A role that cannot start stops the whole process, with one line that names the
    // setting to change, rather than a process running without its API.
    await runtime.close().catch((closeError: unknown) => runtime.logger.error({ err: closeError }, 'closing after a failed start failed'));
    if (!(error instanceof ListenError)) throw error;
    process.stderr.write(`postwire ${command}: ${error.message}\n`);
    return 1;
  }
  // Only once the API listens: the generated password is printed in the banner below, so
  // an account created by a start that then failed would have a password nobody saw.
  let seeded: { email: string; password: string } | undefined;
  if (roles.api && config.seedAccount && (await isEmptyInstallation(runtime.services.handle))) {
    const password = generatePassword();
    await createAccount(runtime.services.handle, { email: SEED_EMAIL, password, name: 'Admin' });
    seeded = { email: SEED_EMAIL, password };
  }

  // Before the banner: whoever waits for it (a supervisor, a test) may signal at once,
  // and a signal that comes before its handler kills the process without a shutdown.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      runtime.logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    closing = true;
    runtime.logger.info({ signal }, 'shutting down');
    runtime.close().then(
      () => process.exit(0),
      (error) => {
        runtime.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const inboundPort = runtime.inbound?.port;
  const bounces =
    inboundPort === undefined
      ? undefined
      : `  Bounces: smtp://${config.inboundSmtpHost}:${inboundPort} (DSN and ARF reports for bounces+<id>@${config.bounceDomain ?? 'BOUNCE_DOMAIN'}, and mail to receiving domains)`;
  const submissionPort = runtime.submission?.port;
  const submissionTlsPort = runtime.submission?.tlsPort;
  const smtp =
    submissionPort === undefined
      ? undefined
      : `  SMTP: smtp://${config.smtpSubmissionHost}:${submissionPort} ` +
        `(STARTTLS${submissionTlsPort === undefined ? '' : `; TLS from the start on ${submissionTlsPort}`}; user apikey, an API key with the send scope as password)`;
  if (roles.api) {
    const lines = [
      '',
      `Postwire is running (${roles.worker ? 'API + worker' : 'API'}, ${runtime.services.handle.describe}, transport ${config.transport}).`,
      `  API:  ${url}`,
      `  App:  ${url}/app  (the dashboard)`,
      ...(bounces ? [bounces] : []),
      ...(smtp ? [smtp] : []),
      `  Docs: ${url}/docs`,
    ];
    if (seeded)
      lines.push(
        `  First account created. Sign in at ${url}/app or with POST ${url}/token:`,
        `    EmailAddress: ${seeded.email}`,
        `    Password:     ${seeded.password}`,
        '  (the password is shown only this once)',
      );
    process.stdout.write(lines.join('\n') + '\n\n');
  } else if (bounces) {
    process.stdout.write(`\nPostwire's feedback listener is running (${runtime.services.handle.describe}).\n${bounces}\n\n`);
  } else if (smtp) {
    process.stdout.write(`\nPostwire's SMTP submission is running (${runtime.services.handle.describe}).\n${smtp}\n\n`);
  }
  return -1;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help') {
    const topic = rest.length ? COMMAND_HELP[rest.join(' ')] : undefined;
    process.stdout.write(topic ?? HELP);
    return command ? 0 : 1;
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    process.stdout.write(`postwire ${version()}\n`);
    return 0;
  }
  const help = helpFor(argv);
  if (help !== undefined) {
    process.stdout.write(help);
    return 0;
  }
  const config = loadConfig(environmentOver(readDotEnv(process.cwd())));
  setPasswordHashCost(config.passwordHashCost);
  switch (command) {
    case 'start':
      return serve(config, { api: true, worker: true, inbound: true, smtp: true }, command);
    case 'api':
      return serve(config, { api: true, worker: false }, command);
    case 'worker':
      return serve(config, { api: false, worker: true }, command);
    case 'inbound':
      return serve(config, { api: false, worker: false, inbound: true }, command);
    case 'smtp':
      return serve(config, { api: false, worker: false, smtp: true }, command);
    case 'migrate':
      return migrateCommand(config, rest);
    case 'backup':
    case 'restore':
      return backupCommand(config, command, rest);
    case 'account': {
      const [sub, ...options] = rest;
      if (sub === 'create') return createAccountCommand(config, options);
      if (sub === 'reset-password') return resetPasswordCommand(config, options);
      break;
    }
    case 'export':
    case 'erase':
      return personCommand(config, command, rest);
    case 'payment': {
      const [sub, ...options] = rest;
      if (sub !== 'add') break;
      return addPayment(config, options);
    }
  }
  process.stderr.write(`Unknown command: ${argv.join(' ')}\n\n${HELP}`);
  return 2;
}

/** `postwire migrate [--status]`. */
async function migrateCommand(config: Config, options: string[]): Promise<number> {
  let values: { status?: boolean };
  try {
    ({ values } = parseArgs({ args: options, options: { status: { type: 'boolean' } } }));
  } catch (error) {
    process.stderr.write(`postwire migrate: ${(error as Error).message}\n`);
    return 2;
  }
  if (!values.status) {
    await withDatabase(config, async () => undefined);
    process.stdout.write('The database schema is up to date.\n');
    return 0;
  }
  const { openDatabase } = await import('../db/database.js');
  const { migrationStatus } = await import('../db/migrate.js');
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteSynchronous: config.sqliteSynchronous });
  try {
    const status = await migrationStatus(handle.db);
    const lines = [
      ...status.applied.map((m) => `applied  ${m.name}  ${m.executedAt.toISOString()}`),
      ...status.pending.map((name) => `pending  ${name}`),
      ...status.unknown.map((m) => `unknown  ${m.name}  ${m.executedAt.toISOString()}  (applied by a newer Postwire)`),
      '',
      `${status.applied.length} applied, ${status.pending.length} pending${status.unknown.length ? `, ${status.unknown.length} unknown to this version` : ''} (${handle.describe}).`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
    return status.unknown.length ? 1 : status.pending.length ? 3 : 0;
  } finally {
    await handle.close();
  }
}

/** `postwire backup --to FILE` and `postwire restore --from FILE` (backup.ts). */
async function backupCommand(config: Config, command: 'backup' | 'restore', options: string[]): Promise<number> {
  const option = command === 'backup' ? 'to' : 'from';
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: options, options: { [option]: { type: 'string' } } }) as { values: Record<string, string | undefined> });
  } catch (error) {
    process.stderr.write(`postwire ${command}: ${(error as Error).message}\n`);
    return 2;
  }
  const file = values[option];
  if (!file) {
    process.stderr.write(`postwire ${command} needs --${option} FILE\n`);
    return 2;
  }
  const { backup, restore } = await import('./backup.js');
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (command === 'backup') await backup(config, file, version(), say);
  else await restore(config, file, say);
  return 0;
}

/** `postwire account create`. */
async function createAccountCommand(config: Config, options: string[]): Promise<number> {
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
  const { createAccount } = await import('../features/account/accounts/accounts.service.js');
  const created = await withDatabase(config, (handle) => createAccount(handle, { email: values.email!, password: values.password!, name: values.name }));
  process.stdout.write(`${created.accountId}\n`);
  return 0;
}

/**
 * `postwire account reset-password`: for the operator of a user who lost the password.
 * No `--password P`: a password on the command line stays in the shell's history and
 * in the process list; it is generated, or read from standard input.
 */
async function resetPasswordCommand(config: Config, options: string[]): Promise<number> {
  let values: { email?: string; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({ args: options, options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean' } } }));
  } catch (error) {
    process.stderr.write(`postwire account reset-password: ${(error as Error).message}\n`);
    return 2;
  }
  if (!values.email) {
    process.stderr.write('postwire account reset-password needs --email\n');
    return 2;
  }
  const { resetPassword } = await import('../features/account/accounts/accounts.service.js');
  const { generatePassword } = await import('../lib/passwords.js');
  const fromStdin = values['password-stdin'] === true;
  const password = fromStdin ? (await readStdin()).replace(/\r?\n$/, '') : generatePassword();
  await withDatabase(config, (handle) => resetPassword(handle, { email: values.email!, password }));
  if (fromStdin) {
    process.stdout.write(`The password of ${values.email} is reset; their sessions have ended.\n`);
  } else {
    // Alone on stdout, so a script can take it; the note goes to stderr.
    process.stdout.write(`${password}\n`);
    process.stderr.write(`The new password of ${values.email} is shown only this once; their sessions have ended.\n`);
  }
  return 0;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `postwire export` and `postwire erase`: a person's data, as the operator is asked for it (docs/privacy.md). */
async function personCommand(config: Config, command: 'export' | 'erase', options: string[]): Promise<number> {
  const usage = (message: string) => {
    process.stderr.write(`postwire ${command}: ${message}\n`);
    return 2;
  };
  let values: { account?: string; email?: string };
  try {
    ({ values } = parseArgs({ args: options, options: { account: { type: 'string' }, email: { type: 'string' } } }));
  } catch (error) {
    return usage((error as Error).message);
  }
  if (!values.account || !values.email) return usage('needs --account and --email');
  const { PrivacyService } = await import('../features/system/privacy/privacy.service.js');
  const { systemClock } = await import('../lib/clock.js');
  const answer = await withDatabase(config, async (handle) => {
    const { findLiveAccount } = await import('../features/account/accounts/accounts.store.js');
    if (!(await findLiveAccount(handle.db, values.account!))) throw new AppError('not_found', `No account ${values.account}.`);
    const { eventLogFor } = await import('../runtime.js');
    const privacy = new PrivacyService(handle, systemClock, eventLogFor(config));
    return command === 'export' ? privacy.export(values.account!, values.email!) : privacy.erase(values.account!, values.email!, { operator: true });
  });
  process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  return 0;
}

/** `postwire payment add`: the operator records a payment (docs/billing.md). */
async function addPayment(config: Config, options: string[]): Promise<number> {
  const usage = (message: string) => {
    process.stderr.write(`postwire payment add: ${message}\n`);
    return 2;
  };
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: options,
      options: Object.fromEntries(['account', 'credits', 'amount', 'currency', 'reference', 'method'].map((name) => [name, { type: 'string' as const }])),
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    return usage((error as Error).message);
  }
  const missing = ['account', 'credits', 'amount', 'currency'].filter((name) => values[name] === undefined);
  if (missing.length) return usage(`needs ${missing.map((name) => `--${name}`).join(', ')}`);
  if (!/^\d+$/.test(values.credits!)) return usage(`--credits must be a whole number, not "${values.credits}"`);
  if (!/^\d+$/.test(values.amount!)) return usage(`--amount must be a whole number of minor units (4900 for 49.00 EUR), not "${values.amount}"`);
  const { BillingService, describePayment } = await import('../features/account/billing/billing.service.js');
  const recorded = await withDatabase(config, (handle) =>
    new BillingService(handle, config.billing).recordPayment(
      {
        accountId: values.account!,
        credits: Number(values.credits),
        amount: Number(values.amount),
        currency: values.currency!,
        reference: values.reference,
        method: values.method,
      },
      'cli',
    ),
  );
  process.stdout.write(`${describePayment(recorded)}\n`);
  return 0;
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
