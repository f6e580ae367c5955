// The OpenAPI document (/docs/json) is generated from the route schemas: every operation
// a client can call is in it, and each shows an example of what it answers (and of the
// body it takes), so a developer can see the shapes without calling it first.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.js';

/** Whether a schema (or anything nested in it) carries an example. */
function hasExample(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if ('example' in node || 'examples' in node) return true;
  return Object.values(node).some(hasExample);
}

describe('the OpenAPI document', () => {
  let app: TestApp;
  let doc: { paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>> };
  before(async () => {
    app = await startTestApp('sqlite', { config: { adminToken: 'admin-token-0123456789abcdef', signupEnabled: true } });
    doc = (await app.request({ method: 'GET', url: '/docs/json' })).json;
  });
  after(() => app.close());

  it('documents every area: account, transactional, marketing auth check, operations', () => {
    for (const path of [
      '/token',
      '/token/refresh',
      '/account',
      '/account/apikeys',
      '/account/payments',
      '/accounts',
      '/inbox/auth-check',
      '/notify/v1/senders',
      '/notify/v1/send',
      '/notify/v1/send/batch',
      '/notify/v1/messages/{id}',
      '/notify/v1/messages/{id}/raw',
      '/notify/v1/domains',
      '/notify/v1/templates',
      '/notify/v1/suppressions',
      '/notify/v1/webhooks',
      '/notify/v1/events',
      '/notify/v1/stats',
      '/metrics',
    ]) {
      assert.ok(doc.paths[path], `${path} is documented`);
    }
  });

  it('gives every operation an example of its success answer, and of its request body when it takes one', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // A redirect's success is its 3xx (the tracking click, /t/c/{token}).
        const answer = Object.entries(operation.responses ?? {}).some(([code, response]) => /^[23]/.test(code) && hasExample(response));
        const body = operation.requestBody === undefined || hasExample(operation.requestBody);
        if (!answer) missing.push(`${method.toUpperCase()} ${path}: no example of its answer`);
        if (!body) missing.push(`${method.toUpperCase()} ${path}: no example of its request body`);
      }
    }
    assert.deepEqual(missing, []);
  });
});
