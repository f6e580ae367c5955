import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CONFIG_SCHEMA, ConfigError, configField, loadConfig, publicBaseUrl } from '../../src/config.js';

/** Asserts that loading `env` fails with a ConfigError whose message names `key`. */
function rejects(env: Record<string, string>, key: string): void {
  assert.throws(
    () => loadConfig(env),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${error}`);
      assert.match(error.message, new RegExp(`\\b${key}\\b`));
      return true;
    },
    `${JSON.stringify(env)} should be refused`,
  );
}

describe('loadConfig', () => {
  it('has a default for every key without one being set', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.dataDir, path.resolve('./data'));
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.baseUrl, undefined);
    assert.equal(config.jwtSecret, undefined);
    assert.equal(config.transport, 'capture');
    assert.equal(config.logLevel, 'info');
    assert.equal(config.accessTokenTtlSeconds, 3600);
    assert.equal(config.refreshTokenTtlSeconds, 2_592_000);
    assert.equal(config.sessionCacheSeconds, 5);
    assert.equal(config.bodyLimitBytes, 10_485_760);
    assert.equal(config.workerBatchSize, 100);
    assert.equal(config.workerLeaseSeconds, 30);
    assert.equal(config.workerPollMs, 1000);
    assert.equal(config.workerConcurrency, 16);
    assert.equal(config.sqliteSynchronous, 'FULL');
    assert.equal(config.seedAccount, true);
  });

  it('reads only the env it is given, and treats an empty value as unset', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: '', SEED_ACCOUNT: '' });
    assert.equal(config.port, 3000);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.seedAccount, true);
  });

  it('every schema key has a description and a valid default', () => {
    for (const [key, spec] of Object.entries(CONFIG_SCHEMA)) {
      assert.ok(spec.description.length > 10, key);
    }
    const defaults = Object.fromEntries(Object.entries(CONFIG_SCHEMA).flatMap(([key, spec]) => (spec.default === undefined ? [] : [[key, spec.default]])));
    assert.doesNotThrow(() => loadConfig(defaults));
  });

  it('parses integers', () => {
    const config = loadConfig({ PORT: '0', WORKER_BATCH_SIZE: '250', ACCESS_TOKEN_TTL_SECONDS: '60', BODY_LIMIT_BYTES: '007000' });
    assert.equal(config.port, 0);
    assert.equal(config.workerBatchSize, 250);
    assert.equal(config.accessTokenTtlSeconds, 60);
    assert.equal(config.bodyLimitBytes, 7000);
    assert.equal(loadConfig({ PORT: '65535' }).port, 65535);
  });

  it('refuses integers that are not whole numbers, naming the key', () => {
    for (const bad of ['abc', '3.5', '-1', '1e3', ' 80', '80 ', '0x50', '+80']) rejects({ PORT: bad }, 'PORT');
    rejects({ WORKER_CONCURRENCY: 'many' }, 'WORKER_CONCURRENCY');
  });

  it('refuses integers below the minimum, naming the key', () => {
    rejects({ ACCESS_TOKEN_TTL_SECONDS: '59' }, 'ACCESS_TOKEN_TTL_SECONDS');
    rejects({ WORKER_BATCH_SIZE: '0' }, 'WORKER_BATCH_SIZE');
    rejects({ BODY_LIMIT_BYTES: '100' }, 'BODY_LIMIT_BYTES');
    rejects({ WORKER_POLL_MS: '9' }, 'WORKER_POLL_MS');
  });

  it('refuses a port above 65535, naming PORT', () => {
    rejects({ PORT: '65536' }, 'PORT');
    rejects({ PORT: '99999' }, 'PORT');
  });

  it('parses booleans in the usual spellings', () => {
    for (const yes of ['true', 'TRUE', 'True', '1', 'yes', 'YES']) assert.equal(loadConfig({ SEED_ACCOUNT: yes }).seedAccount, true, yes);
    for (const no of ['false', 'FALSE', '0', 'no', 'No']) assert.equal(loadConfig({ SEED_ACCOUNT: no }).seedAccount, false, no);
    for (const bad of ['maybe', 'on', 'off', '2', 'y']) rejects({ SEED_ACCOUNT: bad }, 'SEED_ACCOUNT');
  });

  it('parses enums without regard to case, in their canonical case', () => {
    assert.equal(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel, 'warn');
    assert.equal(loadConfig({ LOG_LEVEL: 'silent' }).logLevel, 'silent');
    assert.equal(loadConfig({ SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous, 'NORMAL');
    assert.equal(loadConfig({ TRANSPORT: 'Capture' }).transport, 'capture');
  });

  it('refuses an enum value outside its list, naming the key and the choices', () => {
    rejects({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL');
    rejects({ SQLITE_SYNCHRONOUS: 'OFF' }, 'SQLITE_SYNCHRONOUS');
    rejects({ TRANSPORT: 'carrier-pigeon' }, 'TRANSPORT');
    assert.throws(() => loadConfig({ LOG_LEVEL: 'verbose' }), /fatal, error, warn, info, debug, trace, silent/);
  });

  it('accepts postgres:// and postgresql:// DATABASE_URLs', () => {
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/x' }).databaseUrl, 'postgres://u:p@db:5432/x');
    assert.equal(loadConfig({ DATABASE_URL: 'postgresql://db/x' }).databaseUrl, 'postgresql://db/x');
  });

  it('refuses any other DATABASE_URL, naming the key', () => {
    for (const bad of ['mysql://db/x', 'sqlite:./data/x.db', './data/postwire.db', 'http://db', 'xpostgres://db'])
      rejects({ DATABASE_URL: bad }, 'DATABASE_URL');
    assert.throws(() => loadConfig({}, { databaseUrl: 'mysql://db/x' }), ConfigError, 'overrides are checked too');
  });

  it('reads TRUST_PROXY as addresses and CIDR ranges, and refuses anything else, naming the key', () => {
    assert.deepEqual(loadConfig({}).trustProxy, []);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy, ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.0/8/1', '1.2.3', 'fd00::/129', '10.0.0.0/x']) rejects({ TRUST_PROXY: bad }, 'TRUST_PROXY');
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    rejects({ JWT_SECRET: 'short' }, 'JWT_SECRET');
    assert.equal(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret, 'x'.repeat(32));
  });

  it('resolves DATA_DIR and trims trailing slashes from BASE_URL', () => {
    assert.equal(loadConfig({ DATA_DIR: 'relative/dir' }).dataDir, path.resolve('relative/dir'));
    assert.equal(loadConfig({ DATA_DIR: '/abs/dir' }).dataDir, '/abs/dir');
    assert.equal(loadConfig({ BASE_URL: 'https://mail.example.com///' }).baseUrl, 'https://mail.example.com');
  });

  it('applies overrides last and returns a frozen object', () => {
    const config = loadConfig({ PORT: '4000' }, { port: 0, logLevel: 'silent' });
    assert.equal(config.port, 0);
    assert.equal(config.logLevel, 'silent');
    assert.ok(Object.isFrozen(config));
  });
});

describe('publicBaseUrl', () => {
  it('is http://HOST:PORT by default, with the listening port when given', () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0' });
    assert.equal(publicBaseUrl(config), 'http://127.0.0.1:0');
    assert.equal(publicBaseUrl(config, 41234), 'http://127.0.0.1:41234');
  });

  it('says localhost for the wildcard addresses', () => {
    assert.equal(publicBaseUrl(loadConfig({ HOST: '0.0.0.0' }), 80), 'http://localhost:80');
    assert.equal(publicBaseUrl(loadConfig({ HOST: '::' }), 80), 'http://localhost:80');
  });

  it('brackets an IPv6 address, so the result is a valid URL', () => {
    const url = publicBaseUrl(loadConfig({ HOST: '::1' }), 8080);
    assert.equal(url, 'http://[::1]:8080');
    assert.equal(new URL(url).port, '8080');
  });

  it('prefers BASE_URL', () => {
    assert.equal(publicBaseUrl(loadConfig({ BASE_URL: 'https://mail.example.com/' }), 8080), 'https://mail.example.com');
  });
});

describe('Config is derived from CONFIG_SCHEMA', () => {
  it('has one field per key, named in camel case, and nothing else', () => {
    const config = loadConfig({});
    assert.deepEqual(Object.keys(config).sort(), Object.keys(CONFIG_SCHEMA).map(configField).sort());
    assert.equal(configField('SMTP_TLS_REJECT_UNAUTHORIZED'), 'smtpTlsRejectUnauthorized');
  });

  it('normalises as the schema says: lists, paths, URLs, case, fallbacks', () => {
    const config = loadConfig({
      TRUST_PROXY: ' 10.0.0.1 , 10.0.0.0/8,',
      RATE_LIMIT_EXEMPT_IPS: 'none',
      DATA_DIR: 'rel',
      BASE_URL: 'https://mail.example.com//',
      BOUNCE_DOMAIN: 'Bounces.Example.COM',
      SQLITE_SYNCHRONOUS: 'normal',
      DNS_RESOLVER: '127.0.0.1:5353',
    });
    assert.deepEqual(config.trustProxy, ['10.0.0.1', '10.0.0.0/8']);
    assert.deepEqual(config.rateLimitExemptIps, []);
    assert.equal(config.dataDir, path.resolve('rel'));
    assert.equal(config.baseUrl, 'https://mail.example.com');
    assert.equal(config.bounceDomain, 'bounces.example.com');
    assert.equal(config.sqliteSynchronous, 'NORMAL');
    assert.equal(config.mxResolver, '127.0.0.1:5353');
    assert.equal(loadConfig({ DNS_RESOLVER: '127.0.0.1:5353', MX_RESOLVER: '127.0.0.2' }).mxResolver, '127.0.0.2');
  });
});
