// The app compiles a route's validators and serializers on its first request, not when it is
// built (src/http/compile-on-first-use.ts says why). So a schema that ajv or
// fast-json-stringify cannot compile would only fail the first request to its route, which no
// other test may make. Here every route's schemas are compiled, and the first request to a route
// still answers as a client expects: its errors, its coerced query and its serialized answer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { compilePendingSerializers } from '../../src/http/serialization.js';
import { compilePendingValidators } from '../../src/http/validation.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

describe('route schemas are compiled on first use', () => {
  let app: TestApp;
  let account: TestAccount;
  before(async () => {
    app = await startTestApp('sqlite');
    account = await app.signUp();
  });
  after(() => app.close());

  it("a route's first request is validated by its schema, every field error listed", async () => {
    const response = await app.request({ method: 'POST', url: '/notify/v1/send', token: account.token, body: { subject: 7, to: 'nobody' } });
    assert.equal(response.status, 400);
    const fields = (response.json.resultObject.errors as { field: string }[]).map((error) => error.field).sort();
    // htmlContent: the send route's own rule after its schema (withRequiredRule), on the same call.
    assert.deepEqual(fields, ['from', 'htmlContent', 'subject', 'to']);
  });

  it("a route's first request has its query coerced and its answer serialized", async () => {
    const response = await app.request({ method: 'GET', url: '/notify/v1/messages?page=1&pageSize=2', token: account.token });
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.json.resultObject).sort(), ['displayCount', 'items', 'totalCount']);
    const bad = await app.request({ method: 'GET', url: '/notify/v1/messages?pageSize=lots', token: account.token });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.json.resultObject.errors.map((error: { field: string }) => error.field),
      ['pageSize'],
    );
  });

  it("every route's validators and serializers compile", () => {
    // Building the app compiled none of them: the requests above compiled a few; the rest
    // (the app declares schemas for about 225 routes) are still waiting, and compile here.
    const validators = compilePendingValidators();
    const serializers = compilePendingSerializers();
    assert.ok(validators > 200, `validators compiled here: ${validators}`);
    assert.ok(serializers > 200, `serializers compiled here: ${serializers}`);
    assert.equal(compilePendingValidators(), 0);
    assert.equal(compilePendingSerializers(), 0);
  });
});
