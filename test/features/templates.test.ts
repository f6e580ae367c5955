/**
 * Stored templates: create, read, list, replace, change and delete them as a client
 * does, then send with `templateId` + `params` and read the composed message back
 * (GET /notify/v1/messages/{id}/raw, parsed with mailparser): variables filled,
 * HTML-escaped unless tripled, a missing one a 400 naming it. Also the original's
 * `customFields` with `#key#` placeholders. And the dashboard's preview,
 * POST /notify/v1/templates/render: the send's rendering and its refusals, nothing stored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, rawOf } from '../helpers/delivery-api.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';
import { messagesTo, type SmtpSink } from '../helpers/smtp-sink.js';

/** One recipient's copy of a personalised message. */
async function rawCopy(app: TestApp, account: TestAccount, id: string, recipientId: string): Promise<string> {
  const response = await app.request({ method: 'GET', url: `/notify/v1/messages/${id}/raw?recipientId=${recipientId}`, token: account.token });
  assert.equal(response.status, 200, response.text.slice(0, 200));
  return response.text;
}

const TEMPLATE_KEYS = [
  'createTime',
  'createUserId',
  'customerId',
  'htmlContent',
  'id',
  'inlineCss',
  'isDeleted',
  'isLayout',
  'layoutId',
  'mjmlContent',
  'name',
  'subject',
  'textContent',
  'updateTime',
  'updateUserId',
  'variables',
];

for (const dialect of DIALECTS) {
  describe(`templates [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, account = a) =>
      app.request({ method, url, token: account.token, body });
    const create = async (body: Record<string, unknown>, account = a) =>
      expectEnvelope(await call('POST', '/notify/v1/templates', body, account), 201).resultObject;
    const send = (body: Record<string, unknown>, account = a) =>
      call('POST', '/notify/v1/send', { from: { email: account.email }, to: [{ email: 'ann@example.net' }], ...body }, account);
    const composed = async (id: string): Promise<ParsedMail> => simpleParser(await rawOf(app, a, id));

    describe('the template resource', () => {
      it('create, get, list, put, patch, delete', async () => {
        const created = await create({ name: 'Shipped', subject: 'Order {{ order.id }} shipped', htmlContent: '<p>Hi {{ name }}</p>' });
        assert.deepEqual(Object.keys(created).sort(), TEMPLATE_KEYS);
        assert.match(created.id, /^[0-9a-f]{24}$/);
        assert.equal(created.customerId, a.accountId);
        assert.equal(created.textContent, null);
        assert.deepEqual(created.variables, ['order.id', 'name']);

        assert.deepEqual(expectEnvelope(await call('GET', `/notify/v1/templates/${created.id}`), 200).resultObject, created);
        const list = expectEnvelope(await call('GET', '/notify/v1/templates'), 200).resultObject;
        assert.ok(list.items.some((t: any) => t.id === created.id));

        const replaced = expectEnvelope(
          await call('PUT', `/notify/v1/templates/${created.id}`, {
            name: 'Shipped v2',
            subject: 'Shipped!',
            htmlContent: '<p>Bye {{ name }}</p>',
            textContent: 'Bye {{ name }}',
          }),
          200,
        ).resultObject;
        assert.equal(replaced.name, 'Shipped v2');
        assert.equal(replaced.textContent, 'Bye {{ name }}');
        assert.deepEqual(replaced.variables, ['name']);
        assert.equal(replaced.createTime, created.createTime);

        const patched = expectEnvelope(await call('PATCH', `/notify/v1/templates/${created.id}`, { subject: 'Patched' }), 200).resultObject;
        assert.equal(patched.subject, 'Patched');
        assert.equal(patched.htmlContent, '<p>Bye {{ name }}</p>', 'fields not given stay');
        // PUT replaces: a textContent it leaves out is gone.
        const put = expectEnvelope(
          await call('PUT', `/notify/v1/templates/${created.id}`, { name: 'n', subject: 's', htmlContent: '<p>h</p>' }),
          200,
        ).resultObject;
        assert.equal(put.textContent, null);

        assert.equal(expectEnvelope(await call('DELETE', `/notify/v1/templates/${created.id}`), 200).resultObject, true);
        expectEnvelope(await call('GET', `/notify/v1/templates/${created.id}`), 404);
        expectEnvelope(await call('DELETE', `/notify/v1/templates/${created.id}`), 404);
        const after = expectEnvelope(await call('GET', '/notify/v1/templates'), 200).resultObject;
        assert.ok(!after.items.some((t: any) => t.id === created.id));
      });

      it("another account's template is not found, not listed, not usable", async () => {
        const theirs = await create({ name: 'B', subject: 'B', htmlContent: '<p>B</p>' }, b);
        expectEnvelope(await call('GET', `/notify/v1/templates/${theirs.id}`), 404);
        expectEnvelope(await call('PATCH', `/notify/v1/templates/${theirs.id}`, { name: 'x' }), 404);
        expectEnvelope(await call('PUT', `/notify/v1/templates/${theirs.id}`, { name: 'x', subject: 'x', htmlContent: 'x' }), 404);
        expectEnvelope(await call('DELETE', `/notify/v1/templates/${theirs.id}`), 404);
        assert.ok(!expectEnvelope(await call('GET', '/notify/v1/templates'), 200).resultObject.items.some((t: any) => t.id === theirs.id));
        assert.deepEqual(errorFields(expectEnvelope(await send({ templateId: theirs.id }), 400)), ['templateId']);
        expectEnvelope(await call('GET', `/notify/v1/templates/${theirs.id}`, undefined, b), 200);
      });

      it('bad bodies: 400 naming the field', async () => {
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/notify/v1/templates', {}), 400)).sort(), ['htmlContent', 'name', 'subject']);
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/notify/v1/templates', { name: 'x', subject: 'a\r\nb', htmlContent: 'x' }), 400)), [
          'subject',
        ]);
        const t = await create({ name: 'x', subject: 'x', htmlContent: 'x' });
        expectEnvelope(await call('PATCH', `/notify/v1/templates/${t.id}`, {}), 400);
        assert.deepEqual(errorFields(expectEnvelope(await call('PATCH', `/notify/v1/templates/${t.id}`, { htmlContent: '' }), 400)), ['htmlContent']);
      });
    });

    describe('layouts', () => {
      const layoutHtml = (version: string) =>
        `<html><head><style>p{color:#333}</style></head><body><header>{{ shop }} ${version}</header>{{{ body }}}<footer>#SIGNATURE#</footer></body></html>`;

      it('a template names a layout; editing the layout changes the next send, not the messages already accepted', async () => {
        const layout = await create({ name: 'Brand', subject: 'Layout', htmlContent: layoutHtml('v1'), isLayout: true });
        assert.equal(layout.isLayout, true);
        assert.equal(layout.layoutId, null);
        const t = await create({ name: 'Hello', subject: 'Hi {{ name }}', htmlContent: '<p>Hello {{ name }}</p>', layoutId: layout.id });
        assert.equal(t.layoutId, layout.id);
        const params = { name: 'Ann & Bob', shop: 'Tea <Shop>' };
        const first = expectEnvelope(await send({ templateId: t.id, params, customFields: { SIGNATURE: 'The team' } }), 200).resultObject;
        const firstHtml =
          '<html><head><style>p{color:#333}</style></head><body><header>Tea &lt;Shop&gt; v1</header><p>Hello Ann &amp; Bob</p><footer>The team</footer></body></html>';
        assert.equal(String((await composed(first.id)).html), firstHtml);
        assert.match((await composed(first.id)).text!, /Tea <Shop> v1\s+Hello Ann & Bob/, 'the text part comes from the whole HTML');

        expectEnvelope(await call('PATCH', `/notify/v1/templates/${layout.id}`, { htmlContent: layoutHtml('v2') }), 200);
        const second = expectEnvelope(await send({ templateId: t.id, params, customFields: { SIGNATURE: 'The team' } }), 200).resultObject;
        assert.match(String((await composed(second.id)).html), /<header>Tea &lt;Shop&gt; v2<\/header><p>Hello Ann &amp; Bob<\/p>/);
        assert.equal(String((await composed(first.id)).html), firstHtml, 'an accepted message keeps the layout it was sent with');

        // A variable only the layout uses is required like any other, and says where it is used.
        const missing = expectEnvelope(await send({ templateId: t.id, params: { name: 'Ann' } }), 400);
        assert.deepEqual(errorFields(missing), ['params.shop']);
        assert.match(missing.resultObject.errors[0].message, /the layout uses \{\{ shop \}\}/);
      });

      it('layoutId must name a live layout of the account; a layout needs {{{ body }}} and no layout; one in use stays', async () => {
        const layout = await create({ name: 'L', subject: 'L', htmlContent: '<div>{{{ body }}}</div>', isLayout: true });
        const plain = await create({ name: 'P', subject: 'P', htmlContent: '<p>P</p>' });
        const theirs = await create({ name: 'T', subject: 'T', htmlContent: '<div>{{{ body }}}</div>', isLayout: true }, b);
        for (const layoutId of [plain.id, theirs.id, 'nope', '000000000000000000000000']) {
          const refused = expectEnvelope(await call('POST', '/notify/v1/templates', { name: 'x', subject: 'x', htmlContent: 'x', layoutId }), 400);
          assert.deepEqual(errorFields(refused), ['layoutId'], layoutId);
        }
        for (const htmlContent of ['<p>no body</p>', '<div>{{ body }}</div>', '{{#if body}}x{{/if}}'])
          assert.deepEqual(
            errorFields(expectEnvelope(await call('POST', '/notify/v1/templates', { name: 'x', subject: 'x', htmlContent, isLayout: true }), 400)),
            ['htmlContent'],
            htmlContent,
          );
        assert.deepEqual(
          errorFields(
            expectEnvelope(
              await call('POST', '/notify/v1/templates', { name: 'x', subject: 'x', htmlContent: '{{{ body }}}', isLayout: true, layoutId: layout.id }),
              400,
            ),
          ),
          ['layoutId'],
        );
        assert.deepEqual(errorFields(expectEnvelope(await call('PATCH', `/notify/v1/templates/${layout.id}`, { layoutId: layout.id }), 400)), ['layoutId']);

        const user = await create({ name: 'U', subject: 'U', htmlContent: '<p>U</p>', layoutId: layout.id });
        expectEnvelope(await call('DELETE', `/notify/v1/templates/${layout.id}`), 409);
        expectEnvelope(await call('PATCH', `/notify/v1/templates/${layout.id}`, { isLayout: false }), 409);
        expectEnvelope(await call('PUT', `/notify/v1/templates/${layout.id}`, { name: 'L', subject: 'L', htmlContent: '<p>x</p>' }), 409);
        assert.equal(String((await composed(expectEnvelope(await send({ templateId: user.id }), 200).resultObject.id)).html), '<div><p>U</p></div>');

        expectEnvelope(await call('PATCH', `/notify/v1/templates/${user.id}`, { layoutId: null }), 200);
        expectEnvelope(await call('DELETE', `/notify/v1/templates/${layout.id}`), 200);
        assert.equal(String((await composed(expectEnvelope(await send({ templateId: user.id }), 200).resultObject.id)).html), '<p>U</p>');
      });
    });

    describe('formats: inlined CSS and MJML', () => {
      it("inlineCss writes the <style> rules, the layout's included, into the elements at send; without it the HTML is as written", async () => {
        const layout = await create({
          name: 'Styled frame',
          subject: 'L',
          htmlContent: '<html><head><style>p { color: #c00; } .total { font-weight: bold; }</style></head><body>{{{ body }}}</body></html>',
          isLayout: true,
        });
        const inlined = await create({
          name: 'Inlined',
          subject: 's',
          htmlContent: '<p>Hi {{ name }}</p><div class="total">{{ total }}</div>',
          layoutId: layout.id,
          inlineCss: true,
        });
        assert.equal(inlined.inlineCss, true);
        const sent = expectEnvelope(await send({ templateId: inlined.id, params: { name: 'Ann', total: 3 } }), 200).resultObject;
        assert.equal(
          String((await composed(sent.id)).html),
          '<html><head></head><body><p style="color: #c00;">Hi Ann</p><div class="total" style="font-weight: bold;">3</div></body></html>',
        );
        const plain = await create({ name: 'As written', subject: 's', htmlContent: '<p>Hi {{ name }}</p>', layoutId: layout.id });
        assert.equal(plain.inlineCss, false);
        const asWritten = expectEnvelope(await send({ templateId: plain.id, params: { name: 'Ann' } }), 200).resultObject;
        assert.match(String((await composed(asWritten.id)).html), /<style>p \{ color: #c00; \}[^<]*<\/style><\/head><body><p>Hi Ann<\/p>/);
      });

      it('an MJML newsletter is compiled when saved and its variables and loops filled at send; its errors are a 400 with line and column', async () => {
        const newsletter = [
          '<mjml>',
          '  <mj-body>',
          '    <mj-section><mj-column>',
          '      <mj-text>Hello {{ name }}</mj-text>',
          '      <mj-text>{{#each stories}}<p>{{ title }}</p>{{/each}}</mj-text>',
          '    </mj-column></mj-section>',
          '  </mj-body>',
          '</mjml>',
        ].join('\n');
        const t = await create({ name: 'Newsletter', subject: 'News for {{ name }}', htmlContent: newsletter });
        assert.equal(t.mjmlContent, newsletter);
        assert.match(t.htmlContent, /^<!doctype html>/i);
        assert.deepEqual(t.variables, ['name', 'stories']);
        const sent = expectEnvelope(
          await send({ templateId: t.id, params: { name: 'Ann <3', stories: [{ title: 'One' }, { title: 'Two' }] } }),
          200,
        ).resultObject;
        const mail = await composed(sent.id);
        assert.equal(mail.subject, 'News for Ann <3');
        assert.match(String(mail.html), /Hello Ann &lt;3/);
        assert.match(String(mail.html), /<p>One<\/p><p>Two<\/p>/);

        const broken = newsletter.replace('<mj-column>', '\n      <mj-colum>').replace('</mj-column>', '</mj-colum>');
        const refused = expectEnvelope(await call('POST', '/notify/v1/templates', { name: 'Broken', subject: 's', htmlContent: broken }), 400);
        assert.deepEqual(errorFields(refused), ['htmlContent']);
        assert.match(refused.resultObject.errors[0].message, /^is not valid MJML: line 4, column 7: Element mj-colum doesn't exist/);
        // Parsing a document blocks the server: MJML and HTML to inline CSS in are bounded.
        const huge = `<mjml><mj-body><mj-text>${'x'.repeat(600 * 1024)}</mj-text></mj-body></mjml>`;
        const tooBig = expectEnvelope(await call('POST', '/notify/v1/templates', { name: 'Huge', subject: 's', htmlContent: huge }), 400);
        assert.deepEqual(errorFields(tooBig), ['htmlContent']);
        assert.match(tooBig.resultObject.errors[0].message, /MJML document may have at most 524288 characters/);
        // The template is inlined, not what it renders: a long value costs the inliner nothing…
        const wide = await create({ name: 'Wide', subject: 's', htmlContent: '<style>p{color:red}</style><p>{{ text }}</p>', inlineCss: true });
        const longValue = expectEnvelope(await send({ templateId: wide.id, params: { text: 'y'.repeat(1100 * 1024) } }), 200).resultObject;
        assert.equal(String((await composed(longValue.id)).html), `<p style="color: red;">${'y'.repeat(1100 * 1024)}</p>`);
        // …and a template too long to inline is refused, at send, naming the field.
        const inlinedTooBig = expectEnvelope(
          await send({ subject: 's', htmlContent: `<style>p{color:red}</style><p>{{ a }}</p>${'<b>x</b>'.repeat(140 * 1024)}`, params: { a: 1 } }),
          200,
        ).resultObject;
        assert.ok(inlinedTooBig.id, 'a send without inlineCss is not inlined');
        const wideTemplate = await create({
          name: 'Wide 2',
          subject: 's',
          htmlContent: `<style>p{color:red}</style><p>{{ a }}</p>${'<b>x</b>'.repeat(140 * 1024)}`,
          inlineCss: true,
        });
        const tooWide = expectEnvelope(await send({ templateId: wideTemplate.id, params: { a: 1 } }), 400);
        assert.deepEqual(errorFields(tooWide), ['htmlContent']);
        assert.match(tooWide.resultObject.errors[0].message, /CSS is inlined in HTML of at most/);
        // Written in HTML again: the MJML source is gone.
        const html = expectEnvelope(await call('PATCH', `/notify/v1/templates/${t.id}`, { htmlContent: '<p>{{ name }}</p>' }), 200).resultObject;
        assert.equal(html.mjmlContent, null);
      });
    });

    describe('the preview: POST /notify/v1/templates/render', () => {
      const render = (body: unknown, account = a) => call('POST', '/notify/v1/templates/render', body, account);

      it('fills subject, HTML and text as a send does: escaped in HTML, raw when tripled, dotted paths; stores nothing', async () => {
        const count = async () => expectEnvelope(await call('GET', '/notify/v1/templates'), 200).resultObject.totalCount;
        const before = await count();
        const rendered = expectEnvelope(
          await render({
            subject: 'Order {{ order.id }} for {{ name }}',
            htmlContent: '<p>Hello {{ name }}</p><div>{{{ banner }}}</div><p>{{ order.total }}, paid: {{ order.paid }}, note: {{ note }}.</p>',
            textContent: 'Hello {{ name }}, order {{ order.id }}',
            params: { name: 'Ann & <Bob>', banner: '<b>Sale</b>', order: { id: 'A-1', total: 12.5, paid: true }, note: null },
          }),
          200,
        ).resultObject;
        assert.deepEqual(rendered, {
          subject: 'Order A-1 for Ann & <Bob>',
          htmlContent: '<p>Hello Ann &amp; &lt;Bob&gt;</p><div><b>Sale</b></div><p>12.5, paid: true, note: .</p>',
          textContent: 'Hello Ann & <Bob>, order A-1',
          text: 'Hello Ann & <Bob>, order A-1',
          missingVariables: [],
        });
        // Without a text of its own, the answer says so (a send derives the text part from the HTML).
        const plain = expectEnvelope(await render({ subject: 'No variables', htmlContent: '<p>{{{ raw }}}</p>', params: { raw: '<i>x</i>' } }), 200);
        assert.deepEqual(plain.resultObject, {
          subject: 'No variables',
          htmlContent: '<p><i>x</i></p>',
          textContent: null,
          text: 'x',
          missingVariables: [],
        });
        assert.equal(await count(), before, 'a preview is not a stored template');
      });

      it('a missing variable is a 400 naming params.<name> and where it is used, as the send says it', async () => {
        const body = { subject: 'Hi {{ name }}', htmlContent: '<p>{{ order.id }}</p>', textContent: '{{ extra }}', params: { order: {} } };
        const refused = expectEnvelope(await render(body), 400);
        assert.deepEqual(errorFields(refused).sort(), ['params.extra', 'params.name', 'params.order.id']);
        assert.match(refused.resultObject.errors.find((e: any) => e.field === 'params.name').message, /is required: the subject uses \{\{ name \}\}/);
        // The same content sent names the same fields with the same messages: one renderer.
        const stored = await create({ name: 'Same', subject: body.subject, htmlContent: body.htmlContent, textContent: body.textContent });
        const sent = expectEnvelope(await send({ templateId: stored.id, params: body.params }), 400);
        assert.deepEqual(sent.resultObject.errors, refused.resultObject.errors);
        assert.deepEqual(errorFields(expectEnvelope(await render({ ...body, params: { name: 'A', extra: 'e', order: { id: { deep: 1 } } } }), 400)), [
          'params.order.id',
        ]);
        assert.deepEqual(
          errorFields(expectEnvelope(await render({ subject: 'Hi {{ name }}', htmlContent: 'x', params: { name: 'A\r\nBcc: x@example.org' } }), 400)),
          ['params'],
        );
        // No params at all: every variable is missing.
        assert.deepEqual(errorFields(expectEnvelope(await render({ subject: 'Hi {{ name }}', htmlContent: 'x' }), 400)), ['params.name']);
      });

      it("renders only what it is given: another account's template id does not bring its content", async () => {
        const theirs = await create({ name: 'Secret', subject: 'Secret subject', htmlContent: '<p>Secret body</p>' }, b);
        const refused = expectEnvelope(await render({ templateId: theirs.id, params: {} }), 400);
        assert.deepEqual(errorFields(refused).sort(), ['htmlContent', 'subject']);
        assert.doesNotMatch(JSON.stringify(refused), /Secret/);
        const own = expectEnvelope(await render({ templateId: theirs.id, subject: 'Mine', htmlContent: '<p>mine</p>' }), 200).resultObject;
        assert.deepEqual(own, { subject: 'Mine', htmlContent: '<p>mine</p>', textContent: null, text: 'mine', missingVariables: [] });
      });

      it('a stored template with its layout, rendered with a sample: subject, HTML, text and the variables the sample lacks', async () => {
        const layout = await create({ name: 'Frame', subject: 'L', htmlContent: '<div>{{ shop }}|{{{ body }}}|{{ footer }}</div>', isLayout: true });
        const t = await create({
          name: 'Receipt',
          subject: 'Receipt {{ order.id }}',
          htmlContent: '<ul>{{#each order.items}}<li>{{ title }}</li>{{/each}}</ul>{{#if order.discount}}<p>-{{ order.discount }}</p>{{/if}}',
          layoutId: layout.id,
        });
        const sample = { order: { id: 'R-1', items: [{ title: 'Tea' }, { title: 'Mug' }] }, shop: 'Shop & Co' };
        const path = `/notify/v1/templates/${t.id}/render`;
        const lenient = expectEnvelope(await call('POST', path, { params: sample, allowMissing: true }), 200).resultObject;
        assert.deepEqual(lenient, {
          subject: 'Receipt R-1',
          htmlContent: '<div>Shop &amp; Co|<ul><li>Tea</li><li>Mug</li></ul>|</div>',
          textContent: null,
          text: 'Shop & Co|\n- Tea\n- Mug\n\n|',
          missingVariables: ['order.discount', 'footer'],
        });
        // As a send would: a variable outside blocks that the sample lacks is a 400; an optional one is only listed.
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', path, { params: sample }), 400)), ['params.footer']);
        const strict = expectEnvelope(await call('POST', path, { params: { ...sample, footer: 'Bye' } }), 200).resultObject;
        assert.equal(strict.htmlContent, '<div>Shop &amp; Co|<ul><li>Tea</li><li>Mug</li></ul>|Bye</div>');
        assert.deepEqual(strict.missingVariables, ['order.discount']);
        // An unsaved draft may name the layout too.
        const draft = expectEnvelope(
          await render({ subject: 's', htmlContent: '<b>{{ x }}</b>', layoutId: layout.id, params: { x: 1, shop: 'S', footer: 'F' } }),
          200,
        );
        assert.equal(draft.resultObject.htmlContent, '<div>S|<b>1</b>|F</div>');
        assert.deepEqual(errorFields(expectEnvelope(await render({ subject: 's', htmlContent: 'x', layoutId: t.id }), 400)), ['layoutId']);
        // Another account's template, or none, is not found; nothing was sent.
        expectEnvelope(await call('POST', path, { params: sample }, b), 404);
        expectEnvelope(await call('POST', '/notify/v1/templates/nope/render', {}), 404);
      });

      it('bad input is a 4xx naming the field; the scope is read, like reading templates', async () => {
        assert.deepEqual(errorFields(expectEnvelope(await render({}), 400)).sort(), ['htmlContent', 'subject']);
        assert.deepEqual(errorFields(expectEnvelope(await render({ subject: 'a\r\nb', htmlContent: 'x' }), 400)), ['subject']);
        assert.deepEqual(errorFields(expectEnvelope(await render({ subject: 's', htmlContent: 'x', params: 'name=Ann' }), 400)), ['params']);
        assert.deepEqual(errorFields(expectEnvelope(await render({ subject: 's', htmlContent: 'x', params: [1] }), 400)), ['params']);
        assert.deepEqual(errorFields(expectEnvelope(await render({ subject: 's', htmlContent: '', textContent: 5 }), 400)).sort(), [
          'htmlContent',
          'textContent',
        ]);
        expectEnvelope(
          await app.request({
            method: 'POST',
            url: '/notify/v1/templates/render',
            token: a.token,
            payload: '{"subject":',
            headers: { 'content-type': 'application/json' },
          }),
          400,
        );
        expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/templates/render', body: { subject: 's', htmlContent: 'x' } }), 401);

        const keyOf = async (scopes: string[]) =>
          expectEnvelope(await call('POST', '/account/apikeys', { name: `render ${scopes.join(' ')}`, scopes }), 201).resultObject.key as string;
        const withKey = (key: string) =>
          app.request({
            method: 'POST',
            url: '/notify/v1/templates/render',
            headers: { authorization: `Bearer ${key}` },
            body: { subject: 'Hi {{ n }}', htmlContent: 'x', params: { n: 1 } },
          });
        assert.equal(expectEnvelope(await withKey(await keyOf(['read'])), 200).resultObject.subject, 'Hi 1');
        expectEnvelope(await withKey(await keyOf(['marketing'])), 403);
        const stored = await create({ name: 'Scoped', subject: 'Hi {{ n }}', htmlContent: 'x' });
        const storedWithKey = async (scopes: string[]) =>
          app.request({
            method: 'POST',
            url: `/notify/v1/templates/${stored.id}/render`,
            headers: { authorization: `Bearer ${await keyOf(scopes)}` },
            body: { params: { n: 2 } },
          });
        assert.equal(expectEnvelope(await storedWithKey(['read']), 200).resultObject.subject, 'Hi 2');
        expectEnvelope(await storedWithKey(['marketing']), 403);
      });
    });

    describe('sending with a template', () => {
      it('fills variables: escaped in HTML by default, raw when tripled, dotted paths, text too', async () => {
        const t = await create({
          name: 'Order',
          subject: 'Order {{ order.id }} for {{ name }}',
          htmlContent: '<p>Hello {{ name }}</p><div>{{{ banner }}}</div><p>{{ order.total }} EUR, paid: {{ order.paid }}</p>',
          textContent: 'Hello {{ name }}, order {{ order.id }}',
        });
        const result = expectEnvelope(
          await send({
            templateId: t.id,
            params: { name: 'Ann & <Bob>', banner: '<b>Sale</b>', order: { id: 'A-1', total: 12.5, paid: true } },
          }),
          200,
        ).resultObject;
        const mail = await composed(result.id);
        assert.equal(mail.subject, 'Order A-1 for Ann & <Bob>');
        assert.match(String(mail.html), /<p>Hello Ann &amp; &lt;Bob&gt;<\/p><div><b>Sale<\/b><\/div><p>12.5 EUR, paid: true<\/p>/);
        assert.equal(mail.text!.trim(), 'Hello Ann & <Bob>, order A-1');
        const message = expectEnvelope(await call('GET', `/notify/v1/messages/${result.id}`), 200).resultObject;
        assert.equal(message.templateId, t.id);
        assert.equal(message.subject, 'Order A-1 for Ann & <Bob>');
      });

      it("subject, htmlContent and textContent in the send override the template's", async () => {
        const t = await create({ name: 'O', subject: 'Template subject', htmlContent: '<p>Template {{ x }}</p>' });
        const result = expectEnvelope(await send({ templateId: t.id, subject: 'Own subject {{ x }}', params: { x: 'X' } }), 200).resultObject;
        const mail = await composed(result.id);
        assert.equal(mail.subject, 'Own subject X');
        assert.match(String(mail.html), /Template X/);
      });

      it('a missing variable is a 400 naming it, and nothing is sent', async () => {
        const t = await create({ name: 'M', subject: 'Hi {{ name }}', htmlContent: '<p>{{ order.id }} {{ name }}</p>', textContent: '{{ extra }}' });
        const count = async () => expectEnvelope(await call('GET', '/notify/v1/messages'), 200).resultObject.totalCount;
        const before = await count();
        const body = expectEnvelope(await send({ templateId: t.id, params: { order: {} } }), 400);
        assert.deepEqual(errorFields(body).sort(), ['params.extra', 'params.name', 'params.order.id']);
        assert.match(body.resultObject.errors.find((e: any) => e.field === 'params.name').message, /subject uses \{\{ name \}\}/);
        assert.deepEqual(errorFields(expectEnvelope(await send({ templateId: t.id }), 400)).sort(), ['params.extra', 'params.name', 'params.order.id']);
        assert.deepEqual(errorFields(expectEnvelope(await send({ templateId: t.id, params: { name: 'A', extra: 'e', order: { id: { deep: 1 } } } }), 400)), [
          'params.order.id',
        ]);
        assert.deepEqual(
          errorFields(expectEnvelope(await send({ templateId: t.id, params: { name: 'A\r\nBcc: x@example.org', extra: 'e', order: { id: 1 } } }), 400)),
          ['params'],
        );
        assert.equal(await count(), before);
      });

      it('a deleted or unknown template is a 400 on templateId; without a template subject and htmlContent are required', async () => {
        const t = await create({ name: 'D', subject: 'D', htmlContent: '<p>D</p>' });
        expectEnvelope(await call('DELETE', `/notify/v1/templates/${t.id}`), 200);
        assert.deepEqual(errorFields(expectEnvelope(await send({ templateId: t.id }), 400)), ['templateId']);
        assert.deepEqual(errorFields(expectEnvelope(await send({ templateId: 'nope' }), 400)), ['templateId']);
        assert.deepEqual(errorFields(expectEnvelope(await send({ params: { a: 1 } }), 400)).sort(), ['htmlContent', 'subject']);
      });

      it("params without a template fill the body's own placeholders; a plain send keeps its braces", async () => {
        const filled = expectEnvelope(await send({ subject: 'Hi {{ n }}', htmlContent: '<p>{{ n }}</p>', params: { n: 'Ann' } }), 200).resultObject;
        assert.equal((await composed(filled.id)).subject, 'Hi Ann');
        const plain = expectEnvelope(await send({ subject: 'Hi {{ n }}', htmlContent: '<p>{{ n }}</p>' }), 200).resultObject;
        assert.equal((await composed(plain.id)).subject, 'Hi {{ n }}');
      });

      it('to[i].params are merged over params: each recipient gets its own copy', async () => {
        const t = await create({ name: 'P', subject: 'Hi {{ name }}', htmlContent: '<p>{{ greeting }}, {{ name }}</p>' });
        const result = expectEnvelope(
          await send({
            templateId: t.id,
            params: { greeting: 'Hello', name: 'friend' },
            to: [
              { email: 'p1@example.net', params: { name: 'Ann' } },
              { email: 'p2@example.net', params: { name: 'Bob', greeting: 'Hey' } },
              { email: 'p3@example.net' },
            ],
            cc: [{ email: 'p4@example.net' }],
          }),
          200,
        ).resultObject;
        const copies = await Promise.all(result.recipients.map(async (r: any) => simpleParser(await rawCopy(app, a, result.id, r.id))));
        assert.deepEqual(
          copies.map((m) => [m.subject, String(m.html)]),
          [
            ['Hi Ann', '<p>Hello, Ann</p>'],
            ['Hi Bob', '<p>Hey, Bob</p>'],
            ['Hi friend', '<p>Hello, friend</p>'],
            ['Hi friend', '<p>Hello, friend</p>'],
          ],
        );
        assert.ok(
          copies.every((m) => m.messageId === result.messageId),
          'one message, one Message-ID',
        );
        assert.equal((await composed(result.id)).subject, 'Hi Ann', "without recipientId: the first recipient's copy");
        expectEnvelope(await call('GET', `/notify/v1/messages/${result.id}/raw?recipientId=000000000000000000000000`), 404);
        assert.equal(expectEnvelope(await call('GET', `/notify/v1/messages/${result.id}`), 200).resultObject.subject, 'Hi Ann');
      });

      it("a variable missing for one recipient names that recipient's params", async () => {
        const t = await create({ name: 'P2', subject: 'Hi {{ name }}', htmlContent: '<p>{{ name }}</p>' });
        const body = expectEnvelope(
          await send({
            templateId: t.id,
            to: [{ email: 'p1@example.net', params: { name: 'Ann' } }, { email: 'p2@example.net', params: { other: 1 } }, { email: 'p3@example.net' }],
          }),
          400,
        );
        assert.deepEqual(errorFields(body).sort(), ['params.name', 'to[1].params.name']);
      });

      it('Handlebars: a receipt with line items, a discount line only when there is one, amounts in a locale', async () => {
        const t = await create({
          name: 'Receipt',
          subject: 'Receipt {{ order.id }}',
          htmlContent:
            '<table>{{#each order.items}}<tr><td>{{ title }}</td><td>{{formatCurrency price "EUR" "de-DE"}}</td></tr>{{/each}}</table>' +
            '{{#if order.discount}}<p>Discount: -{{formatCurrency order.discount "EUR" "de-DE"}}</p>{{/if}}<p>Total {{formatCurrency order.total "EUR" "de-DE"}}</p>',
        });
        assert.deepEqual(t.variables, ['order.id', 'order.items', 'order.discount', 'order.total']);
        const items = [
          { title: 'Tea & cake', price: 3.5 },
          { title: 'Mug', price: 10 },
        ];
        const withDiscount = expectEnvelope(
          await send({ templateId: t.id, params: { order: { id: 'R-1', items, discount: 1.5, total: 12 } } }),
          200,
        ).resultObject;
        const mail = await composed(withDiscount.id);
        assert.equal(mail.subject, 'Receipt R-1');
        assert.equal(
          String(mail.html),
          '<table><tr><td>Tea &amp; cake</td><td>3,50\u00a0€</td></tr><tr><td>Mug</td><td>10,00\u00a0€</td></tr></table><p>Discount: -1,50\u00a0€</p><p>Total 12,00\u00a0€</p>',
        );
        assert.match(mail.text!, /Tea & cake\s*3,50\s€[\s\S]*Discount: -1,50\s€[\s\S]*Total 12,00\s€/, 'the text part comes from the rendered HTML');
        const without = expectEnvelope(await send({ templateId: t.id, params: { order: { id: 'R-2', items, total: 13.5 } } }), 200).resultObject;
        assert.doesNotMatch(String((await composed(without.id)).html), /Discount/);
      });

      it('Handlebars: a template with a syntax error is not saved: 400 naming the field, line and column', async () => {
        const bad = '<p>Hi {{ name }}</p>\n{{#each items}}\n  <li>{{ title }</li>\n{{/each}}';
        const refused = expectEnvelope(await call('POST', '/notify/v1/templates', { name: 'Bad', subject: '{{#if x}}Hi', htmlContent: bad }), 400);
        assert.deepEqual(errorFields(refused).sort(), ['htmlContent', 'subject']);
        const message = (field: string) => refused.resultObject.errors.find((e: any) => e.field === field).message;
        assert.match(message('htmlContent'), /^is not a valid template: line 3, column \d+: /);
        assert.match(message('subject'), /line 1, column \d+: unexpected end of template/);
        const t = await create({ name: 'Good', subject: 's', htmlContent: '<p>{{ a b }} stays as written, as it always did</p>' });
        const patched = expectEnvelope(await call('PATCH', `/notify/v1/templates/${t.id}`, { textContent: '{{#unknown}}x{{/unknown}}' }), 400);
        assert.deepEqual(errorFields(patched), ['textContent']);
        assert.match(patched.resultObject.errors[0].message, /line 1, column 1: unknown block helper unknown/);
        assert.equal(expectEnvelope(await call('GET', `/notify/v1/templates/${t.id}`), 200).resultObject.textContent, null);
        // The same text in a send's own body, and in the preview, is the same 400.
        assert.deepEqual(errorFields(expectEnvelope(await send({ subject: 's', htmlContent: bad, params: {} }), 400)), ['htmlContent']);
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/notify/v1/templates/render', { subject: 's', htmlContent: bad }), 400)), [
          'htmlContent',
        ]);
      });

      it('Handlebars: a hostile template or variables object is a 400 naming the field, and nothing is sent', async () => {
        const count = async () => expectEnvelope(await call('GET', '/notify/v1/messages'), 200).resultObject.totalCount;
        const before = await count();
        const t = await create({ name: 'Loops', subject: 's', htmlContent: '{{#each a}}{{#each ../a}}{{#each ../../a}}x{{/each}}{{/each}}{{/each}}' });
        const loops = expectEnvelope(await send({ templateId: t.id, params: { a: Array.from({ length: 100 }, (_, i) => i) } }), 400);
        assert.deepEqual(errorFields(loops), ['htmlContent']);
        assert.match(loops.resultObject.errors[0].message, /loops run more than/);
        const big = expectEnvelope(
          await send({ subject: 's', htmlContent: '{{#each a}}{{{ ../s }}}{{/each}}', params: { a: Array.from({ length: 60 }), s: 'x'.repeat(100_000) } }),
          400,
        );
        assert.match(big.resultObject.errors[0].message, /longer than/);
        const proto = expectEnvelope(
          await send({ subject: 's', htmlContent: '<p>{{#with o}}[{{constructor.name}}{{__proto__.x}}]{{/with}}</p>', params: { o: { __proto__: { x: 1 } } } }),
          200,
        ).resultObject;
        assert.equal(String((await composed(proto.id)).html), '<p>[]</p>');
        assert.equal(await count(), before + 1);
      });

      it("partials: {{> name}} is the account's own template of that name, read at every send; another account's is never reached", async () => {
        const footer = await create({ name: 'Shop footer', subject: '-', htmlContent: '<footer>Thanks, {{ name }}</footer>' });
        await create({ name: 'Line', subject: '-', htmlContent: '<li>{{ title }}</li>' });
        // Account b has a template of each name too: a's templates must never render b's.
        await create({ name: 'Shop footer', subject: '-', htmlContent: '<footer>B SECRET</footer>' }, b);
        await create({ name: 'B only', subject: '-', htmlContent: 'B SECRET' }, b);
        const t = await create({
          name: 'With partials',
          subject: 'Order {{ id }}',
          htmlContent: '<ul>{{#each items}}{{> Line}}{{/each}}</ul>{{> "Shop footer"}}',
        });
        assert.deepEqual(t.variables, ['id', 'items']);
        const items = [{ title: 'Tea' }, { title: 'Cups & saucers' }];
        const first = expectEnvelope(await send({ templateId: t.id, params: { id: 1, name: 'Ann', items } }), 200).resultObject;
        assert.equal(String((await composed(first.id)).html), '<ul><li>Tea</li><li>Cups &amp; saucers</li></ul><footer>Thanks, Ann</footer>');
        // Editing the partial changes the next send.
        expectEnvelope(await call('PATCH', `/notify/v1/templates/${footer.id}`, { htmlContent: '<footer>See you, {{ name }}</footer>' }), 200);
        const second = expectEnvelope(await send({ templateId: t.id, params: { id: 2, name: 'Ann', items } }), 200).resultObject;
        assert.match(String((await composed(second.id)).html), /<footer>See you, Ann<\/footer>$/);
        // A send's own body and the preview fill partials the same way.
        const own = expectEnvelope(await send({ subject: 's', htmlContent: '<p>x</p>{{> "Shop footer"}}', params: { name: 'Bo' } }), 200).resultObject;
        assert.equal(String((await composed(own.id)).html), '<p>x</p><footer>See you, Bo</footer>');
        const rendered = expectEnvelope(await call('POST', `/notify/v1/templates/${t.id}/render`, { params: { id: 3, name: 'Cy', items: [] } }), 200);
        assert.equal(rendered.resultObject.htmlContent, '<ul></ul><footer>See you, Cy</footer>');

        // A name the account has no template of (b's included) is a 400 naming line and column, at save and at send.
        const refused = expectEnvelope(await call('POST', '/notify/v1/templates', { name: 'x', subject: 's', htmlContent: '<p>a</p>\n  {{> "B only"}}' }), 400);
        assert.deepEqual(errorFields(refused), ['htmlContent']);
        assert.match(refused.resultObject.errors[0].message, /line 2, column 3: the partial B only is not a template of this account/);
        const sendRefused = expectEnvelope(await send({ subject: 's', htmlContent: '{{> "B only"}}', params: {} }), 400);
        assert.deepEqual(errorFields(sendRefused), ['htmlContent']);
        // Partials naming themselves stop at the depth bound.
        const self = await create({ name: 'Self', subject: '-', htmlContent: 'x' });
        // Saved: the Self it names is still the stored 'x'. Sent, it names itself.
        expectEnvelope(await call('PATCH', `/notify/v1/templates/${self.id}`, { htmlContent: 'x{{> Self}}' }), 200);
        const looped = expectEnvelope(await send({ templateId: self.id, params: {} }), 400);
        assert.deepEqual(errorFields(looped), ['htmlContent']);
        assert.match(looped.resultObject.errors[0].message, /partials name partials more than \d+ deep/);
      });

      it("customFields fill the original service's #key# placeholders", async () => {
        const t = await create({ name: 'C', subject: 'Hello #FIRSTNAME#', htmlContent: '<p>#FIRSTNAME# from #CITY#, colour #fff# stays</p>' });
        const result = expectEnvelope(await send({ templateId: t.id, customFields: { FIRSTNAME: 'Ann', CITY: 'Köln <Mitte>' } }), 200).resultObject;
        const mail = await composed(result.id);
        assert.equal(mail.subject, 'Hello Ann');
        assert.match(String(mail.html), /<p>Ann from Köln &lt;Mitte&gt;, colour #fff# stays<\/p>/);
      });
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`templates rendered and delivered through SMTP [${dialect}]`, () => {
    let relay: RelayedTestApp;
    let sink: SmtpSink;
    let app: TestApp;
    let a: TestAccount;

    before(async () => {
      relay = await startRelayedTestApp(dialect);
      ({ app, sink } = relay);
      a = await app.signUp();
    });
    after(() => relay?.close());

    it('each recipient receives the copy rendered for it, as GET …/raw?recipientId= shows it', async () => {
      const template = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/templates',
          token: a.token,
          body: { name: 'Welcome', subject: 'Welcome {{ name }}', htmlContent: '<p>Welcome {{ name }}</p>', textContent: 'Welcome {{ name }}' },
        }),
        201,
      ).resultObject;
      const result = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: {
            from: { email: a.email },
            templateId: template.id,
            to: [
              { email: 'ann@example.net', params: { name: 'Ann' } },
              { email: 'bob@example.net', params: { name: 'Bob' } },
            ],
          },
        }),
        200,
      ).resultObject;
      for (const [i, name] of ['Ann', 'Bob'].entries()) {
        const email = `${name.toLowerCase()}@example.net`;
        assert.equal((await outcomeOf(app, a, result, email)).state, 'delivered');
        const [received] = messagesTo(sink, email);
        const parsed = await simpleParser(received!.raw);
        assert.equal(parsed.subject, `Welcome ${name}`);
        assert.equal(parsed.text!.trim(), `Welcome ${name}`);
        assert.equal(received!.raw.toString('utf8'), await rawCopy(app, a, result.id, result.recipients[i].id));
      }
    });

    // The three kinds of template: each rendered by the preview and delivered as the preview said.
    const create = async (body: Record<string, unknown>) =>
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/templates', token: a.token, body }), 201).resultObject;
    /** Renders with the sample, sends to `to`, waits for the relay's copy: the preview and the delivered MIME. */
    const renderAndDeliver = async (templateId: string, params: Record<string, unknown>, to: string) => {
      const rendered = expectEnvelope(
        await app.request({ method: 'POST', url: `/notify/v1/templates/${templateId}/render`, token: a.token, body: { params } }),
        200,
      ).resultObject;
      const sent = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: { from: { email: a.email }, to: [{ email: to }], templateId, params },
        }),
        200,
      ).resultObject;
      assert.equal((await outcomeOf(app, a, sent, to)).state, 'delivered');
      const [received] = messagesTo(sink, to);
      assert.ok(received, `the relay received the copy to ${to}`);
      return { rendered, mail: await simpleParser(received.raw), raw: received.raw.toString('utf8') };
    };

    it('a receipt with line items, a conditional discount line and a shared layout, its CSS inlined', async () => {
      const layout = await create({
        name: 'Shop layout',
        subject: '-',
        isLayout: true,
        htmlContent:
          '<html><head><style>.amount { text-align: right; }</style></head><body><h1>{{ shop }}</h1>{{{ body }}}<footer>{{ shop }}</footer></body></html>',
      });
      const receipt = await create({
        name: 'Receipt',
        layoutId: layout.id,
        inlineCss: true,
        subject: 'Your receipt {{ order.id }}',
        htmlContent:
          '<table>{{#each order.items}}<tr><td>{{ qty }} × {{ title }}</td><td class="amount">{{formatCurrency price "EUR" "de-DE"}}</td></tr>{{/each}}' +
          '{{#if order.discount}}<tr><td>Discount</td><td class="amount">-{{formatCurrency order.discount "EUR" "de-DE"}}</td></tr>{{/if}}</table>',
      });
      const items = [
        { qty: 2, title: 'Green tea', price: 3.5 },
        { qty: 1, title: 'Mug & saucer', price: 6.5 },
      ];
      const withDiscount = await renderAndDeliver(receipt.id, { shop: 'Tea & Co', order: { id: 'R-1', items, discount: 1.5 } }, 'receipt1@example.net');
      const cell = '<td class="amount" style="text-align: right;" align="right">';
      const expected =
        `<html><head></head><body><h1>Tea &amp; Co</h1><table><tr><td>2 × Green tea</td>${cell}3,50\u00a0€</td></tr>` +
        `<tr><td>1 × Mug &amp; saucer</td>${cell}6,50\u00a0€</td></tr><tr><td>Discount</td>${cell}-1,50\u00a0€</td></tr></table><footer>Tea &amp; Co</footer></body></html>`;
      assert.equal(withDiscount.rendered.htmlContent, expected);
      assert.equal(withDiscount.mail.subject, 'Your receipt R-1');
      assert.equal(String(withDiscount.mail.html), expected);
      assert.match(String(withDiscount.mail.text), /2 × Green tea\s*3,50\s€[\s\S]*Discount\s*-1,50\s€/);
      assert.match(withDiscount.raw, /^Content-Type: multipart\/alternative/m);
      const without = await renderAndDeliver(receipt.id, { shop: 'Tea & Co', order: { id: 'R-2', items } }, 'receipt2@example.net');
      assert.doesNotMatch(String(without.mail.html), /Discount/);
      assert.equal(String(without.mail.html), without.rendered.htmlContent);
    });

    it('an MJML newsletter', async () => {
      const newsletter = await create({
        name: 'Newsletter',
        subject: 'News for {{ name }}',
        htmlContent:
          '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{ name }}</mj-text><mj-text>{{#each stories}}<p>{{ title }}</p>{{/each}}</mj-text>' +
          '<mj-button href="https://example.com/news">Read more</mj-button></mj-column></mj-section></mj-body></mjml>',
      });
      assert.match(newsletter.mjmlContent, /^<mjml>/);
      const { rendered, mail } = await renderAndDeliver(
        newsletter.id,
        { name: 'Ann', stories: [{ title: 'Spring <teas>' }, { title: 'Hours' }] },
        'news@example.net',
      );
      assert.equal(mail.subject, 'News for Ann');
      const html = String(mail.html);
      assert.equal(html, rendered.htmlContent);
      assert.match(html, /^<!doctype html>/i);
      assert.ok(html.includes('<p>Spring &lt;teas&gt;</p><p>Hours</p>') && html.includes('Hello Ann'), html);
      assert.match(html, /@media only screen and \(min-width:480px\)/, 'the responsive styles MJML writes');
      assert.match(html, /href="https:\/\/example.com\/news"/);
      assert.match(String(mail.text), /Hello Ann[\s\S]*Spring <teas>[\s\S]*Read more/);
    });

    it('a SendGrid-style Handlebars template, with its own text part', async () => {
      const welcome = await create({
        name: 'Welcome (from SendGrid)',
        subject: 'Welcome, {{ user.firstName }}!',
        htmlContent:
          '<p>Hi {{ user.firstName }},</p>{{#if user.premium}}<p>Your premium plan is active.</p>{{else}}<p>You are on the free plan.</p>{{/if}}' +
          '<ul>{{#each links}}<li><a href="{{ url }}">{{ label }}</a></li>{{/each}}</ul>{{#unless user.verified}}<p>Please confirm your address.</p>{{/unless}}',
        textContent: 'Hi {{ user.firstName }},\n{{#each links}}- {{ label }}: {{ url }}\n{{/each}}',
      });
      const params = {
        user: { firstName: 'Ann', premium: false, verified: true },
        links: [
          { label: 'Your account', url: 'https://example.com/account?a=1&b=2' },
          { label: 'Help', url: 'https://example.com/help' },
        ],
      };
      const { rendered, mail } = await renderAndDeliver(welcome.id, params, 'welcome@example.net');
      const html =
        '<p>Hi Ann,</p><p>You are on the free plan.</p><ul><li><a href="https://example.com/account?a=1&amp;b=2">Your account</a></li>' +
        '<li><a href="https://example.com/help">Help</a></li></ul>';
      assert.equal(rendered.htmlContent, html);
      assert.equal(mail.subject, 'Welcome, Ann!');
      assert.equal(String(mail.html), html);
      assert.equal(mail.text, 'Hi Ann,\n- Your account: https://example.com/account?a=1&b=2\n- Help: https://example.com/help\n');
    });
  });
}
