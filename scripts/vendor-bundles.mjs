#!/usr/bin/env node
/**
 * Bundles the dependencies a start loads as hundreds of small files into a few files under
 * dist/vendor/, which the program imports through package.json's "imports" (`#kysely`,
 * `#fastify`…; the types still come from the packages themselves, src/vendor/*.d.mts and *.d.cts).
 *
 * Why: Node's module loaders pay per file (resolve, stat, open, read, compile). typebox's build
 * is 374 files and kysely's 288; importing them took 190-215 ms and 140-145 ms, and 15 ms and
 * 25 ms as one bundle each. The web server's CommonJS packages (fastify with its plugins,
 * ajv, pino, prom-client: about 440 files) took 420-520 ms of CPU to import, and 225 ms as one
 * bundle. Every process pays that: `postwire start`, each CLI command, and each of the test
 * suite's 230 file runs. The bundles are the packages' own code, unchanged but for being in one
 * file (esbuild, no minifying), and everything in the program imports them, never the
 * packages, so there is one copy of each in a process (kysely's classes are checked with
 * instanceof; fastify's plugins share one fastify).
 *
 * Two kinds:
 * - ES module packages (kysely, typebox): one bundle each, `dist/vendor/<name>.mjs`.
 * - The web server's CommonJS packages: ONE bundle for all of them, `dist/vendor/web.mjs`, so
 *   the packages they share (fastify's ajv is ours, its pino is ours) are in it once; plus one
 *   small module per package (`dist/vendor/fastify.mjs`…) that exports from it what Node
 *   would export when importing that package (its `default`, module.exports, and the names
 *   Node's CommonJS lexer finds), so `import Fastify, { LogController } from '#fastify'` means
 *   what it meant with 'fastify'. @fastify/static and @fastify/swagger-ui stay packages: the
 *   latter finds its assets next to its own files (`__dirname`) and loads the former.
 *   In the bundle, an ES module, `__dirname` does not exist: what the bundled packages find by it
 *   does not work from there. That is pino's transports (worker threads; the program logs to
 *   stdout without one) and @fastify/swagger's default title and version from its own
 *   package.json (the program sets its own; it catches the error). A package added here must not
 *   need it.
 *
 * Run by `npm run build` (and so by `npm install`'s prepare script), after tsc.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VENDOR = path.join(ROOT, 'dist', 'vendor');
/**
 * What to bundle, from package.json's "imports" (the one list of it): each key is `#` + a
 * package, its "default" the file to write, and its types say the kind: `.d.mts`, an ES module
 * package with a bundle of its own; `.d.cts`, a CommonJS package of the web bundle.
 */
const imports = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).imports;
const entriesTypedBy = (extension) =>
  Object.entries(imports)
    .filter(([, target]) => target.types.endsWith(extension))
    .map(([key, target]) => ({ name: key.slice(1), file: path.join(ROOT, target.default) }));
const ES_MODULES = entriesTypedBy('.d.mts');
const WEB = entriesTypedBy('.d.cts');

const common = { bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'inline' };
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The bundle exports what the package does: `export *` leaves out a default export. */
async function reexports(name) {
  const hasDefault = 'default' in (await import(name));
  return `export * from '${name}';${hasDefault ? ` export { default } from '${name}';` : ''}`;
}

/** What `import … from name` gives in Node: its default and the names Node's lexer found. */
async function namedExports(name) {
  return Object.keys(await import(name)).filter((key) => key !== 'default' && IDENTIFIER.test(key));
}

mkdirSync(VENDOR, { recursive: true });
await Promise.all([
  ...ES_MODULES.map(async ({ name, file }) => build({ ...common, stdin: { contents: await reexports(name), resolveDir: ROOT, loader: 'js' }, outfile: file })),
  build({
    ...common,
    // One namespace per package; esbuild gives a CommonJS module's namespace Node's shape
    // (`default` is module.exports) because the entry is an ES module.
    stdin: { contents: WEB.map(({ name }, i) => `export * as p${i} from '${name}';`).join('\n'), resolveDir: ROOT, loader: 'js' },
    outfile: path.join(VENDOR, 'web.mjs'),
    // The packages' own require() calls (Node's built-ins, optional packages) need a require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  }),
  ...WEB.map(async ({ name, file }, i) => {
    const names = await namedExports(name);
    const lines = [
      `// ${name}, from the shared bundle (scripts/vendor-bundles.mjs).`,
      `import { p${i} as ns } from './web.mjs';`,
      'export default ns.default;',
      ...(names.length ? [`export const { ${names.join(', ')} } = ns;`] : []),
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
  }),
]);
