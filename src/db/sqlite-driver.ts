/**
 * The better-sqlite3 build this Node runs, the one place that chooses.
 *
 * better-sqlite3 12 is compiled against the running Node's own C++ API. From Node 24.19 on,
 * its `Statement`, when garbage-collected outside any JavaScript context or as a worker
 * thread ends (the SQLite thread), aborts the whole process ("Assertion failed … in
 * RemoveEnvironmentCleanupHook"): fresh starts on Node 24.21 died half the time. Version 13
 * uses Node-API instead, which has no such hook to remove, and ships prebuilt binaries (no
 * compile at install), but it asks for Node >= 22 and crashes on Node 20. So both are
 * dependencies: 13 under its own name for Node >= 22, 12 under the alias
 * `better-sqlite3-node20` for Node 20, until Node 20 is dropped. Their JavaScript APIs are
 * the same for everything used here.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The Node major from which better-sqlite3 13 is used. */
const NODE_API_FROM = 22;

/** The package loaded: `better-sqlite3` (13) or `better-sqlite3-node20` (12). */
export const sqlitePackage = Number(process.versions.node.split('.')[0]) >= NODE_API_FROM ? 'better-sqlite3' : 'better-sqlite3-node20';

const SqliteDatabase = require(sqlitePackage) as typeof BetterSqlite3;

export default SqliteDatabase;
