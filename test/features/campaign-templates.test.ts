/**
 * Campaigns in the template engine (campaign-content.ts), on both dialects, delivered
 * through a real SMTP server: a campaign made as before (`placeholders`) is sent exactly as
 * before, braces and all; a `handlebars` campaign fills the contact's fields, its lists and
 * conditions on fields per contact; both carry the recipient's own unsubscribe and
 * web-version links, which work; a handlebars campaign with a syntax error is refused with
 * line and column, and its preview names variables no field answers to.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

for (const dialect of DIALECTS) {
  describe(`campaigns in the template engine [${dialect}]`, () => {
    let app: TestApp;
    let sink: SmtpSink;
    let a: TestAccount;
    let senderId: string;
    let mainList: string;
    let vipList: string;
    const fields: Record<string, string> = {};

    const call = (method: Method, url: string, body?: unknown) => app.request({ method, url, token: a.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200) => expectEnvelope(await call(method, url, body), status).resultObject;
    const add = (list: string, email: string, values: Record<string, string> = {}) =>
      ok('POST', `/inbox/v1/contactlists/${list}/add`, {
        email,
        customFields: Object.entries(values).map(([name, value]) => ({ customFieldId: fields[name], value })),
      });
    const campaignTo = (lists: string[], content: Record<string, unknown>) =>
      call('POST', '/inbox/v1/campaigns/custom', { language: 'en-US', senderAccountId: senderId, listType: 2, lists, ...content });
    const sent = async (id: string) =>
      eventually(
        async () => {
          const c = await ok('GET', `/inbox/v1/campaigns/${id}`);
          return c.status === 3 ? c : undefined;
        },
        20_000,
        'the campaign to end',
      );
    const delivered = async (email: string, subject: string) => {
      const copy = await eventually(
        async () => {
          for (const m of messagesTo(sink, email)) {
            const parsed = await simpleParser(m.raw);
            if (parsed.subject === subject) return parsed;
          }
          return undefined;
        },
        20_000,
        `${subject} to ${email}`,
      );
      return { html: String(copy.html), text: String(copy.text) };
    };
    /** The path of a link of ours in a delivered copy (the test app's base URL in front). */
    const linkPath = (html: string, path: '/u/' | '/w/') => {
      const found = new RegExp(`href="https?://[^"/]+(${path}[A-Za-z0-9_-]+)"`).exec(html);
      assert.ok(found, `a ${path} link in ${html}`);
      return found[1]!;
    };

    before(async () => {
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: { transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false },
      });
      app.runtime.jobRunner!.start();
      a = await app.signUp();
      senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      mainList = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Main' }, 201)).id;
      vipList = (await ok('POST', '/inbox/v1/contactlists', { listName: 'VIP' }, 201)).id;
      fields.Name = (await ok('POST', '/inbox/v1/customfields', { Name: 'First name', Type: 0 }, 201)).id;
      fields.Plan = (await ok('POST', '/inbox/v1/customfields', { Name: 'Plan', Type: 0 }, 201)).id;
      await add(mainList, 'ann@example.com', { Name: 'Ann <3', Plan: 'Pro' });
      await add(vipList, 'ann@example.com');
      await add(mainList, 'bob@example.com', { Name: 'Bob' });
    });
    after(async () => {
      await app.close();
      await sink.close();
    });

    it('a campaign made as before (placeholders) is sent exactly as before: #field# filled, braces as written', async () => {
      const html = '<p>Dear #first_name#, {{ first_name }} {{#if plan}}x{{/if}} #nosuch#</p>';
      const id = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        {
          subject: 'Old style #first_name#',
          htmlContent: html,
          language: 'en-US',
          senderAccountId: senderId,
          listType: 2,
          lists: [mainList],
        },
        201,
      );
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}`)).templateSyntax, 'placeholders');
      await sent(id);
      const ann = await delivered('ann@example.com', 'Old style Ann <3');
      assert.ok(ann.html.includes('<p>Dear Ann &lt;3, {{ first_name }} {{#if plan}}x{{/if}} </p>'), ann.html);
      const bob = await delivered('bob@example.com', 'Old style Bob');
      assert.ok(bob.html.includes('<p>Dear Bob, {{ first_name }} {{#if plan}}x{{/if}} </p>'), bob.html);
    });

    it('a handlebars campaign fills fields, lists and conditions on fields per contact, with working unsubscribe and web-version links', async () => {
      const response = await campaignTo([mainList, vipList], {
        subject: 'Hello {{ fields.first_name }}',
        templateSyntax: 'handlebars',
        trackClicks: true,
        htmlContent: [
          '<p>Hi {{ fields.first_name }} ({{ email }})</p>',
          '{{#if fields.plan}}<p>Your plan: {{ fields.plan }}</p>{{else}}<p>Try Pro!</p>{{/if}}',
          '<ul>{{#each lists}}<li>{{ this }}</li>{{/each}}</ul>',
          '<p><a href="https://shop.example.com/">Shop</a> <a href="{{ webversion_url }}">View online</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
        ].join('\n'),
      });
      const id = expectEnvelope(response, 201).resultObject;
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}`)).templateSyntax, 'handlebars');
      const preview = await ok('GET', `/inbox/v1/campaigns/${id}/preview?email=ann@example.com`);
      assert.equal(preview.subject, 'Hello Ann <3');
      assert.ok(preview.htmlContent.includes('<li>Main</li><li>VIP</li>'), preview.htmlContent);
      assert.deepEqual(preview.unknownPlaceholders, []);
      const done = await sent(id);
      assert.equal(done.totalRecipients, 2, 'ann is on both lists and mailed once');

      const ann = await delivered('ann@example.com', 'Hello Ann <3');
      assert.ok(ann.html.includes('<p>Hi Ann &lt;3 (ann@example.com)</p>'), ann.html);
      assert.ok(ann.html.includes('<p>Your plan: Pro</p>') && !ann.html.includes('Try Pro!'), ann.html);
      assert.ok(ann.html.includes('<ul><li>Main</li><li>VIP</li></ul>'), ann.html);
      const bob = await delivered('bob@example.com', 'Hello Bob');
      assert.ok(bob.html.includes('<p>Try Pro!</p>') && !bob.html.includes('Your plan'), bob.html);
      assert.ok(bob.html.includes('<ul><li>Main</li></ul>'), bob.html);
      assert.ok(!bob.html.includes('postwire-link:'), 'every link mark is filled');
      // The shop link is tracked; the recipient's own links are not click links.
      assert.match(bob.html, /href="https?:\/\/[^"]+\/t\/c\/[A-Za-z0-9_-]+">Shop/);

      // The web version shows Bob's copy, with its unsubscribe link; the link in the mail unsubscribes Bob.
      const page = await app.request({ method: 'GET', url: linkPath(bob.html, '/w/') });
      assert.equal(page.status, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(String(page.headers['content-security-policy']), /sandbox/);
      assert.ok(page.text.includes('<p>Hi Bob (bob@example.com)</p>'), page.text);
      assert.ok(page.text.includes(`href="${linkPath(bob.html, '/u/')}"`), page.text);
      expectEnvelope(await app.request({ method: 'GET', url: `${linkPath(bob.html, '/w/').slice(0, -2)}xx` }), 404);
      const unsubscribe = await app.request({ method: 'POST', url: linkPath(bob.html, '/u/') });
      assert.equal(unsubscribe.status, 200);
      const suppressions = await ok('GET', '/notify/v1/suppressions');
      assert.ok(
        suppressions.items.some((s: any) => s.email === 'bob@example.com' && s.reason === 'unsubscribe'),
        JSON.stringify(suppressions.items),
      );
    });

    it('#unsubscribe# and #webversion# are the recipient links in a placeholders campaign too', async () => {
      const id = expectEnvelope(
        await campaignTo([vipList], { subject: 'Links', htmlContent: '<a href="#webversion#">web</a> <a href="#unsubscribe#">leave</a>' }),
        201,
      ).resultObject;
      await sent(id);
      const ann = await delivered('ann@example.com', 'Links');
      const web = await app.request({ method: 'GET', url: linkPath(ann.html, '/w/') });
      assert.equal(web.status, 200);
      assert.ok(web.text.includes('>web</a>'));
      const page = await app.request({ method: 'GET', url: linkPath(ann.html, '/u/') });
      assert.equal(page.status, 200);
      assert.ok(page.text.includes('Unsubscribe'));
    });

    it('a handlebars campaign that cannot be rendered is refused: line and column, or why', async () => {
      const broken = await campaignTo([mainList], {
        subject: 'S',
        templateSyntax: 'handlebars',
        htmlContent: '<p>Hi</p>\n{{#if fields.plan}}\n<p>Plan</p>',
      });
      expectEnvelope(broken, 400);
      assert.deepEqual(errorFields(broken.json), ['htmlContent']);
      assert.match(JSON.stringify(broken.json), /line \d+, column \d+/);
      const list = await campaignTo([mainList], { subject: 'S', templateSyntax: 'handlebars', htmlContent: '<p>{{#if email}}{{ lists }}{{/if}}</p>' });
      expectEnvelope(list, 400);
      assert.deepEqual(errorFields(list.json), ['htmlContent']);
      const syntax = await campaignTo([mainList], { subject: 'S', templateSyntax: 'jinja', htmlContent: '<p>x</p>' });
      expectEnvelope(syntax, 400);
      assert.ok(
        errorFields(syntax.json).some((f) => f.startsWith('templateSyntax')),
        JSON.stringify(syntax.json),
      );
    });

    it('the preview of a handlebars campaign names the variables no field answers to', async () => {
      const id = expectEnvelope(
        await campaignTo([mainList], {
          subject: '{{ fields.first_name }}',
          templateSyntax: 'handlebars',
          htmlContent: '<p>{{ fields.plann }} {{ nickname }} {{ list_name }}</p>',
          draft: true,
        }),
        201,
      ).resultObject;
      const preview = await ok('GET', `/inbox/v1/campaigns/${id}/preview?email=bob@example.com`);
      assert.deepEqual(preview.unknownPlaceholders, ['fields.plann', 'nickname']);
      // The footer every campaign without its own unsubscribe link gets (campaign-footer.ts).
      assert.equal(
        preview.htmlContent,
        '<p>  Main</p><p style="font-size:12px;color:#666;text-align:center;margin:24px 0 0"><a href="#unsubscribe">Unsubscribe</a></p>',
      );
      assert.equal(preview.subject, 'Bob');
    });
  });
}
