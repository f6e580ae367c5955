/**
 * The `.env` file of the working directory, as `.env.example` promises: read when it is
 * there, parsed by Node's own parser (`util.parseEnv`: comments, quotes, `export`-less
 * KEY=value lines). Its values go beneath the environment (`environmentOver` in
 * config.ts), never into `process.env`, so a variable set by the shell or a supervisor
 * always wins and config.ts stays the one reader of the environment.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import { ConfigError } from '../config.js';

export function readDotEnv(directory: string): Record<string, string> {
  const file = path.join(directory, '.env');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`${file} cannot be read: ${(error as Error).message}`);
  }
  // parseEnv arrived in Node 20.12; package.json allows 20.6.
  const parseEnv = (util as { parseEnv?: (content: string) => Record<string, string> }).parseEnv;
  if (!parseEnv) throw new ConfigError(`${file} needs Node 20.12 or newer to be read; upgrade Node, or set its variables in the environment and remove it`);
  return parseEnv(text.replace(/^\uFEFF/, ''));
}
