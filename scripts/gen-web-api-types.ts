// Writes web/src/api-types.ts, the dashboard's types of the API, from the server's own OpenAPI
// document (GET /docs/json of an app built here on a throwaway SQLite file), so a page's idea of
// what a route answers cannot drift from the route's schema. Run: npm run web:types.
// A test (test/docs/web-api-types.test.ts) checks the committed file is current.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../src/config.ts';
import { createRuntime } from '../src/runtime.ts';

export const WEB_API_TYPES = 'web/src/api-types.ts';

const HEADER = `/**
 * The API's operations as TypeScript types, generated from its OpenAPI document by
 * scripts/gen-web-api-types.ts (npm run web:types); do not edit by hand. Pages name a
 * response through the Answer type of web/src/api.ts.
 */
`;

/** The OpenAPI document as the server serves it. */
export async function serverOpenApiDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-openapi-'));
  try {
    // An empty environment, not this shell's: the document must not depend on who runs the script.
    // Without ADMIN_TOKEN the admin billing routes are left out, which the dashboard never calls.
    const config = loadConfig({}, { dataDir, logLevel: 'silent', baseUrl: undefined });
    const runtime = await createRuntime(config, { api: true, worker: false });
    try {
      const response = await runtime.app!.inject({ method: 'GET', url: '/docs/json' });
      return response.json();
    } finally {
      await runtime.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function renderWebApiTypes(document?: unknown): Promise<string> {
  const doc = document ?? (await serverOpenApiDocument());
  return HEADER + astToString(await openapiTS(doc as never));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(WEB_API_TYPES, await renderWebApiTypes());
  console.log(`wrote ${WEB_API_TYPES}`);
}
