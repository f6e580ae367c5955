/**
 * Builds Postwire in-process on a fresh database and talks to it with `inject()`,
 * as a client would over HTTP. Also creates accounts and logs them in.
 */
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { Dialect } from '../../src/db/database.js';
import { createAccount } from '../../src/features/account/accounts/accounts.service.js';
import { createLogger, createRuntime, type Runtime } from '../../src/runtime.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import type { Clock } from '../../src/lib/clock.js';

export interface TestApp {
  runtime: Runtime;
  database: TestDatabase;
  dialect: Dialect;
  request(options: RequestOptions): Promise<TestResponse>;
  /** Creates an account (owner user + sender with the same address) and logs in. */
  signUp(email?: string, password?: string): Promise<TestAccount>;
  close(): Promise<void>;
}

export interface TestAccount {
  accountId: string;
  userId: string;
  senderId: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  /** An object is sent as JSON unless `payload`/`headers` say otherwise. */
  body?: unknown;
  /** A stream is sent without a Content-Length (chunked), as a client streaming its body would. */
  payload?: string | Buffer | NodeJS.ReadableStream;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface TestResponse {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** Parsed JSON body (the envelope), or undefined when the body is not JSON. */
  json: any;
  text: string;
  /** The body's bytes exactly (a download); set by `request`, absent from replies built elsewhere. */
  bytes?: Buffer;
}

let counter = 0;

/**
 * `clock`: what leases, windows, tokens and schedules are timed by (helpers/clock.ts: a test moves it).
 * `inbound`: the feedback SMTP listener runs too, on a free port (`runtime.inbound.port`);
 * `smtp`: SMTP submission, likewise (`runtime.submission.port`).
 */
export async function startTestApp(
  dialect: Dialect,
  options: { worker?: boolean; inbound?: boolean; smtp?: boolean; config?: Partial<Config>; clock?: Clock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect, { migrated: true });
  // PASSWORD_HASH_COST 4: the suite makes thousands of users; at the default cost their
  // hashes alone took minutes of CPU. auth.test.ts checks the default on its own.
  const config = loadConfig(
    { LOG_LEVEL: 'silent', WORKER_POLL_MS: '50', PASSWORD_HASH_COST: '4' },
    {
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      port: 0,
      inboundSmtpPort: 0,
      smtpSubmissionPort: 0,
      smtpSubmissionHost: '127.0.0.1',
      ...options.config,
    },
  );
  const runtime = await createRuntime(
    config,
    { api: true, worker: options.worker ?? false, inbound: options.inbound ?? false, smtp: options.smtp ?? false },
    createLogger(config),
    { clock: options.clock },
  );
  await runtime.app!.ready();
  runtime.worker?.start();
  runtime.jobRunner?.start();
  await runtime.inbound?.listen();
  await runtime.submission?.listen();
  runtime.webhookDispatcher?.start();

  const request = async (o: RequestOptions): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let payload = o.payload;
    if (payload === undefined && o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await runtime.app!.inject({
      method: o.method,
      url: o.url,
      headers,
      payload,
      ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
    });
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, json, text: response.body, bytes: response.rawPayload };
  };

  const app: TestApp = {
    runtime,
    database,
    dialect,
    request,
    async signUp(email = `user${++counter}.${process.pid}@example.com`, password = 'correct horse battery') {
      const created = await createAccount(runtime.services.handle, { email, password });
      const login = await request({ method: 'POST', url: '/token', body: { EmailAddress: email, Password: password } });
      if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
      return { ...created, email, password, token: login.json.resultObject.access_token, refreshToken: login.json.resultObject.refresh_token };
    },
    async close() {
      await runtime.close();
      await database.drop();
    },
  };
  return app;
}

/**
 * Polls every `intervalMs` until `check` returns a value (not undefined), or fails after `timeoutMs`.
 * `lastSeen`, if given, describes what the last check found; a timeout's message ends with it.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  what = 'condition',
  intervalMs = 25,
  lastSeen?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastSeen ? `; last seen: ${lastSeen()}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Asserts the five-key envelope shape; returns it. */
export function expectEnvelope(response: TestResponse, status: number): any {
  const body = response.json;
  if (!body || typeof body !== 'object') throw new Error(`expected a JSON envelope, got: ${response.text.slice(0, 200)}`);
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'resultCode,resultMessage,resultObject,resultStatus,version') throw new Error(`envelope keys are ${keys}`);
  if (response.status !== status) throw new Error(`expected HTTP ${status}, got ${response.status}: ${response.text.slice(0, 500)}`);
  if (body.version !== '1.0.0') throw new Error(`version is ${body.version}`);
  if (body.resultCode !== status) throw new Error(`resultCode ${body.resultCode} != HTTP ${status}`);
  if (body.resultStatus !== status < 400) throw new Error(`resultStatus ${body.resultStatus} for HTTP ${status}`);
  if (typeof body.resultMessage !== 'string' || body.resultMessage.length === 0) throw new Error('resultMessage is empty');
  return body;
}
