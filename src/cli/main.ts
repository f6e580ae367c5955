/**
 * The `postwire` command. Roles: `start` (API + worker + feedback listener in one
 * process, the embedded default), `api`, `worker`, `inbound`, `smtp`; administration:
 * `migrate`, `account create`, `payment add`.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Roles } from '../runtime.js';
import { setPasswordHashCost } from '../lib/passwords.js';

const HELP = `Usage: postwire <command> [options]

Commands:
  start                      Run everything in one process: HTTP API, delivery worker,
                             SMTP listener for bounces and complaints (INBOUND_SMTP_PORT),
                             SMTP submission (SMTP_SUBMISSION_PORT)
  api                        Run only the HTTP API
  worker                     Run only the delivery worker
  inbound                    Run only the SMTP listener for bounces (DSN) and complaints (ARF)
  smtp                       Run only SMTP submission: applications send mail over SMTP with an
                             API key as password (docs/smtp.md)
  migrate                    Bring the database schema up to date and exit
  account create --email E --password P [--name N]
                             Create an account with an owner user; prints the account id
  payment add --account ID --credits N --amount A --currency C [--reference R] [--method M]
                             Record a payment: adds N credits to the account; A is in minor
                             units (4900 = 49.00 EUR); prints the payment id and the balance
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
  const { createAccount, isEmptyInstallation } = await import('../features/account/accounts/accounts.service.js');
  const { generatePassword } = await import('../lib/passwords.js');
  const runtime = await createRuntime(config, roles);
  let seeded: { email: string; password: string } | undefined;
  if (roles.api && config.seedAccount && (await isEmptyInstallation(runtime.services.handle))) {
    const password = generatePassword();
    await createAccount(runtime.services.handle, { email: SEED_EMAIL, password, name: 'Admin' });
    seeded = { email: SEED_EMAIL, password };
  }
  const url = await runtime.listen();

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
    runtime.close().then(() => process.exit(0), (error) => {
      runtime.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const inboundPort = runtime.inbound?.port;
  const bounces = inboundPort === undefined ? undefined : `  Bounces: smtp://${config.inboundSmtpHost}:${inboundPort} (DSN and ARF reports for bounces+<id>@${config.bounceDomain ?? 'BOUNCE_DOMAIN'})`;
  const submissionPort = runtime.submission?.port;
  const submissionTlsPort = runtime.submission?.tlsPort;
  const smtp = submissionPort === undefined ? undefined : `  SMTP: smtp://${config.smtpSubmissionHost}:${submissionPort} (STARTTLS${submissionTlsPort === undefined ? '' : `; TLS from the start on ${submissionTlsPort}`}; user apikey, an API key with the send scope as password)`;
  if (roles.api) {
    const lines = ['', `Postwire is running (${roles.worker ? 'API + worker' : 'API'}, ${runtime.services.handle.describe}, transport ${config.transport}).`, `  API:  ${url}`, ...(bounces ? [bounces] : []), ...(smtp ? [smtp] : []), `  Docs: ${url}/docs`];
    if (seeded) lines.push(`  First account created. Log in with POST ${url}/token:`, `    EmailAddress: ${seeded.email}`, `    Password:     ${seeded.password}`, '  (the password is shown only this once)');
    process.stdout.write(lines.join('\n') + '\n\n');
  } else if (bounces) {
    process.stdout.write(`\nPostwire's feedback listener is running (${runtime.services.handle.describe}).\n${bounces}\n\n`);
  } else if (smtp) {
    process.stdout.write(`\nPostwire's SMTP submission is running (${runtime.services.handle.describe}).\n${smtp}\n\n`);
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  switch (command) {
    case 'start':
      await serve(config, { api: true, worker: true, inbound: true, smtp: true });
      return -1;
    case 'api':
      await serve(config, { api: true, worker: false });
      return -1;
    case 'worker':
      await serve(config, { api: false, worker: true });
      return -1;
    case 'inbound':
      await serve(config, { api: false, worker: false, inbound: true });
      return -1;
    case 'smtp':
      await serve(config, { api: false, worker: false, smtp: true });
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
      const { createAccount } = await import('../features/account/accounts/accounts.service.js');
      const created = await withDatabase(config, (handle) => createAccount(handle, { email: values.email!, password: values.password!, name: values.name }));
      process.stdout.write(`${created.accountId}\n`);
      return 0;
    }
    case 'payment': {
      const [sub, ...options] = rest;
      if (sub !== 'add') break;
      return addPayment(config, options);
    }
  }
  process.stderr.write(`Unknown command: ${argv.join(' ')}\n\n${HELP}`);
  return 2;
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
  const recorded = await withDatabase(config, (handle) => new BillingService(handle, config.billing).recordPayment({
    accountId: values.account!, credits: Number(values.credits), amount: Number(values.amount),
    currency: values.currency!, reference: values.reference, method: values.method,
  }, 'cli'));
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
