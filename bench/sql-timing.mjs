/**
 * Diagnostic preload for the send benchmark (`npm run bench:send -- --sql-timing`):
 * times every better-sqlite3 statement Postwire runs, grouped by SQL text, from outside
 * (no change to src/). Most statements run on Postwire's SQLite thread (src/db/
 * sqlite-thread-dialect.ts); the look-ups through `DbHandle.reads` run on the main thread.
 * Worker threads inherit this preload, but signals reach only the main thread: on SIGUSR2
 * it asks every thread for its totals over a BroadcastChannel and writes their sum.
 *
 * Loaded with `node --import ./bench/sql-timing.mjs bin/postwire.mjs start`. On each
 * SIGUSR2 it writes the totals so far to $SQL_TIMING_DIR/sql-<n>.json (n = 1, 2, …);
 * the bench signals before and after each measured run and subtracts. `maxMs` is the
 * longest single call since the previous snapshot; `slow` counts calls over 5 ms.
 * Plain JavaScript on purpose: it loads before bin/postwire.mjs registers tsx.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

const require = createRequire(path.join(process.cwd(), 'package.json'));
// The build src/db/sqlite-driver.ts loads on this Node: 13 from Node 22, 12 (the alias) on Node 20.
const Database = require(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');
const dir = process.env.SQL_TIMING_DIR;

/** sql shape → { calls, ns, maxNs (since the last snapshot), slow (calls over 5 ms) } */
const stats = new Map();
let snapshot = 0;

/** Multi-row INSERTs differ only in how many `(?, ?, …)` groups they carry: one key for all. */
function shape(sql) {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/(\(\?(, \?)*\))(, \(\?(, \?)*\))+/g, '$1, …')
    .slice(0, 160);
}

function timed(statement, sql) {
  const key = shape(sql);
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = statement[method];
    if (typeof original !== 'function') continue;
    statement[method] = function (...args) {
      const start = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const ns = Number(process.hrtime.bigint() - start);
        const entry = stats.get(key) ?? { calls: 0, ns: 0, maxNs: 0, slow: 0 };
        entry.calls++;
        entry.ns += ns;
        if (ns > entry.maxNs) entry.maxNs = ns;
        if (ns > 5e6) entry.slow++;
        stats.set(key, entry);
      }
    };
  }
  return statement;
}

const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (sql) {
  const start = process.hrtime.bigint();
  const statement = prepare.call(this, sql);
  const entry = stats.get('(prepare)') ?? { calls: 0, ns: 0, maxNs: 0, slow: 0 };
  const ns = Number(process.hrtime.bigint() - start);
  entry.calls++;
  entry.ns += ns;
  if (ns > entry.maxNs) entry.maxNs = ns;
  if (ns > 5e6) entry.slow++;
  stats.set('(prepare)', entry);
  return timed(statement, sql);
};

/** This thread's totals since its previous report; `maxNs` restarts with each report. */
function report() {
  const out = Object.fromEntries([...stats].map(([k, v]) => [k, { calls: v.calls, ms: v.ns / 1e6, maxMs: v.maxNs / 1e6, slow: v.slow }]));
  for (const v of stats.values()) v.maxNs = 0;
  return out;
}

function add(into, from) {
  for (const [k, v] of Object.entries(from)) {
    const entry = into[k] ?? { calls: 0, ms: 0, maxMs: 0, slow: 0 };
    entry.calls += v.calls;
    entry.ms += v.ms;
    entry.maxMs = Math.max(entry.maxMs, v.maxMs);
    entry.slow += v.slow;
    into[k] = entry;
  }
}

const channel = new BroadcastChannel('postwire-sql-timing');
channel.unref();
if (isMainThread) {
  process.on('SIGUSR2', () => {
    if (!dir) return;
    const n = ++snapshot;
    const total = report();
    const answer = (event) => {
      if (event.data.reply === n) add(total, event.data.stats);
    };
    channel.addEventListener('message', answer);
    channel.postMessage({ ask: n });
    // The threads answer within a few milliseconds unless one is inside a long statement.
    setTimeout(() => {
      channel.removeEventListener('message', answer);
      const file = path.join(dir, `sql-${n}.json`);
      fs.writeFileSync(file + '.tmp', JSON.stringify({ at: Number(process.hrtime.bigint() / 1000n), stats: total }));
      fs.renameSync(file + '.tmp', file);
    }, 200);
  });
} else {
  channel.addEventListener('message', (event) => {
    if (event.data.ask !== undefined && stats.size) channel.postMessage({ reply: event.data.ask, thread: threadId, stats: report() });
  });
}
