// The OpenAPI document (/docs/json) is generated from the route schemas: every operation
// a client can call is in it, and each shows an example of what it answers (and of the
// body it takes), so a developer can see the shapes without calling it first. It is valid
// OpenAPI (checked against the official OpenAPI 3.0 schema, which refuses unknown keywords such as `if`), and a client generated from it compiles. The rules
// below walk every operation, so a route added later is held to them too.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import { createApiKey } from '../helpers/accounts.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; example?: unknown; examples?: unknown; schema?: Record<string, unknown> }[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
  requestBody?: { content: Record<string, unknown> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** Whether a schema (or anything nested in it, following `$ref`s into `components`) carries an example. */
function hasExample(node: unknown, doc?: Doc, seen = new Set<string>()): boolean {
  if (!node || typeof node !== 'object') return false;
  if ('example' in node || 'examples' in node) return true;
  const ref = (node as { $ref?: string }).$ref;
  if (doc && typeof ref === 'string' && !seen.has(ref)) {
    seen.add(ref);
    return hasExample(doc.components.schemas[ref.replace('#/components/schemas/', '')], doc, seen);
  }
  return Object.values(node).some((child) => hasExample(child, doc, seen));
}

function operations(doc: Doc): { method: string; path: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, operation]) => ({ method, path, operation })));
}

/** The path with every parameter replaced by an id that exists nowhere. */
function concrete(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'ffffffffffffffffffffffff');
}

describe('the OpenAPI document', () => {
  let app: TestApp;
  let doc: Doc;
  let owner: TestAccount;
  before(async () => {
    app = await startTestApp('sqlite', { config: { adminToken: 'admin-token-0123456789abcdef', signupEnabled: true } });
    doc = (await app.request({ method: 'GET', url: '/docs/json' })).json;
    owner = await app.signUp();
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

  it('is valid OpenAPI under a strict validator', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 4000));
  });

  it('gives every operation an example of its success answer, and of its request body when it takes one', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations(doc)) {
      // A redirect's success is its 3xx (the tracking click, /t/c/{token}).
      const answer = Object.entries(operation.responses ?? {}).some(([code, response]) => /^[23]/.test(code) && hasExample(response, doc));
      const body = operation.requestBody === undefined || hasExample(operation.requestBody, doc);
      if (!answer) missing.push(`${method.toUpperCase()} ${path}: no example of its answer`);
      if (!body) missing.push(`${method.toUpperCase()} ${path}: no example of its request body`);
    }
    assert.deepEqual(missing, []);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations(doc).map(({ operation }) => operation.operationId);
    assert.ok(
      ids.every((id) => typeof id === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(id)),
      'every operation has an identifier-like id',
    );
    assert.equal(new Set(ids).size, ids.length, 'no two operations share an id');
    assert.equal(doc.paths['/notify/v1/send']!.post!.operationId, 'postNotifyV1Send');
  });

  it('documents the errors each operation can answer, each with the one error envelope', () => {
    const problems: string[] = [];
    assert.ok(doc.components.schemas.ErrorEnvelope, 'the error envelope is a component');
    for (const { method, path, operation } of operations(doc)) {
      const name = `${method.toUpperCase()} ${path}`;
      const responses = operation.responses ?? {};
      const expect = (status: string, why: string) => {
        if (!responses[status]) problems.push(`${name}: no ${status} (${why})`);
      };
      expect('429', 'every route is rate limited');
      if (operation.requestBody) for (const status of ['400', '413', '415']) expect(status, 'it takes a body');
      if (path.includes('{')) expect('404', 'a path parameter names something');
      if ((operation.parameters ?? []).some((p) => p.in !== 'path')) expect('400', 'a query string or header is validated');
      if ((operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0)) expect('401', 'it takes a credential');
      if ((operation.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key')) expect('409', 'Idempotency-Key');
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        if (!response.description) problems.push(`${name} ${status}: no description`);
        if (response.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ErrorEnvelope') problems.push(`${name} ${status}: not the envelope`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('keeps the statuses a service decides, as the route declared them, with their own description', () => {
    const described = (path: string, method: string, status: string) => doc.paths[path]![method]!.responses?.[status]?.description ?? '';
    assert.match(described('/notify/v1/senders', 'post', '409'), /already exists/);
    assert.match(described('/notify/v1/send', 'post', '402'), /credits/);
    assert.match(described('/notify/v1/messages/{id}/schedule', 'delete', '409'), /not scheduled/);
    assert.match(described('/account/users/{id}', 'delete', '409'), /last owner/);
    assert.match(described('/notify/v1/send', 'post', '409'), /Idempotency-Key/);
  });

  it('keeps shared schemas as components, with no inline copies left', () => {
    const seen = new Map<string, number>();
    const visit = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(visit);
      const object = node as Record<string, unknown>;
      if (object.type === 'object' && Object.keys((object.properties as object) ?? {}).length >= 2) {
        const key = JSON.stringify(object);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      for (const [key, child] of Object.entries(object)) if (key !== 'example' && key !== 'examples') visit(child);
    };
    for (const { operation } of operations(doc)) {
      visit(operation.requestBody);
      visit(operation.responses);
    }
    assert.deepEqual(
      [...seen.entries()].filter(([, count]) => count > 1).map(([key]) => key.slice(0, 120)),
      [],
    );
    for (const name of ['Sender', 'SendInput', 'ErrorEnvelope']) assert.ok(doc.components.schemas[name], `${name} is a component`);
  });

  it('describes the form and multipart bodies every body route accepts', () => {
    for (const { method, path, operation } of operations(doc)) {
      if (!operation.requestBody) continue;
      for (const type of ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
        assert.ok(operation.requestBody.content[type], `${method.toUpperCase()} ${path} lists ${type}`);
      }
    }
  });

  it('pre-fills no Idempotency-Key: a second "Try it out" would be a 409 or a silent replay', () => {
    const keyed = operations(doc).flatMap(({ operation }) =>
      (operation.parameters ?? []).filter((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
    );
    assert.ok(keyed.length >= 2, 'send and batch take the header');
    for (const parameter of keyed) assert.equal(hasExample(parameter), false, JSON.stringify(parameter));
  });

  it('lists the credentials each operation really accepts: without one it is 401, x-api-key works unless a session is needed', async () => {
    const key = await createApiKey(app, owner.token, ['send', 'read', 'marketing', 'account']);
    const wrong: string[] = [];
    for (const { method, path, operation } of operations(doc)) {
      const security = operation.security ?? [];
      // The authenticated scope: a credential required (no anonymous alternative) and 403 for one without the right.
      const authenticated =
        security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0) && operation.responses?.['403'] !== undefined;
      const request = { method: method.toUpperCase() as 'GET', url: concrete(path), headers: {} as Record<string, string> };
      const anonymous = await app.request(request);
      const declares401 = security.some((requirement) => Object.keys(requirement).length > 0);
      if (declares401 && !security.some((requirement) => Object.keys(requirement).length === 0) && anonymous.status !== 401) {
        wrong.push(`${request.method} ${path}: without a credential ${anonymous.status}, documented 401`);
      }
      if (!declares401 && anonymous.status === 401) wrong.push(`${request.method} ${path}: answers 401 without declaring a credential`);
      if (!authenticated) continue;
      const withKey = await app.request({ ...request, headers: { 'x-api-key': key.key } });
      const keyAllowed = security.some((requirement) => 'apiKeyHeader' in requirement);
      if (keyAllowed && (withKey.status === 401 || withKey.status === 403)) wrong.push(`${request.method} ${path}: x-api-key documented but ${withKey.status}`);
      if (!keyAllowed && withKey.status !== 403) wrong.push(`${request.method} ${path}: x-api-key not documented but ${withKey.status}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('generates a typed client (openapi-typescript) that a program compiles against', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'postwire-client-'));
    try {
      await writeFile(path.join(dir, 'api.ts'), astToString(await openapiTS(structuredClone(doc) as never)));
      await writeFile(
        path.join(dir, 'program.ts'),
        [
          "import type { components, operations, paths } from './api';",
          "type Send = paths['/notify/v1/send']['post'];",
          "type SendBody = NonNullable<Send['requestBody']>['content']['application/json'];",
          "const body: SendBody = { from: { email: 'hello@example.com' }, to: [{ email: 'ann@example.net' }], subject: 'Hi', htmlContent: '<p>Hi</p>' };",
          "declare const accepted: Send['responses'][200]['content']['application/json'];",
          'const id: string = accepted.resultObject.id;',
          "declare const failed: operations['postNotifyV1Send']['responses'][400]['content']['application/json'];",
          "const failure: components['schemas']['ErrorEnvelope'] = failed;",
          'const code: number = failure.resultCode;',
          "type Senders = paths['/notify/v1/senders']['get']['responses'][200]['content']['application/json'];",
          'declare const senders: Senders;',
          'const firstEmail: string | undefined = senders.resultObject.items[0]?.email;',
          '// @ts-expect-error: subject is text, and the generated types know it',
          'const wrong: SendBody = { ...body, subject: 42 };',
          'export { body, code, firstEmail, id, wrong };',
          '',
        ].join('\n'),
      );
      const tsc = path.resolve('node_modules/typescript/bin/tsc');
      const args = ['--strict', '--noEmit', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck', 'program.ts'];
      const result = await run(process.execPath, [tsc, ...args], { cwd: dir }).catch((error: { stdout: string; stderr: string }) => error);
      assert.equal(result.stdout + result.stderr, '', 'the program compiles against the generated client');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
