/**
 * Black box: the `postwire` command as an operator runs it (`node bin/postwire.mjs …`),
 * judged by its exit code and what it prints.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { callApi, runPostwire as cli, ROOT, startPostwire, stopAll, stopPostwire, type Finished } from '../helpers/process.js';

after(async () => {
  const results = await stopAll();
  for (const result of results) assert.deepEqual(result, { code: 0, signal: null }, 'graceful shutdown exits with code 0');
});

const COMMANDS = ['start', 'api', 'worker', 'migrate', 'backup', 'restore', 'account create'];

describe('postwire --help and usage errors', () => {
  it('--help exits 0 and lists the commands', async () => {
    const out = await cli(['--help']);
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, /^Usage: postwire <command>/);
    for (const command of COMMANDS) assert.ok(out.stdout.includes(`  ${command}`), `help lists ${command}`);
    assert.match(out.stdout, /--email E --password P/);
    assert.equal(out.stderr, '');
  });

  it('-h and help are --help too', async () => {
    const outs = await Promise.all(['-h', 'help'].map((flag) => cli([flag])));
    for (const out of outs) {
      assert.equal(out.code, 0);
      assert.match(out.stdout, /^Usage: postwire/);
    }
  });

  it('--help and -h after any command or subcommand print its usage and do nothing else', async () => {
    // An empty data folder: a command that ran would leave a database in it (and start would not exit).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-help-'));
    after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const commands = [
      'start',
      'api',
      'worker',
      'inbound',
      'migrate',
      'backup',
      'restore',
      'account',
      'account create',
      'account reset-password',
      'payment',
      'payment add',
    ];
    const runs: [string, string[]][] = [];
    for (const command of commands) for (const flag of ['--help', '-h']) runs.push([command, [...command.split(' '), flag]]);
    // Options around the flag do not make it run either.
    runs.push(['account create', ['account', 'create', '--email', 'x@example.com', '--password', 'a long password', '--help']]);
    runs.push(['payment add', ['payment', 'add', '--account', 'nobody', '-h', '--credits', '5']]);
    const outs: Finished[] = [];
    for (let i = 0; i < runs.length; i += 4) {
      outs.push(...(await Promise.all(runs.slice(i, i + 4).map(([, args]) => cli(args, { DATA_DIR: dataDir, PORT: '0' })))));
    }
    outs.forEach((out, i) => {
      const [command, args] = runs[i]!;
      const what = `postwire ${args.join(' ')}`;
      assert.equal(out.code, 0, `${what}: ${out.stderr}`);
      assert.ok(
        out.stdout.startsWith(`Usage: postwire ${command} `) || out.stdout.startsWith(`Usage: postwire ${command}\n`),
        `${what} printed:\n${out.stdout}`,
      );
      assert.equal(out.stderr, '', what);
    });
    assert.deepEqual(fs.readdirSync(dataDir), [], 'no command ran');
  });

  it('the usage of account and payment lists their subcommands', async () => {
    const [account, payment] = await Promise.all([cli(['account', '--help']), cli(['payment', '--help'])]);
    assert.match(account!.stdout, /^ {2}create --email E --password P/m);
    assert.match(account!.stdout, /^ {2}reset-password --email E \[--password-stdin\]/m);
    assert.match(payment!.stdout, /^ {2}add --account ID --credits N/m);
  });

  it('--version prints the version of the package', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const out = await cli(['--version']);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stdout, `postwire ${version}\n`);
  });

  it('no command prints the usage and fails', async () => {
    const out = await cli([]);
    assert.notEqual(out.code, 0);
    assert.match(out.stdout, /^Usage: postwire/);
  });

  it('an unknown command exits 2 with the usage', async () => {
    const out = await cli(['frobnicate']);
    assert.equal(out.code, 2);
    assert.match(out.stderr, /Unknown command: frobnicate/);
    assert.match(out.stderr, /Usage: postwire/);
  });

  it('a bad configuration value fails at once with a message naming the key', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['start'], { PORT: 'abc' }, /PORT must be a whole number, got "abc"/],
      [['migrate'], { PORT: 'abc' }, /PORT must be a whole number, got "abc"/],
      [['start'], { PORT: '70000' }, /PORT must be at most 65535/],
      [['migrate'], { LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
      [['migrate'], { DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL/],
    ];
    const outs = await Promise.all(cases.map(([args, env]) => cli(args, env)));
    outs.forEach((out, i) => {
      const [args, env, message] = cases[i]!;
      const what = `${args.join(' ')} with ${JSON.stringify(env)}`;
      assert.notEqual(out.code, 0, what);
      assert.equal(out.signal, null, what);
      assert.match(out.stderr, message, what);
      assert.doesNotMatch(out.stderr, /\n\s+at /, `${what}: a message, not a stack trace`);
    });
  });
});

describe('.env in the working directory', () => {
  let directory: string;
  before(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-dotenv-'));
  });
  after(() => fs.rmSync(directory, { recursive: true, force: true }));

  it('is read for the variables the environment does not set', async () => {
    fs.writeFileSync(path.join(directory, '.env'), '# copied from .env.example\nDATA_DIR="./from dotenv"\nTRANSPORT=capture\n');
    const out = await cli(['migrate'], {}, { cwd: directory });
    assert.equal(out.code, 0, out.stderr);
    assert.ok(fs.existsSync(path.join(directory, 'from dotenv', 'postwire.db')), 'the database is in the DATA_DIR of .env');
  });

  it('a bad value in it is reported like one in the environment', async () => {
    fs.writeFileSync(path.join(directory, '.env'), 'PORT=abc\n');
    const out = await cli(['migrate'], { DATA_DIR: path.join(directory, 'data') }, { cwd: directory });
    assert.notEqual(out.code, 0);
    assert.match(out.stderr, /PORT must be a whole number, got "abc"/);
  });

  it('never overrides a variable already set', async () => {
    fs.writeFileSync(path.join(directory, '.env'), 'PORT=abc\nDATA_DIR=./from-dotenv\n');
    const dataDir = path.join(directory, 'from-environment');
    const out = await cli(['migrate'], { PORT: '0', DATA_DIR: dataDir }, { cwd: directory });
    assert.equal(out.code, 0, out.stderr);
    assert.ok(fs.existsSync(path.join(dataDir, 'postwire.db')));
    assert.ok(!fs.existsSync(path.join(directory, 'from-dotenv')));
  });
});

for (const dialect of DIALECTS) {
  describe(`postwire migrate and account create [${dialect}]`, () => {
    let database: TestDatabase;
    let env: Record<string, string | undefined>;
    const email = `owner.${process.pid}@example.com`;
    const password = 'a long enough password';
    let accountId: string;

    before(async () => {
      database = await createTestDatabase(dialect);
      env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl };
    });
    after(() => database.drop());

    it('migrate exits 0, and again when there is nothing to do', async () => {
      for (let i = 0; i < 2; i++) {
        const out = await cli(['migrate'], env);
        assert.equal(out.code, 0, out.stderr);
        assert.match(out.stdout, /up to date/);
      }
    });

    it('account create prints a 24-hex account id and exits 0', async () => {
      const out = await cli(['account', 'create', '--email', email, '--password', password, '--name', 'Acme Mail'], env);
      assert.equal(out.code, 0, out.stderr);
      assert.match(out.stdout, /^[0-9a-f]{24}\n$/);
      accountId = out.stdout.trim();
    });

    it('refuses a duplicate email (in any case) with a message and a non-zero exit', async () => {
      const again = [email, email.toUpperCase()];
      const outs = await Promise.all(again.map((address) => cli(['account', 'create', '--email', address, '--password', 'another password'], env)));
      for (const out of outs) {
        assert.notEqual(out.code, 0);
        assert.match(out.stderr, /already exists/);
        assert.equal(out.stdout, '');
      }
    });

    it('without --password (or --email) exits 2 and says what is missing', async () => {
      const [noPassword, noEmail] = await Promise.all([
        cli(['account', 'create', '--email', 'x@example.com'], env),
        cli(['account', 'create', '--password', password], env),
      ]);
      assert.equal(noPassword!.code, 2);
      assert.match(noPassword!.stderr, /--password/);
      assert.equal(noEmail!.code, 2);
      assert.match(noEmail!.stderr, /--email/);
    });

    it('an unknown option exits 2 with a message, not a stack trace', async () => {
      const out = await cli(['account', 'create', '--email', 'y@example.com', '--password', password, '--colour', 'blue'], env);
      assert.equal(out.code, 2);
      assert.match(out.stderr, /--colour/);
      assert.doesNotMatch(out.stderr, /\n\s+at /);
    });

    it('refuses an invalid email or a short password, naming the field', async () => {
      const [badEmail, shortPassword] = await Promise.all([
        cli(['account', 'create', '--email', 'not-an-address', '--password', password], env),
        cli(['account', 'create', '--email', 'z@example.com', '--password', 'short'], env),
      ]);
      assert.notEqual(badEmail!.code, 0);
      assert.match(badEmail!.stderr, /email: must be an email address/);
      assert.notEqual(shortPassword!.code, 0);
      assert.match(shortPassword!.stderr, /password: must be at least 8 characters/);
    });

    it('the created account can log in on a started server and has its sender', async () => {
      const server = await startPostwire('start', env);
      assert.doesNotMatch(server.stdout, /First account created/, 'no seeding on a non-empty database');
      const login = await fetch(`${server.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ EmailAddress: email, Password: password }),
      });
      const body = (await login.json()) as any;
      assert.equal(login.status, 200, JSON.stringify(body));
      assert.equal(body.resultObject.token_type, 'Bearer');
      const senders = await fetch(`${server.url}/notify/v1/senders`, { headers: { authorization: `Bearer ${body.resultObject.access_token}` } });
      const list = ((await senders.json()) as any).resultObject;
      assert.equal(list.totalCount, 1);
      assert.equal(list.items[0].email, email);
      assert.equal(list.items[0].customerId, accountId);
      assert.equal(list.items[0].displayName, 'Acme Mail');
      assert.deepEqual(await stopPostwire(server), { code: 0, signal: null });
    });

    it('account reset-password prints a new password once; the old one and its sessions stop working', async () => {
      // No session cache: the revocation is seen by the running server at once.
      const server = await startPostwire('api', { ...env, SESSION_CACHE_SECONDS: '0' });
      const logIn = (secret: string) => callApi(server.url, '/token', { json: { EmailAddress: email, Password: secret } });
      const first = await logIn(password);
      assert.equal(first.status, 200, first.text);
      const token = first.json.resultObject.access_token;

      const out = await cli(['account', 'reset-password', '--email', email.toUpperCase()], env);
      assert.equal(out.code, 0, out.stderr);
      assert.match(out.stdout, /^\S{12,}\n$/, 'the password alone on stdout');
      assert.match(out.stderr, /shown only this once/);
      const generated = out.stdout.trim();

      assert.equal((await logIn(password)).status, 401, 'the old password no longer works');
      assert.equal((await logIn(generated)).status, 200, 'the printed one does');
      assert.equal((await callApi(server.url, '/notify/v1/senders', { token })).status, 401, 'a session of the old password has ended');
      assert.deepEqual(await stopPostwire(server), { code: 0, signal: null });
    });

    it('account reset-password --password-stdin takes the password from standard input', async () => {
      const chosen = 'a chosen pass phrase';
      const out = await cli(['account', 'reset-password', '--email', email, '--password-stdin'], env, { stdin: `${chosen}\n` });
      assert.equal(out.code, 0, out.stderr);
      assert.doesNotMatch(out.stdout, new RegExp(chosen), 'a password read is not printed');
      const server = await startPostwire('api', env);
      assert.equal((await callApi(server.url, '/token', { json: { EmailAddress: email, Password: chosen } })).status, 200);
      assert.deepEqual(await stopPostwire(server), { code: 0, signal: null });
    });

    it('account reset-password refuses an unknown email, a short password, a missing --email and --password', async () => {
      const [unknown, short, noEmail, onCommandLine] = await Promise.all([
        cli(['account', 'reset-password', '--email', 'nobody@example.com'], env),
        cli(['account', 'reset-password', '--email', email, '--password-stdin'], env, { stdin: 'short\n' }),
        cli(['account', 'reset-password'], env),
        cli(['account', 'reset-password', '--email', email, '--password', 'on the command line'], env),
      ]);
      assert.notEqual(unknown!.code, 0);
      assert.match(unknown!.stderr, /nobody@example\.com was not found/);
      assert.equal(unknown!.stdout, '', 'no password printed for nobody');
      assert.notEqual(short!.code, 0);
      assert.match(short!.stderr, /password: must be at least 8 characters/);
      assert.equal(noEmail!.code, 2);
      assert.match(noEmail!.stderr, /--email/);
      assert.equal(onCommandLine!.code, 2);
      assert.match(onCommandLine!.stderr, /--password/);
    });
  });
}
