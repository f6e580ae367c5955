/**
 * The repository's root directory (with a trailing slash): the nearest directory above this
 * file that holds package.json. The tests run compiled from dist/test/, and read the source
 * tree (src/, docs/) and start bin/postwire.mjs from the root, so counting `../` is wrong.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  for (let dir = new URL('./', import.meta.url); dir.pathname !== '/'; dir = new URL('../', dir)) {
    if (fs.existsSync(new URL('package.json', dir))) return fileURLToPath(dir);
  }
  throw new Error(`no package.json above ${import.meta.url}`);
}

export const ROOT = findRoot();
