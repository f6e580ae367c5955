/**
 * The real program as separate processes: `node bin/postwire.mjs <command>` with an
 * environment of the test's choosing, as an operator runs it. Used by the black-box and
 * fault suites.
 *
 * Every long-running process is started in its own process group (so that anything it
 * starts goes with it) and remembered until it exits, so `stopAll()`/`killAll()` in
 * an `after` hook, and an exit hook as a last resort, leave no orphans even when a test
 * failed half-way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { CONFIG_SCHEMA } from '../../src/config.js';
import { ROOT } from './root.js';

export { ROOT };

export type Env = Record<string, string | undefined>;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Finished extends Exit {
  stdout: string;
  stderr: string;
}

export type Role = 'start' | 'api' | 'worker' | 'smtp';

export interface PostwireProcess {
  role: Role;
  child: ChildProcess;
  /** Base URL of the API ('' for a worker). */
  url: string;
  /** Everything the process has written to stdout so far (the banner first, for start and api). */
  stdout: string;
  stderr: string;
  /** First-run credentials, when this start printed them. */
  credentials: { email: string; password: string } | undefined;
  exited: Promise<Exit>;
}

/** The environment of the child: ours without any Postwire setting, plus `env`. */
export function childEnv(env: Env): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(CONFIG_SCHEMA)) delete base[key];
  delete base.NODE_OPTIONS;
  // A cheap password hash (config.ts, PASSWORD_HASH_COST) unless the test says otherwise.
  // No fixed SMTP ports unless the test names one: test files run side by side, and a second
  // `postwire start` on the default 2525 or 2587 runs without that listener and says so on
  // stdout, which broke a test that asserts an empty stdout (seen in CI once the fault and
  // black-box files began to run beside the others).
  return { ...base, LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '4', INBOUND_SMTP_PORT: '0', SMTP_SUBMISSION_PORT: '0', ...env };
}

const running = new Set<PostwireProcess>();

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Signals the child's whole process group (the child leads it: it was spawned detached). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is already gone.
  }
}

// A test process that ends without its after hooks (an uncaught error, a timeout) still
// takes its children with it.
process.on('exit', () => {
  for (const p of running) signalGroup(p.child, 'SIGKILL');
});

/**
 * Runs a command that ends by itself (migrate, account create, --help); killed after 60 s.
 * `cwd` is where it runs (the repository by default; a `.env` there is read), `stdin` what it reads.
 */
export function runPostwire(args: string[], env: Env = {}, options: { cwd?: string; stdin?: string } = {}): Promise<Finished> {
  const child = spawn(process.execPath, [`${ROOT}bin/postwire.mjs`, ...args], {
    cwd: options.cwd ?? ROOT,
    env: childEnv(env),
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.stdin !== undefined) child.stdin!.end(options.stdin);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** What says a process is ready: the banner of an API (ends with a blank line after Docs), a worker's first log line. */
function isReady(role: Role, stdout: string): boolean {
  if (role === 'worker') return /"msg":"worker started"/.test(stdout);
  if (role === 'smtp') return /^ {2}SMTP: smtp:\/\/\S+.*\n\n/m.test(stdout);
  const docs = stdout.indexOf('  Docs: ');
  return docs !== -1 && stdout.indexOf('\n\n', docs) !== -1;
}

/**
 * Starts `postwire <role>` and resolves once it is ready (an API role has printed its
 * banner, a worker has logged that it started: workers log at info unless `env` says
 * otherwise). Fails with the output if the process exits first or is not ready in 60 s.
 */
export async function startPostwire(role: Role, env: Env): Promise<PostwireProcess> {
  const defaults: Env = role === 'worker' ? { LOG_LEVEL: 'info' } : { PORT: '0', HOST: '127.0.0.1' };
  const child = spawn(process.execPath, ['bin/postwire.mjs', role], {
    cwd: ROOT,
    env: childEnv({ ...defaults, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<Exit>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(started);
      // Anything a SIGKILL'd leader left behind in its group is taken down here.
      signalGroup(child, 'SIGKILL');
      resolve({ code, signal });
    });
  });
  const started: PostwireProcess = { role, child, url: '', stdout: '', stderr: '', credentials: undefined, exited };
  running.add(started);
  // Both pipes are drained for the process's whole life, so it never blocks on a full one.
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    started.stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    started.stderr += chunk;
  });

  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const timer = setInterval(() => {
      if (isReady(role, started.stdout)) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() > deadline) {
        clearInterval(timer);
        signalGroup(child, 'SIGKILL');
        reject(new Error(`postwire ${role} was not ready after 60 s.\nstdout:\n${started.stdout}\nstderr:\n${started.stderr}`));
      }
    }, 20);
    void exited.then(({ code, signal }) => {
      clearInterval(timer);
      reject(
        new Error(`postwire ${role} exited (code ${code}, signal ${signal}) before it was ready.\nstdout:\n${started.stdout}\nstderr:\n${started.stderr}`),
      );
    });
  });
  if (role !== 'worker' && role !== 'smtp') {
    const api = /^ {2}API: +(http:\/\/\S+)$/m.exec(started.stdout);
    if (!api) throw new Error(`no API line in:\n${started.stdout}`);
    started.url = api[1]!;
    const email = /^ +EmailAddress: +(\S+)$/m.exec(started.stdout)?.[1];
    const password = /^ +Password: +(\S+)$/m.exec(started.stdout)?.[1];
    if (email && password) started.credentials = { email, password };
  }
  return started;
}

/** SIGTERM and the exit (graceful shutdown); SIGKILL to the group if it takes over 30 s. */
export async function stopPostwire(p: PostwireProcess): Promise<Exit> {
  if (isRunning(p.child)) p.child.kill('SIGTERM');
  const killer = setTimeout(() => signalGroup(p.child, 'SIGKILL'), 30_000);
  const exit = await p.exited;
  clearTimeout(killer);
  return exit;
}

/** A crash: SIGKILL to the whole process group, no chance to clean up. */
export async function killPostwire(p: PostwireProcess): Promise<Exit> {
  signalGroup(p.child, 'SIGKILL');
  return p.exited;
}

/** Stops every process still running, gracefully; their exits, for a test that checks them. */
export function stopAll(): Promise<Exit[]> {
  return Promise.all([...running].map(stopPostwire));
}

/** Kills every process still running (an `after` hook of a fault test: a clean exit proves nothing there). */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map(killPostwire));
}

export interface ApiReply {
  status: number;
  headers: Headers;
  /** The parsed body (the envelope), or undefined when it is not JSON. */
  json: any;
  text: string;
}

export interface ApiRequest {
  /** GET without a body, POST with one, unless given. */
  method?: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** One HTTP request to a started process (`base` is its url), as a client sends it. */
export async function callApi(base: string, path: string, init: ApiRequest = {}): Promise<ApiReply> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(base + path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The resultObject of a reply that must have this status. */
export function resultOf(reply: ApiReply, status: number): any {
  if (reply.status !== status || reply.json?.resultCode !== status)
    throw new Error(`expected HTTP ${status}, got ${reply.status}: ${reply.text.slice(0, 500)}`);
  return reply.json.resultObject;
}

/** Logs in with POST /token; the access token. */
export async function logIn(p: PostwireProcess, credentials: { email: string; password: string }): Promise<string> {
  return resultOf(await callApi(p.url, '/token', { json: { EmailAddress: credentials.email, Password: credentials.password } }), 200).access_token;
}
