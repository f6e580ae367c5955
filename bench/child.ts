/**
 * A Postwire (or baseline) process started by a benchmark: its output collected, waited on
 * for a line, and stopped with SIGTERM (SIGKILL after a grace period). Shared by the benches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_SCHEMA } from '../src/config.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The environment of a Postwire child: ours minus every Postwire setting, so only what the bench sets counts. */
export function postwireEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!(key in CONFIG_SCHEMA) && key !== 'NODE_OPTIONS' && !key.startsWith('npm_')) env[key] = value;
  }
  return { ...env, ...extra };
}

export class Child {
  readonly proc: ChildProcess;
  stdout = '';
  stderr = '';
  private readonly exited: Promise<number | null>;
  private hasExited = false;

  constructor(
    readonly name: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    ipc = false,
  ) {
    this.proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc' as const] : [])] });
    this.proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    this.proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) =>
      this.proc.once('exit', (code) => {
        this.hasExited = true;
        resolve(code);
      }),
    );
  }

  /** The first value `find` extracts from stdout; fails when the child exits or time runs out. */
  async waitFor<T>(find: (stdout: string) => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find(this.stdout);
      if (found !== undefined) return found;
      if (this.hasExited || Date.now() > deadline) {
        throw new Error(
          `${this.name} ${this.hasExited ? 'exited' : `gave no ${what} within ${timeoutMs} ms`}.\n--- stdout ---\n${this.stdout.slice(-3000)}\n--- stderr ---\n${this.stderr.slice(-3000)}`,
        );
      }
      await sleep(10);
    }
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null when killed). */
  async stop(graceMs = 60_000): Promise<number | null> {
    if (this.hasExited) return this.exited;
    this.proc.kill('SIGTERM');
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), graceMs);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}
