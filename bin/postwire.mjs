#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader: no build step, so a
// fresh clone works right after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli/main.ts');
await run(process.argv.slice(2));
