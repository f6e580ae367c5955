/**
 * The one schema of Postwire's configuration and the only reader of `process.env`.
 * Every key has a type, a default and a one-line description; `docs/config.md` is
 * generated from this table (`npm run docs:config`), so the table is the documentation.
 */
import path from 'node:path';

type Kind = 'string' | 'integer' | 'boolean' | 'enum';

interface KeySpec {
  kind: Kind;
  default: string | undefined;
  description: string;
  values?: readonly string[];
  min?: number;
  max?: number;
}

export const CONFIG_SCHEMA = {
  PORT: { kind: 'integer', default: '3000', min: 0, max: 65535, description: 'TCP port the HTTP API listens on (0 picks a free port).' },
  HOST: { kind: 'string', default: '127.0.0.1', description: 'Address the HTTP API binds to; 0.0.0.0 serves other machines.' },
  DATA_DIR: { kind: 'string', default: './data', description: 'Folder for the SQLite file, the generated JWT secret and other local state.' },
  DATABASE_URL: { kind: 'string', default: undefined, description: 'Absent: SQLite file postwire.db in DATA_DIR. postgres://… selects PostgreSQL.' },
  BASE_URL: { kind: 'string', default: undefined, description: 'Public address used in links; defaults to http://HOST:PORT.' },
  JWT_SECRET: { kind: 'string', default: undefined, description: 'HMAC secret for access tokens; absent: generated once and kept in DATA_DIR/jwt-secret.' },
  TRANSPORT: { kind: 'enum', default: 'capture', values: ['capture'], description: 'Where the worker hands messages: capture keeps them in the built-in inbox.' },
  LOG_LEVEL: { kind: 'enum', default: 'info', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], description: 'Minimum level of log lines written to stdout.' },
  ACCESS_TOKEN_TTL_SECONDS: { kind: 'integer', default: '3600', min: 60, description: 'Lifetime of an access token (expires_in of POST /token).' },
  REFRESH_TOKEN_TTL_SECONDS: { kind: 'integer', default: '2592000', min: 60, description: 'Lifetime of a refresh token family since its last rotation (30 days).' },
  SESSION_CACHE_SECONDS: { kind: 'integer', default: '5', min: 0, description: 'How long another process may keep honouring a revoked session (verified credentials are cached this long).' },
  BODY_LIMIT_BYTES: { kind: 'integer', default: '10485760', min: 1024, description: 'Largest request body accepted; larger bodies get 413.' },
  WORKER_BATCH_SIZE: { kind: 'integer', default: '100', min: 1, description: 'How many due recipients one worker claims at a time.' },
  WORKER_LEASE_SECONDS: { kind: 'integer', default: '300', min: 5, description: 'How long a claim holds; an expired claim is taken over by any worker (crash recovery).' },
  WORKER_POLL_MS: { kind: 'integer', default: '1000', min: 10, description: 'How often an idle worker looks for due work it was not told about.' },
  WORKER_CONCURRENCY: { kind: 'integer', default: '16', min: 1, description: 'Deliveries one worker process keeps in flight at once.' },
  SQLITE_SYNCHRONOUS: { kind: 'enum', default: 'FULL', values: ['FULL', 'NORMAL'], description: 'SQLite fsync policy; FULL means an accepted message survives power loss.' },
  SEED_ACCOUNT: { kind: 'boolean', default: 'true', description: 'On start with an empty database, create an account and print its credentials.' },
} as const satisfies Record<string, KeySpec>;

export type ConfigKey = keyof typeof CONFIG_SCHEMA;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string | undefined;
  jwtSecret: string | undefined;
  transport: 'capture';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  sessionCacheSeconds: number;
  bodyLimitBytes: number;
  workerBatchSize: number;
  workerLeaseSeconds: number;
  workerPollMs: number;
  workerConcurrency: number;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  seedAccount: boolean;
}

export class ConfigError extends Error {}

function readKey(key: ConfigKey, env: Record<string, string | undefined>): string | number | boolean | undefined {
  const spec: KeySpec = CONFIG_SCHEMA[key];
  const raw = env[key] === undefined || env[key] === '' ? spec.default : env[key];
  if (raw === undefined) return undefined;
  switch (spec.kind) {
    case 'string':
      return raw;
    case 'integer': {
      if (!/^\d+$/.test(raw)) throw new ConfigError(`${key} must be a whole number, got "${raw}"`);
      const value = Number(raw);
      if (spec.min !== undefined && value < spec.min) throw new ConfigError(`${key} must be at least ${spec.min}, got ${value}`);
      if (spec.max !== undefined && value > spec.max) throw new ConfigError(`${key} must be at most ${spec.max}, got ${value}`);
      return value;
    }
    case 'boolean':
      if (/^(true|1|yes)$/i.test(raw)) return true;
      if (/^(false|0|no)$/i.test(raw)) return false;
      throw new ConfigError(`${key} must be true or false, got "${raw}"`);
    case 'enum': {
      const value = key === 'SQLITE_SYNCHRONOUS' ? raw.toUpperCase() : raw.toLowerCase();
      if (!spec.values!.includes(value)) throw new ConfigError(`${key} must be one of ${spec.values!.join(', ')}, got "${raw}"`);
      return value;
    }
  }
}

/** Reads and checks the configuration; a bad value stops the process at boot with a message naming the key. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Readonly<Config> {
  const get = (key: ConfigKey) => readKey(key, env);
  const config: Config = {
    port: get('PORT') as number,
    host: get('HOST') as string,
    dataDir: path.resolve(get('DATA_DIR') as string),
    databaseUrl: get('DATABASE_URL') as string | undefined,
    baseUrl: (get('BASE_URL') as string | undefined)?.replace(/\/+$/, ''),
    jwtSecret: get('JWT_SECRET') as string | undefined,
    transport: get('TRANSPORT') as Config['transport'],
    logLevel: get('LOG_LEVEL') as Config['logLevel'],
    accessTokenTtlSeconds: get('ACCESS_TOKEN_TTL_SECONDS') as number,
    refreshTokenTtlSeconds: get('REFRESH_TOKEN_TTL_SECONDS') as number,
    sessionCacheSeconds: get('SESSION_CACHE_SECONDS') as number,
    bodyLimitBytes: get('BODY_LIMIT_BYTES') as number,
    workerBatchSize: get('WORKER_BATCH_SIZE') as number,
    workerLeaseSeconds: get('WORKER_LEASE_SECONDS') as number,
    workerPollMs: get('WORKER_POLL_MS') as number,
    workerConcurrency: get('WORKER_CONCURRENCY') as number,
    sqliteSynchronous: get('SQLITE_SYNCHRONOUS') as Config['sqliteSynchronous'],
    seedAccount: get('SEED_ACCOUNT') as boolean,
    ...overrides,
  };
  if (config.databaseUrl && !/^(postgres|postgresql):\/\//.test(config.databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite file)');
  }
  if (config.jwtSecret !== undefined && config.jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  return Object.freeze(config);
}

/** The public address of the API, used in printed links and the OpenAPI document. */
export function publicBaseUrl(config: Config, listeningPort?: number): string {
  if (config.baseUrl) return config.baseUrl;
  // An IPv6 address is bracketed in a URL (http://[::1]:3000).
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${listeningPort ?? config.port}`;
}
