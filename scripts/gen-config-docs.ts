// Writes docs/config.md and .env.example from the one config schema (src/config.ts).
// Run: npm run docs:config. A test checks the committed files are current.
import fs from 'node:fs';
import { CONFIG_SCHEMA } from '../src/config.ts';

export function renderConfigMarkdown(): string {
  const rows = Object.entries(CONFIG_SCHEMA).map(([key, spec]) => {
    const values = 'values' in spec ? ` (${spec.values.join(' \\| ')})` : '';
    const def = spec.default === undefined ? '—' : `\`${spec.default}\``;
    return `| \`${key}\` | ${spec.kind}${values} | ${def} | ${spec.description} |`;
  });
  return [
    '# Configuration',
    '',
    'Postwire reads its configuration from environment variables, in one place (`src/config.ts`);',
    'the `postwire` command also reads a `.env` file in its working directory, for the variables not set',
    'in the environment (copy `.env.example`).',
    'A bad value stops the process at start with a message naming the variable.',
    'This page is generated from that schema by `npm run docs:config`; do not edit it by hand.',
    '',
    '| Variable | Type | Default | Meaning |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

export function renderEnvExample(): string {
  return Object.entries(CONFIG_SCHEMA)
    .map(([key, spec]) => `# ${spec.description}\n${spec.default === undefined ? `# ${key}=` : `${key}=${spec.default}`}\n`)
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync('docs/config.md', renderConfigMarkdown());
  fs.writeFileSync('.env.example', renderEnvExample());
  console.log('wrote docs/config.md and .env.example');
}
