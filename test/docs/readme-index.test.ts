/**
 * README.md's "More" list names every document in docs/, so a new document is found from the
 * front page.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { it } from 'node:test';
import { ROOT } from '../helpers/process.js';

it("README.md's list of documents names every docs/*.md", async () => {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const listed = new Set([...readme.matchAll(/^- `(docs\/[^`]+\.md)` — /gm)].map((match) => match[1]));
  const documents = (await readdir(path.join(ROOT, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  assert.deepEqual(
    documents.filter((document) => !listed.has(document)),
    [],
  );
});
