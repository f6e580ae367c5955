/**
 * Sign-up forms: the API (GET /inbox/v1/forms lists id, title, formUrl; create; change
 * what is given; other accounts see nothing) and the hosted page as a browser uses it:
 * the page is plain HTML with no script allowed and may be framed; the form is posted
 * (application/x-www-form-urlencoded) after a person's pause; the confirmation mail goes
 * through the delivery engine (capture transport) and its link, followed once, puts the
 * address on the form's lists and records the consent. Bots are dropped quietly: the
 * honeypot filled, a submission too fast, a replayed or forged token.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { TestClock } from '../helpers/clock.js';

const BASE_URL = 'https://postwire.example.test';
const MIN_FILL_MS = 1000;

for (const dialect of DIALECTS) {
  describe(`marketing sign-up forms [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    /** Moved past the minimum fill time, as a person typing would take it. */
    const clock = new TestClock();

    before(async () => {
      app = await startTestApp(dialect, {
        worker: true,
        clock,
        config: { baseUrl: BASE_URL, formMinFillSeconds: MIN_FILL_MS / 1000, formFrameAncestors: ['https://www.shop.example'] },
      });
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    type Method = 'GET' | 'POST' | 'PATCH';
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await app.request({ method, url, token: account.token, body }), status).resultObject;
    /** A browser: no credential. */
    const browse = (url: string) => app.request({ method: 'GET', url, remoteAddress: '203.0.113.7' });
    const post = (url: string, fields: Record<string, string>) =>
      app.request({
        method: 'POST',
        url,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '203.0.113.7',
      });
    const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? assert.fail(`no token in ${html}`);
    const pathOf = (formUrl: string) => formUrl.slice(BASE_URL.length);

    /** The confirmation messages to `email` in the account's message log, each with its link path. */
    async function confirmations(email: string, account = a): Promise<string[]> {
      const messages = (await ok('GET', '/notify/v1/messages?pageSize=100', undefined, 200, account)).items.filter((m: any) =>
        JSON.stringify(m).includes(email),
      );
      const links: string[] = [];
      for (const m of messages) {
        const raw = await app.request({ method: 'GET', url: `/notify/v1/messages/${m.id}/raw`, token: account.token });
        if (raw.status !== 200) continue;
        const parsed = await simpleParser(raw.text);
        const link = /https:\/\/postwire\.example\.test(\/inbox\/forms\/[0-9a-f]{24}\/confirm\?s=[0-9a-f]{24}&sig=[A-Za-z0-9_-]+)/.exec(parsed.text ?? '')?.[1];
        if (link) links.push(link);
      }
      return links;
    }

    it('create, list, change; formUrl is the hosted page; other accounts see nothing', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Newsletter' }, 201)).id;
      const form = await ok('POST', '/inbox/v1/forms', { title: 'Our newsletter', listIds: [list] }, 201);
      assert.match(form.id, /^[0-9a-f]{24}$/);
      assert.equal(form.formUrl, `${BASE_URL}/inbox/forms/${form.id}`);
      const listed = await ok('GET', '/inbox/v1/forms');
      assert.equal(listed.totalCount, 1);
      assert.deepEqual(
        listed.items.map((f: any) => [f.id, f.title, f.formUrl]),
        [[form.id, 'Our newsletter', form.formUrl]],
      );
      const changed = await ok('PATCH', `/inbox/v1/forms/${form.id}`, { title: 'Weekly news' });
      assert.deepEqual([changed.title, changed.listIds], ['Weekly news', [list]], 'what is not given stays');
      assert.equal((await ok('GET', '/inbox/v1/forms', undefined, 200, b)).totalCount, 0);
      expectEnvelope(await app.request({ method: 'GET', url: `/inbox/v1/forms/${form.id}`, token: b.token }), 404);
      expectEnvelope(await app.request({ method: 'PATCH', url: `/inbox/v1/forms/${form.id}`, token: b.token, body: { title: 'x' } }), 404);
      const theirList = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Theirs' }, 201, b)).id;
      const refused = expectEnvelope(
        await app.request({ method: 'POST', url: '/inbox/v1/forms', token: a.token, body: { title: 'x', listIds: [theirList] } }),
        404,
      );
      assert.match(refused.resultMessage, /listIds/);
      expectEnvelope(await app.request({ method: 'POST', url: '/inbox/v1/forms', token: a.token, body: { title: 'x' } }), 400);
    });

    it("fromEmail must be one of the account's senders at create and change: 400 naming it, another account's sender too", async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'From checks' }, 201)).id;
      const refused = async (method: 'POST' | 'PATCH', url: string, fromEmail: string) => {
        const body = expectEnvelope(await app.request({ method, url, token: a.token, body: { title: 'From', listIds: [list], fromEmail } }), 400);
        assert.deepEqual(
          body.resultObject.errors.map((e: { field: string }) => e.field),
          ['fromEmail'],
        );
        assert.match(body.resultObject.errors[0].message, /is not one of this account's senders/);
        return body;
      };
      await refused('POST', '/inbox/v1/forms', 'nobody@unknown.example');
      await refused('POST', '/inbox/v1/forms', b.email);
      assert.equal((await ok('GET', '/inbox/v1/forms')).items.filter((f: any) => f.title === 'From').length, 0, 'nothing was created');
      const form = await ok('POST', '/inbox/v1/forms', { title: 'From', listIds: [list], fromEmail: a.email }, 201);
      assert.equal(form.fromEmail, a.email);
      await refused('PATCH', `/inbox/v1/forms/${form.id}`, b.email);
      assert.equal((await ok('GET', `/inbox/v1/forms/${form.id}`)).fromEmail, a.email, 'a refused change leaves the form as it was');
      const cleared = await ok('PATCH', `/inbox/v1/forms/${form.id}`, { fromEmail: '' });
      assert.equal(cleared.fromEmail, '', "'' goes back to the account's first sender");
    });

    it('the page, submitted as a browser does, then the double opt-in link: subscribed, consent recorded', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Signups' }, 201)).id;
      const form = await ok('POST', '/inbox/v1/forms', { title: 'Sign up', listIds: [list] }, 201);
      const page = await browse(pathOf(form.formUrl));
      assert.equal(page.status, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /default-src 'none'/);
      assert.doesNotMatch(csp, /script-src/, 'no script may run');
      assert.match(csp, /frame-ancestors https:\/\/www\.shop\.example/);
      assert.doesNotMatch(page.text, /<script/i);
      assert.match(page.text, /<form method="post">/);

      clock.advance(MIN_FILL_MS + 100);
      const sent = await post(pathOf(form.formUrl), { email: 'Reader@Example.net', website: '', token: tokenOf(page.text) });
      assert.equal(sent.status, 200);
      assert.match(sent.text, /Check your inbox/);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 0, 'nobody subscribed before confirming');

      const [link] = await eventually(
        async () => {
          const found = await confirmations('Reader@Example.net');
          return found.length ? found : undefined;
        },
        20_000,
        'the confirmation message',
      );
      const confirmed = await browse(link!);
      assert.equal(confirmed.status, 200);
      assert.match(confirmed.text, /You are subscribed/);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 1);
      const contact = (await ok('GET', `/inbox/v1/contacts?listId=${list}`)).items[0];
      assert.equal(contact.email.toLowerCase(), 'reader@example.net');
      const consents = await ok('GET', `/inbox/v1/contacts/${contact.id}/consents`);
      assert.equal(consents.length, 1);
      assert.equal(consents[0].source, `form:${form.id}`);
      assert.equal(consents[0].ip, '203.0.113.7');
      assert.ok(Date.parse(consents[0].confirmTime) >= Date.parse(consents[0].consentTime));
      // Another account has no such contact.
      expectEnvelope(await app.request({ method: 'GET', url: `/inbox/v1/contacts/${contact.id}/consents`, token: b.token }), 404);

      const again = await browse(link!);
      assert.match(again.text, /Already confirmed/);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 1);
      assert.equal((await browse(link!.replace(/sig=.*/, 'sig=forged'))).status, 404);
    });

    it('an erased address that signs up again is neither stored nor mailed, and sees the same page as anyone', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Erased' }, 201)).id;
      const form = await ok('POST', '/inbox/v1/forms', { title: 'Erased', listIds: [list] }, 201);
      await ok('POST', '/account/privacy/erase', { email: 'gone@example.net' });
      const page = await browse(pathOf(form.formUrl));
      clock.advance(MIN_FILL_MS + 100);
      const sent = await post(pathOf(form.formUrl), { email: 'Gone@Example.net', website: '', token: tokenOf(page.text) });
      assert.equal(sent.status, 200);
      assert.match(sent.text, /Check your inbox/);
      const db = app.runtime.services.handle.db;
      const signups = await db.selectFrom('form_signups').select('email').where('form_id', '=', form.id).execute();
      assert.deepEqual(signups, [], 'no sign-up row keeps the address');
      const messages = await db.selectFrom('message_recipients').select('email').where('account_id', '=', a.accountId).execute();
      assert.ok(!messages.some((m) => m.email.toLowerCase() === 'gone@example.net'), 'no confirmation mail was written');
    });

    it('bots are dropped quietly: honeypot, too fast, replayed or forged token; a bad address is shown again', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Bots' }, 201)).id;
      const form = await ok('POST', '/inbox/v1/forms', { title: 'Bots welcome', listIds: [list] }, 201);
      const path = pathOf(form.formUrl);

      const fast = await post(path, { email: 'fast@bots.example.net', token: tokenOf((await browse(path)).text) });
      assert.match(fast.text, /Check your inbox/, 'a bot sees what a person sees');
      const honeyToken = tokenOf((await browse(path)).text);
      const usedToken = tokenOf((await browse(path)).text);
      clock.advance(MIN_FILL_MS + 100);
      assert.match((await post(path, { email: 'honey@bots.example.net', website: 'https://spam.example', token: honeyToken })).text, /Check your inbox/);
      assert.match((await post(path, { email: 'forged@bots.example.net', token: `${Date.now() - 5000}.abc.def` })).text, /Check your inbox/);
      const bad = await post(path, { email: 'not an address', token: usedToken });
      assert.equal(bad.status, 400);
      assert.match(bad.text, /The email address/);
      assert.match((await post(path, { email: 'first@bots.example.net', token: usedToken })).text, /Check your inbox/);
      assert.match((await post(path, { email: 'replay@bots.example.net', token: usedToken })).text, /Check your inbox/);

      await eventually(async () => ((await confirmations('first@bots.example.net')).length ? true : undefined), 20_000, 'the one real sign-up mailed');
      for (const email of ['fast@', 'honey@', 'forged@', 'replay@'])
        assert.deepEqual(await confirmations(`${email}bots.example.net`), [], `${email} got no mail`);
      assert.equal((await browse('/inbox/forms/000000000000000000000000')).status, 404);
    });
  });
}

/**
 * The limits on confirmation mails, with the pause before submitting switched off
 * (FORM_MIN_FILL_SECONDS=0) and no per-IP limit on the form's POST (rate-limit.test.ts
 * covers that one), so only these can hold a mail back: one per form and address in the
 * window, FORM_CONFIRMATIONS_PER_ADDRESS and FORM_CONFIRMATIONS_PER_FORM.
 */
for (const dialect of DIALECTS) {
  describe(`sign-up form confirmation limits [${dialect}]`, () => {
    const PER_ADDRESS = 3;
    const PER_FORM = 4;
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    before(async () => {
      app = await startTestApp(dialect, {
        config: {
          baseUrl: BASE_URL,
          formMinFillSeconds: 0,
          formSubmissionsPerIpPerMinute: 0,
          formConfirmationsPerAddress: PER_ADDRESS,
          formConfirmationsPerForm: PER_FORM,
        },
      });
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    const ok = async (method: 'GET' | 'POST', url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await app.request({ method, url, token: account.token, body }), status).resultObject;
    async function newForm(account = a): Promise<string> {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: `List ${Math.random()}` }, 201, account)).id;
      const form = await ok('POST', '/inbox/v1/forms', { title: 'Our news', listIds: [list] }, 201, account);
      return new URL(form.formUrl).pathname;
    }
    const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? assert.fail(`no token in ${html}`);
    const pageToken = async (path: string) => tokenOf((await app.request({ method: 'GET', url: path, remoteAddress: '198.51.100.9' })).text);
    const submit = (path: string, email: string, token: string) =>
      app.request({
        method: 'POST',
        url: path,
        payload: new URLSearchParams({ email, website: '', token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '198.51.100.9',
      });
    /** A visitor filling in the page once. */
    const signUpOnce = async (path: string, email: string) => submit(path, email, await pageToken(path));
    /** Confirmation mails queued to `email` in the account's message log. */
    const mailsTo = async (email: string, account = a) =>
      (await ok('GET', `/notify/v1/messages?recipient=${encodeURIComponent(email)}&pageSize=100`, undefined, 200, account)).totalCount;

    it('150 submissions for one address at once: every one gets the same page, and exactly one confirmation mail is queued', async () => {
      const path = await newForm();
      const tokens: string[] = [];
      for (let i = 0; i < 150; i++) tokens.push(await pageToken(path));
      // The same address however it is spelled: case and spaces.
      const spellings = ['victim@example.net', 'Victim@Example.NET', ' victim@example.net '];
      const answers = await Promise.all(tokens.map((token, i) => submit(path, spellings[i % spellings.length]!, token)));
      const first = answers[0]!;
      assert.equal(first.status, 200);
      assert.match(first.text, /Check your inbox/);
      for (const answer of answers) assert.deepEqual([answer.status, answer.text], [first.status, first.text], 'every submission sees the same page');
      assert.equal(await mailsTo('victim@example.net'), 1, 'one confirmation mail');
      // A while later (within the window) it is still the one.
      assert.equal((await signUpOnce(path, 'victim@example.net')).text, first.text);
      assert.equal(await mailsTo('victim@example.net'), 1);
    });

    it('the page after a submission is the same whether the address is new, known, pending or held back by a limit', async () => {
      const path = await newForm();
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Known' }, 201)).id;
      await ok('POST', `/inbox/v1/contactlists/${list}/add`, { email: 'known@example.net' });
      const fresh = await signUpOnce(path, 'fresh@example.net');
      const known = await signUpOnce(path, 'known@example.net');
      const pending = await signUpOnce(path, 'fresh@example.net');
      // Held back by the per-address limit: mailed by PER_ADDRESS other forms (another account's among them) first.
      for (let i = 0; i < PER_ADDRESS; i++) await signUpOnce(await newForm(i % 2 ? a : b), 'busy@example.net');
      const limited = await signUpOnce(path, 'busy@example.net');
      assert.equal(fresh.status, 200);
      assert.match(fresh.text, /Check your inbox/);
      for (const [what, answer] of Object.entries({ known, pending, limited })) {
        assert.equal(answer.status, fresh.status, what);
        assert.equal(answer.text, fresh.text, what);
        assert.deepEqual([answer.headers['content-type'], answer.headers['retry-after']], [fresh.headers['content-type'], fresh.headers['retry-after']], what);
      }
      assert.equal(await mailsTo('fresh@example.net'), 1, 'pending: no second mail');
      assert.equal(await mailsTo('known@example.net'), 1, 'a known address is mailed like any other');
      assert.equal((await mailsTo('busy@example.net', a)) + (await mailsTo('busy@example.net', b)), PER_ADDRESS, 'no mail past the per-address limit');
    });

    it('a form whose sender was deleted shows every visitor the same "paused" page, 503, and holds or counts nothing against them once it can send again', async () => {
      const sender = await ok('POST', '/notify/v1/senders', { email: `news.${a.accountId}@example.com` }, 201);
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Paused' }, 201)).id;
      const form = await ok('POST', '/inbox/v1/forms', { title: 'Paused', listIds: [list], fromEmail: sender.email }, 201);
      const path = new URL(form.formUrl).pathname;
      expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/senders/${sender.id}`, token: a.token }), 200);
      // More tries while paused than the per-address limit allows mails: none of them was a mail.
      const answers = [await signUpOnce(path, 'other@example.net')];
      for (let i = 0; i <= PER_ADDRESS; i++) answers.push(await signUpOnce(path, 'patient@example.net'));
      for (const answer of answers) {
        assert.equal(answer.status, 503);
        assert.match(String(answer.headers['content-type']), /^text\/html/);
        assert.match(answer.text, /Sign-ups are paused/);
        assert.equal(answer.text, answers[0]!.text, 'the same page for every address');
      }
      expectEnvelope(await app.request({ method: 'PATCH', url: `/inbox/v1/forms/${form.id}`, token: a.token, body: { fromEmail: a.email } }), 200);
      assert.match((await signUpOnce(path, 'patient@example.net')).text, /Check your inbox/);
      assert.equal(await mailsTo('patient@example.net'), 1, 'the failed attempts left no pending hold and spent no count');
    });

    it('once the confirmation link is followed, nothing is pending: the address may sign up again at once', async () => {
      const path = await newForm();
      await signUpOnce(path, 'again@example.net');
      const [message] = (await ok('GET', '/notify/v1/messages?recipient=again@example.net')).items;
      const { html_content: html } = await app.runtime.services.handle.db
        .selectFrom('messages')
        .select('html_content')
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow();
      const link = /href="https:\/\/postwire\.example\.test([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
      assert.match((await app.request({ method: 'GET', url: link })).text, /You are subscribed/);
      await signUpOnce(path, 'again@example.net');
      assert.equal(await mailsTo('again@example.net'), 2);
    });

    it('counters long past their window are deleted when a form opens a new window', async () => {
      const db = app.runtime.services.handle.db;
      const key = 'address:"long-gone@example.net"';
      await db
        .insertInto('form_confirmation_counters')
        .values({ key, window_ends_at: Date.now() - 3 * 3_600_000, count: 1 })
        .execute();
      await signUpOnce(await newForm(), 'opens-a-window@example.net');
      assert.deepEqual(await db.selectFrom('form_confirmation_counters').select('key').where('key', '=', key).execute(), []);
    });

    it('a form sends at most FORM_CONFIRMATIONS_PER_FORM mails per window; the others get the same page and nothing', async () => {
      const path = await newForm(b);
      const answers = [];
      for (let i = 0; i <= PER_FORM + 1; i++) answers.push(await signUpOnce(path, `reader${i}@form-limit.example`));
      for (const answer of answers) assert.deepEqual([answer.status, answer.text], [answers[0]!.status, answers[0]!.text]);
      let mailed = 0;
      for (let i = 0; i <= PER_FORM + 1; i++) mailed += await mailsTo(`reader${i}@form-limit.example`, b);
      assert.equal(mailed, PER_FORM);
    });
  });
}
