/**
 * The layering of src/ (docs/architecture.md, "Layers"), checked on every import (type-only
 * and dynamic imports included):
 * - no import cycles, between files or between top-level folders;
 * - `lib/` is pure: it imports nothing else of src/;
 * - the plumbing (`db/`, `http/`, `metrics/`, `errors.ts`, `config.ts`) imports no feature
 *   and no delivery code (the tables join db/schema.ts's `Database` from their owners);
 * - the engine (`delivery/`, `queue/`) and the plumbing import nothing from `features/`;
 * - a feature imports another area's code only through that area's module or tables;
 * - `queue/` (the lease queue, its runner, the backoff) imports no delivery and no feature code:
 *   deliveries, webhook calls and jobs are built on it, not the other way round.
 * A failure names the file and the import. Also: every table is written by its owner only,
 * and an accepted message's rows are built in one place and written in one place.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { ROOT } from './helpers/root.js';

// The sources, not dist/src/: this test runs compiled.
const SRC = path.join(ROOT, 'src/');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts)$/.test(entry.name) ? [full] : [];
  });
}

/** file (relative to src/) → the src files it imports (relative to src/). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set<string>();
    const imports = [
      ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g),
      ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
    ];
    for (const match of imports) {
      const resolved = path.resolve(path.dirname(file), match[1]!).replace(/\.js$/, '.ts');
      if (resolved.startsWith(SRC) && fs.existsSync(resolved)) targets.add(path.relative(SRC, resolved));
    }
    graph.set(path.relative(SRC, file), [...targets]);
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

const graph = importGraph();
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
const isFeature = (file: string) => file.startsWith('features/');
const areaOf = (file: string) => file.split('/')[1];

describe('the layering of src/', () => {
  it('reads a real graph', () => {
    assert.ok(graph.size > 100, `only ${graph.size} files found under src/`);
    assert.ok(edges.length > 300);
  });

  it('has no import cycles', () => {
    assert.deepEqual(
      cycles(graph).map((cycle) => cycle.join(' -> ')),
      [],
    );
  });

  it('keeps lib/ pure: it imports nothing else of src/', () => {
    assert.deepEqual(
      edges.filter((e) => e.from.startsWith('lib/') && !e.to.startsWith('lib/')).map((e) => `${e.from} -> ${e.to}`),
      [],
    );
  });

  it('has no import cycles between top-level folders (a file at the top is a node of its own)', () => {
    const nodeOf = (file: string) => (file.includes('/') ? `${file.split('/')[0]}/` : file);
    const folders = new Map<string, string[]>();
    for (const { from, to } of edges) {
      if (nodeOf(from) === nodeOf(to)) continue;
      const targets = folders.get(nodeOf(from)) ?? [];
      if (!targets.includes(nodeOf(to))) targets.push(nodeOf(to));
      folders.set(nodeOf(from), targets);
    }
    assert.deepEqual(
      cycles(folders).map((cycle) => cycle.join(' -> ')),
      [],
    );
  });

  it('keeps the engine (delivery/, queue/) and the plumbing (db/, http/, lib/, metrics/) free of features/', () => {
    const below = (file: string) => /^(delivery|queue|db|http|lib|metrics)\//.test(file);
    for (const folder of ['delivery/', 'queue/', 'db/', 'http/', 'lib/'])
      assert.ok(
        edges.some((e) => e.from.startsWith(folder)),
        `${folder} has imports to check`,
      );
    assert.deepEqual(
      edges.filter((e) => below(e.from) && isFeature(e.to)).map((e) => `${e.from} -> ${e.to}`),
      [],
    );
  });

  it('keeps the plumbing below the features and delivery', () => {
    const plumbing = (file: string) => /^(db|http|metrics)\//.test(file) || file === 'errors.ts' || file === 'config.ts';
    const upward = edges.filter((e) => plumbing(e.from) && (isFeature(e.to) || e.to.startsWith('delivery/')));
    assert.deepEqual(
      upward.map((e) => `${e.from} -> ${e.to}`),
      [],
    );
  });

  it('keeps queue/ below delivery and the features: it imports neither', () => {
    assert.ok(
      edges.some((e) => e.from.startsWith('queue/')),
      'queue/ has imports to check',
    );
    assert.deepEqual(
      edges.filter((e) => e.from.startsWith('queue/') && (e.to.startsWith('delivery/') || isFeature(e.to))).map((e) => `${e.from} -> ${e.to}`),
      [],
    );
  });

  it("lets a feature reach another area only through that area's module or tables", () => {
    const crossing = edges.filter(
      (e) =>
        isFeature(e.from) &&
        isFeature(e.to) &&
        areaOf(e.from) !== areaOf(e.to) &&
        e.from.split('/').length > 2 &&
        e.to.split('/').length > 2 &&
        !/\/[a-z]+\.(module|tables)\.ts$/.test(e.to),
    );
    // Today's known crossings, by name: creating an account gives it its first sender (the
    // owner's address) and states the send limit in its profile.
    const known = new Set([
      'features/account/accounts/accounts.service.ts -> features/notify/messages/messages.schemas.ts',
      'features/account/accounts/accounts.service.ts -> features/notify/senders/senders.store.ts',
    ]);
    assert.deepEqual(
      crossing.map((e) => `${e.from} -> ${e.to}`).filter((line) => !known.has(line)),
      [],
    );
  });
});

/**
 * Who may write a table: its owner, the folder whose tables file adds it to the schema
 * (`declare module '…/db/schema.js'` in `<area>/<area>.tables.ts`, delivery/delivery.table.ts,
 * queue/jobs.table.ts). Owners are the areas (features/account/, features/notify/,
 * features/marketing/) and the engine's folders (delivery/, queue/).
 */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/declare module '[./]+\/db\/schema\.js'/.test(text)) continue;
    const owner = `${path.relative(SRC, path.dirname(file))}/`;
    for (const [, table] of text.matchAll(/^\s+([a-z_]+): [A-Z]\w*Table;$/gm)) owners.set(table!, owner);
  }
  return owners;
}

/** Made and dropped inside one rolled-back transaction, never part of the schema: the full-disk probe (db/storage-health.ts). */
const TRANSIENT_TABLES = new Set(['postwire_space_probe']);

/** The tables each source file writes: Kysely's insertInto/updateTable/deleteFrom, the group-commit helpers, a lease queue over the table. */
function tableWrites(): { file: string; table: string }[] {
  const patterns = [
    /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"]([a-z_]+)(?:\s+as\s+\w+)?['"]/g,
    /\b(?:insertRows|insertRowsCounting|updateRowsById)\(\s*[\w.]+,\s*['"]([a-z_]+)['"]/g,
    /\bnew LeaseQueue(?:<[^>]*>)?\(\s*['"]([a-z_]+)['"]/g,
    /\b(?:insert\s+into|delete\s+from)\s+"?([a-z_]+)"?[\s(]/gi,
    /\bupdate\s+"?([a-z_]+)"?\s+set\b/gi,
  ];
  const writes: { file: string; table: string }[] = [];
  for (const full of sourceFiles(SRC)) {
    const file = path.relative(SRC, full);
    // Comments name tables too ("delete from the queue"): only code counts.
    const code = fs
      .readFileSync(full, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    const tables = new Set<string>();
    for (const pattern of patterns) for (const [, table] of code.matchAll(pattern)) tables.add(table!.toLowerCase());
    for (const table of tables) if (!TRANSIENT_TABLES.has(table)) writes.push({ file, table });
  }
  return writes;
}

describe('every table has one owner, which alone writes it', () => {
  const owners = tableOwners();
  const writes = tableWrites();

  it('finds the owners and the writes', () => {
    assert.ok(owners.size > 40, `only ${owners.size} tables with an owner`);
    assert.equal(owners.get('messages'), 'features/notify/');
    assert.equal(owners.get('delivery_jobs'), 'delivery/');
    assert.equal(owners.get('jobs'), 'queue/');
    assert.ok(writes.length > 40);
  });

  it('knows the owner of every table written', () => {
    assert.deepEqual(
      writes.filter((w) => !owners.has(w.table)).map((w) => `${w.file} writes ${w.table}`),
      [],
    );
  });

  // The delivery engine writes its queue and its capture inbox; a feature queues, holds and
  // withdraws deliveries through delivery/enqueue.ts, and the engine records outcomes on the
  // features' tables through its DeliveryStore (delivery/delivery-store.ts).
  it('writes no table outside its owner (a campaign queues through delivery/enqueue.ts)', () => {
    assert.deepEqual(
      writes
        .filter((w) => owners.has(w.table) && !w.file.startsWith(owners.get(w.table)!))
        .map((w) => `${w.file} writes ${w.table} (owner: ${owners.get(w.table)})`),
      [],
    );
  });

  it('queues deliveries in delivery/enqueue.ts and delivery/queue.ts only', () => {
    assert.deepEqual(
      writes
        .filter((w) => w.table === 'delivery_jobs')
        .map((w) => w.file)
        .sort(),
      ['delivery/enqueue.ts', 'delivery/queue.ts'],
    );
  });
});

describe('the event listeners (docs/architecture.md, "Events")', () => {
  // Listeners are wired on the runtime's EventLog (runtime.ts), never registered by
  // importing a module: no module-level list of listeners to fill.
  it('keeps no module-level registry of listeners', () => {
    const registries = sourceFiles(SRC).filter((file) =>
      /^(?:export\s+)?const\s+\w*[lL]isteners\w*\s*=\s*new\s+(?:Map|Set)\b/m.test(fs.readFileSync(file, 'utf8')),
    );
    assert.deepEqual(
      registries.map((file) => path.relative(SRC, file)),
      [],
    );
  });
});

describe("an accepted message's rows (docs/architecture.md)", () => {
  const files = sourceFiles(SRC).map((file) => ({ name: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));

  // Only messages.store.ts writes the two tables (insertAcceptedMessages); every path that
  // accepts mail hands it rows from the one builder.
  it('inserts into messages and message_recipients in messages.store.ts only', () => {
    const insert = /\binsert(?:Into|Rows|RowsCounting)\(\s*(?:[\w.]+,\s*)?['"](?:messages|message_recipients)['"]/;
    assert.deepEqual(
      files.filter((f) => insert.test(f.text) && f.name !== 'features/notify/messages/messages.store.ts').map((f) => f.name),
      [],
    );
  });

  // A message row literal names its recipient_count and message_id_header; outside the
  // builder (messages.accepted.ts) only the table's own type names them.
  it('builds the message row literal in messages.accepted.ts only', () => {
    const literal = /\b(?:recipient_count|message_id_header):(?!\s*(?:string|number)\s*;)/;
    assert.deepEqual(
      files.filter((f) => literal.test(f.text) && f.name !== 'features/notify/messages/messages.accepted.ts').map((f) => f.name),
      [],
    );
  });
});

describe('what a process loads at start', () => {
  // Loaded on first use only (lib/mail-parser.ts, queue/notifications.ts): mailparser is about a
  // megabyte of charset tables and MIME code, pg is needed only on PostgreSQL. Every process
  // and every test file paid for them at start when one eager import crept back in.
  it('does not load mailparser or pg with the server', () => {
    const script = `
      import { createRequire } from 'node:module';
      await import(${JSON.stringify(path.join(ROOT, 'dist/src/runtime.js'))});
      const cache = createRequire(import.meta.url)('node:module')._cache;
      console.log(JSON.stringify(Object.keys(cache).filter((f) => /node_modules\\/(mailparser|pg)\\//.test(f))));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), []);
  });
});

describe('dependencies (docs/architecture.md, "Build")', () => {
  // Packages are imported by their own names, as in any Node project: no import aliases that
  // point into a build output, so a file runs from source as it runs compiled.
  it('nothing imports through a package.json "imports" alias', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { imports?: unknown };
    assert.equal(pkg.imports, undefined);
    const found: string[] = [];
    for (const dir of ['src', 'test', 'bench', 'scripts', 'migrations']) {
      const files = fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' });
      for (const name of files.filter((f) => /\.(ts|mts|mjs)$/.test(f))) {
        if (/(\bfrom|\bimport\s*\()\s*['"]#/.test(fs.readFileSync(path.join(ROOT, dir, name), 'utf8'))) found.push(`${dir}/${name}`);
      }
    }
    assert.deepEqual(found, []);
  });
});

describe('typed routes', () => {
  // Each handler's request input is typed from its route's schema (the TypeBox type provider,
  // http/typed-app.ts): a cast would let a schema drift from the type the code relies on.
  it('no src file casts request input (request.body, params, query, headers)', () => {
    // `request.body as X`, `(request.body ?? {}) as X`, and a hand-written route generic (FastifyRequest<{ Body: X }>).
    const cast = /\b(?:request|req)\s*\.\s*(?:body|params|query|headers)\b(?:\s*\?\?\s*\{\s*\})?\s*\)?\s*as\s|\bFastify(?:Request|Reply)<\s*\{/g;
    const found = sourceFiles(SRC).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(cast)].map((m) => `${path.relative(SRC, file)}:${text.slice(0, m.index).split('\n').length}`);
    });
    assert.deepEqual(found, []);
  });
});
