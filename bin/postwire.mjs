#!/usr/bin/env node
// Runs the compiled program in dist/ (`npm install` builds it through the prepare script;
// `npm run build` after changing the sources). No TypeScript compiler or loader at run time.
import { existsSync } from 'node:fs';

const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('postwire: the compiled program (dist/) is missing; run `npm run build` (npm install runs it too).\n');
  process.exit(1);
}
const { run } = await import(main.href);
await run(process.argv.slice(2));
