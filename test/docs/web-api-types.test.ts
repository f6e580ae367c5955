// The dashboard's types of the API (web/src/api-types.ts) are generated from the server's
// OpenAPI document; a stale copy would let a page compile against a shape the API no longer
// answers. This regenerates it and compares. Not a unit test: the script builds the app with
// createRuntime on a throwaway SQLite file (scripts/run-tests.mjs tiers files by that name).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { renderWebApiTypes, WEB_API_TYPES } from '../../scripts/gen-web-api-types.ts';

it('web/src/api-types.ts matches the OpenAPI document (run npm run web:types)', async () => {
  assert.ok(fs.readFileSync(WEB_API_TYPES, 'utf8') === (await renderWebApiTypes()), `${WEB_API_TYPES} is stale: run npm run web:types`);
});
