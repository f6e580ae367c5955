// The configuration page and .env.example are generated from src/config.ts; a stale
// copy would document variables that no longer exist or miss new ones.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { renderConfigMarkdown, renderEnvExample } from '../../scripts/gen-config-docs.ts';

it('docs/config.md matches the config schema (run npm run docs:config)', () => {
  assert.equal(fs.readFileSync('docs/config.md', 'utf8'), renderConfigMarkdown());
});

it('.env.example matches the config schema (run npm run docs:config)', () => {
  assert.equal(fs.readFileSync('.env.example', 'utf8'), renderEnvExample());
});
