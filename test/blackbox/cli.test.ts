/**
 * Black box: the `postwire` command as an operator runs it (`node bin/postwire.mjs …`),
 * judged by its exit code and what it prints.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { runPostwire as cli, startPostwire, stopAll, stopPostwire } from '../helpers/process.js';

after(async () => {
  const results = await stopAll();
  for (const result of results) assert.deepEqual(result, { code: 0, signal: null }, 'graceful shutdown exits with code 0');
});

const COMMANDS = ['start', 'api', 'worker', 'migrate', 'account create'];

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
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ EmailAddress: email, Password: password }),
      });
      const body = await login.json() as any;
      assert.equal(login.status, 200, JSON.stringify(body));
      assert.equal(body.resultObject.token_type, 'Bearer');
      const senders = await fetch(`${server.url}/notify/v1/senders`, { headers: { authorization: `Bearer ${body.resultObject.access_token}` } });
      const list = (await senders.json() as any).resultObject;
      assert.equal(list.totalCount, 1);
      assert.equal(list.items[0].email, email);
      assert.equal(list.items[0].customerId, accountId);
      assert.equal(list.items[0].displayName, 'Acme Mail');
      assert.deepEqual(await stopPostwire(server), { code: 0, signal: null });
    });
  });
}
