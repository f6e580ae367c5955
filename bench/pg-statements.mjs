/**
 * Diagnostic preload for the benchmarks' `--pg-statements` (bench:smtp, bench:deliver, with
 * `--dialect postgres`): counts the statements Postwire sends to PostgreSQL, grouped by
 * SQL text, and the time each waited for its answer, from outside (no change to src/).
 * pg.Client.prototype.query is wrapped; every pooled connection is a Client.
 *
 * Loaded with `node --import ./bench/pg-statements.mjs bin/postwire.mjs smtp|worker`; the totals
 * are written to $PG_STATEMENTS_FILE as JSON when the process exits.
 * Plain JavaScript on purpose: it loads before bin/postwire.mjs registers tsx.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const pg = require('pg');
const file = process.env.PG_STATEMENTS_FILE;

/** sql shape → { calls, ms (call to answer) } */
const stats = new Map();

/** Multi-row INSERTs differ only in how many `($1, $2, …)` groups they carry: one key for all. */
function shape(sql) {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '?')
    .replace(/(\(\?(, \?)*\))(, \(\?(, \?)*\))+/g, '$1, …')
    .replace(/\(\?(, \?)+\)/g, '(?, …)')
    .slice(0, 140);
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  const result = query.call(this, config, values, callback);
  if (typeof text !== 'string' || !result || typeof result.then !== 'function') return result;
  const start = process.hrtime.bigint();
  const done = () => {
    const key = shape(text);
    const entry = stats.get(key) ?? { calls: 0, ms: 0 };
    entry.calls++;
    entry.ms += Number(process.hrtime.bigint() - start) / 1e6;
    stats.set(key, entry);
  };
  result.then(done, done);
  return result;
};

process.on('exit', () => {
  if (file) fs.writeFileSync(file, JSON.stringify(Object.fromEntries(stats)));
});
