/**
 * Serving the dashboard (/app): the page and its assets from this server with a
 * Content-Security-Policy that allows no inline script and nothing from another host;
 * any path under /app opens the page (a reload on /app/messages/… works); a missing
 * asset is a 404, not the page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { ensureDashboardBuilt } from '../helpers/browser.js';

describe('the dashboard at /app', () => {
  let app: TestApp;
  before(async () => {
    ensureDashboardBuilt();
    app = await startTestApp('sqlite');
  });
  after(() => app.close());

  it('serves the page with a CSP that forbids inline script and other hosts, and forbids framing', async () => {
    const page = await app.request({ method: 'GET', url: '/app' });
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    assert.equal(directive('script-src'), "script-src 'self'");
    assert.equal(directive('default-src'), "default-src 'none'");
    assert.equal(directive('connect-src'), "connect-src 'self'");
    assert.equal(directive('frame-ancestors'), "frame-ancestors 'none'");
    assert.doesNotMatch(csp, /https?:|\*/, 'no other host is allowed');
    assert.equal(page.headers['x-frame-options'], 'DENY');
    const script = /<script type="module" crossorigin src="(\/app\/assets\/[^"]+\.js)">/.exec(page.text);
    assert.ok(script, 'the page loads its script from /app/assets');
    const asset = await app.request({ method: 'GET', url: script[1]! });
    assert.equal(asset.status, 200);
    assert.match(String(asset.headers['content-type']), /javascript/);
    assert.match(String(asset.headers['cache-control']), /immutable/);
  });

  it('answers every page path with the page, so a reload keeps the place', async () => {
    for (const url of ['/app/', '/app/messages', '/app/messages/0123456789abcdef01234567', '/app/api-keys?x=1']) {
      const page = await app.request({ method: 'GET', url });
      assert.equal(page.status, 200, url);
      assert.match(page.text, /<div id="root"><\/div>/, url);
      assert.ok(page.headers['content-security-policy'], url);
    }
  });

  it('answers a missing asset with 404 in the envelope', async () => {
    const missing = await app.request({ method: 'GET', url: '/app/assets/index-gone.js' });
    assert.equal(missing.status, 404);
    assert.equal(missing.json.resultStatus, false);
  });
});
