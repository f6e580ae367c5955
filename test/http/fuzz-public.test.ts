/**
 * A seeded fuzzer over the public pages no credential guards, which fuzz.test.ts does not
 * reach (the form pages are not in the OpenAPI document, and there every token is forged):
 * the sign-up pages of forms (the page, its POST, the confirmation link) and the tracking
 * endpoints (open pixel, click redirect, unsubscribe page and POST). It starts from genuine
 * values, a form's page tokens, a real confirmation link and the tracking tokens of a
 * delivered message, and sends them mutated, truncated, swapped between kinds, in odd
 * content types and broken encodings, with huge and odd strings and junk query strings,
 * from several client addresses (so the per-IP limit of the form's POST answers too).
 *
 * No answer may be a 5xx; a redirect may come only from a genuine click token, and only to
 * the URL that link had; JSON answers are the envelope; every HTML page carries its
 * Content-Security-Policy. Afterwards the server is healthy, no prototype changed, and a
 * visitor signing up, a click and an unsubscribe still work.
 *
 * Reproducible: FUZZ_SEED=<n> replays a run, FUZZ_REQUESTS=<n> sets its size. A failure
 * names the seed and the exact request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import {
  assertEnvelopeText,
  assertPrototypesUnchanged,
  describeRequest,
  encode,
  type FuzzRequest,
  hostileValue,
  prototypeNames,
  type Random,
} from '../helpers/fuzz-values.js';
import { seededRandom } from '../helpers/seeded-random.js';

const SEED = Number(process.env.FUZZ_SEED ?? 2_711_2026);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);

const HTML =
  '<p>Hello</p><a href="https://shop.example.com/orders?id=1&amp;ref=mail">Order</a> ' +
  '<a href="https://example.org/caf\u00e9?q=a b">Caf\u00e9</a> <a href="http://example.net/p#frag">Frag</a> <a href="mailto:x@example.com">Mail</a>';

/** Clients: loopback is exempt from the per-IP limits, the others meet the form POST's. */
const CLIENTS = ['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1', '203.0.113.9', '198.51.100.23', '2001:db8::7', '::ffff:192.0.2.1'];

const ADDRESSES = [
  'reader@example.net',
  'Reader@Example.NET',
  ' reader@example.net ',
  'user+tag@example.com',
  'x@xn--bcher-kva.example',
  'b\u00fccher@example.net',
  'x@b\u00fccher.example',
  '"quoted"@example.com',
  'a@[127.0.0.1]',
  'a@-bad-.example',
  'a@b',
  '@example.net',
  'reader@example.net\r\nBcc: victim@example.org',
  `${'x'.repeat(64)}@example.net`,
  `${'x'.repeat(65)}@example.net`,
  `x@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example`,
];

/** A value as the server will read it (`text`, undefined when the URL cannot be decoded) and as it is written in the URL. */
interface Segment {
  text: string | undefined;
  path: string;
}

const plain = (text: string): Segment => ({ text, path: encode(text) });

/** Base64url characters, for changing a token by one of them. */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A token near a genuine one, another kind's, or nothing like one. */
function tokenLike(genuine: string, others: string[], random: Random): Segment {
  const at = random.int(genuine.length);
  const choices: (() => Segment)[] = [
    () => plain(genuine),
    () => plain(random.pick(others)),
    () => plain(genuine.slice(0, at) + random.pick([...B64]) + genuine.slice(at + 1)),
    () => plain(genuine.slice(0, at)),
    () => plain(genuine + random.pick(['A', '=', '==', '.', 'AAAA'])),
    // The last character's unused bits set: the same bytes, another spelling.
    () => plain(genuine.slice(0, -1) + B64[(B64.indexOf(genuine.at(-1)!) + 1) % 64]),
    () => plain(genuine.toUpperCase()),
    () => plain(Buffer.from(genuine, 'base64url').toString('base64')),
    // Each character percent-encoded: the server decodes it back to the genuine token.
    () => ({ text: genuine, path: [...genuine].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('') }),
    () => plain(String(hostileValue(random))),
    () => ({ text: undefined, path: random.pick(['%zz', '%E0%A4%A', '%', '%00', '%C0%AF']) }),
    () => plain('a'.repeat(random.pick([64, 65, 101, 5000]))),
  ];
  return random.pick(choices)();
}

/** Sometimes a query string nobody asked for. */
function junkQuery(random: Random): string {
  if (random.chance(0.6)) return '';
  const pairs = [
    'url=https%3A%2F%2Fevil.example%2F',
    'redirect=//evil.example',
    'next=javascript:alert(1)',
    's=0193a5b2c4d1e2f3a4b5c6d7&s=1',
    'sig[]=1',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    '%zz=%',
    `a=${encode(String(hostileValue(random)))}`,
    `x=${'y'.repeat(5000)}`,
  ];
  return `?${Array.from({ length: 1 + random.int(3) }, () => random.pick(pairs)).join('&')}`;
}

/** Form fields flattened to pairs; repeated and bracketed keys are what browsers and bots send too. */
function signupFields(random: Random, token: string | undefined, others: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  const value = () => (random.chance(0.7) ? random.pick(ADDRESSES) : String(hostileValue(random)));
  if (random.chance(0.9)) pairs.push(['email', value()]);
  if (random.chance(0.8)) pairs.push(['website', random.chance(0.85) ? '' : String(hostileValue(random))]);
  if (token !== undefined && random.chance(0.9)) {
    const t = tokenLike(token, others, random);
    pairs.push(['token', random.chance(0.7) ? token : (t.text ?? '%zz')]);
  }
  if (random.chance(0.15))
    pairs.push([random.pick(['__proto__[polluted]', 'constructor[prototype][polluted]', 'email[]', 'email[0]', 'token[a]', 'email', 'extra']), value()]);
  return pairs;
}

function multipart(pairs: [string, string][], boundary: string): string {
  return `${pairs.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')}--${boundary}--\r\n`;
}

/** A body for a public POST: the fields in one of the encodings a page can send, or a broken one. */
function bodyOf(random: Random, pairs: [string, string][]): { payload: string | Buffer; headers: Record<string, string> } {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const roll = random.next();
  if (roll < 0.55) return { payload: new URLSearchParams(pairs).toString(), headers: form };
  if (roll < 0.65) return { payload: JSON.stringify(Object.fromEntries(pairs)), headers: { 'content-type': 'application/json' } };
  if (roll < 0.72) return { payload: multipart(pairs, 'b0undary'), headers: { 'content-type': 'multipart/form-data; boundary=b0undary' } };
  const text = new URLSearchParams(pairs).toString();
  const broken: (() => { payload: string | Buffer; headers: Record<string, string> })[] = [
    () => ({ payload: '%zz=%&&==', headers: form }),
    () => ({ payload: Buffer.concat([Buffer.from('email='), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(`&${text}`)]), headers: form }),
    () => ({ payload: text, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16' } }),
    () => ({ payload: text, headers: { 'content-type': 'text/plain' } }),
    () => ({ payload: '<email>x@example.net</email>', headers: { 'content-type': 'application/xml' } }),
    () => ({ payload: text, headers: {} }),
    () => ({ payload: `email=${'a'.repeat(random.pick([1001, 300_000]))}@example.net`, headers: form }),
    () => ({ payload: '', headers: form }),
    () => ({ payload: '{"email":', headers: { 'content-type': 'application/json' } }),
    () => ({ payload: '{"email":"x@example.net"}', headers: form }),
    () => ({ payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01]), headers: { ...form, 'content-encoding': 'gzip' } }),
    () => ({ payload: multipart(pairs, 'b').slice(0, 40), headers: { 'content-type': 'multipart/form-data; boundary=b' } }),
    () => ({ payload: 'x', headers: { 'content-type': 'multipart/form-data' } }),
    () => ({
      payload: `--b\r\nContent-Disposition: form-data; name="email"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx@example.net\r\n--b--\r\n`,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    }),
    () => ({ payload: JSON.stringify({ email: hostileValue(random), token: hostileValue(random) }), headers: { 'content-type': 'application/json' } }),
    () => ({ payload: 'List-Unsubscribe=One-Click', headers: form }),
  ];
  return random.pick(broken)();
}

interface Genuine {
  /** Paths of the two forms' pages (accounts a and b). */
  forms: string[];
  confirmLink: string;
  opens: string[];
  clicks: string[];
  unsubscribes: string[];
  /** Where each genuine click token leads (its Location). */
  clickLocation: Map<string, string>;
}

for (const dialect of DIALECTS) {
  describe(`fuzzing the public pages: forms and tracking [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let genuine: Genuine;

    const inject = (request: FuzzRequest & { remoteAddress?: string }) =>
      app.runtime.app!.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
        ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
      });
    const pageToken = async (path: string) => /name="token" value="([^"]+)"/.exec((await inject({ method: 'GET', url: path, headers: {} })).body)?.[1];

    /** Every copy the capture transport holds for the account's recipients of `messageId`, parsed. */
    async function copiesOf(messageId: string) {
      const db = app.runtime.services.handle.db;
      const rows = await db
        .selectFrom('captured_emails as c')
        .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
        .select('c.raw')
        .where('r.message_id', '=', messageId)
        .execute();
      return Promise.all(rows.map(async (row) => ({ raw: row.raw, parsed: await simpleParser(row.raw) })));
    }

    async function send(account: TestAccount, to: string[], options: Record<string, unknown>): Promise<string> {
      const body = { from: { email: account.email }, to: to.map((email) => ({ email })), subject: 'Fuzz', htmlContent: HTML, ...options };
      return expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: account.token, body }), 200).resultObject.id;
    }

    before(async () => {
      app = await startTestApp(dialect, { worker: true, config: { formMinFillSeconds: 0 } });
      a = await app.signUp();
      const b = await app.signUp();
      const forms: string[] = [];
      for (const account of [a, b]) {
        const ok = async (url: string, body: unknown) =>
          expectEnvelope(await app.request({ method: 'POST', url, token: account.token, body }), 201).resultObject;
        const list = (await ok('/inbox/v1/contactlists', { listName: 'Fuzzed' })).id;
        forms.push(new URL((await ok('/inbox/v1/forms', { title: 'Fuzzed <b>form</b>', listIds: [list] })).formUrl).pathname);
      }
      // A real sign-up, for a real confirmation link.
      const signup = await inject({
        method: 'POST',
        url: forms[0]!,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: 'first@example.net', website: '', token: (await pageToken(forms[0]!))! }).toString(),
      });
      assert.match(signup.body, /Check your inbox/);
      const messageOf = async (email: string) =>
        expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages?recipient=${email}`, token: a.token }), 200).resultObject.items[0]?.id;
      const confirmation = await eventually(messageOf.bind(null, 'first@example.net'), 10_000, 'the confirmation message');
      const [mail] = await eventually(async () => ((await copiesOf(confirmation)).length ? copiesOf(confirmation) : undefined), 20_000, 'its copy');
      const confirmLink = /(\/inbox\/forms\/[0-9a-f]{24}\/confirm\?s=[0-9a-f]{24}&sig=[A-Za-z0-9_-]+)/.exec(mail!.parsed.text ?? '')?.[1];
      assert.ok(confirmLink, 'a confirmation link');

      // A tracked message to two recipients: their pixels, clicks and unsubscribe links.
      const tracked = await send(a, ['one@example.net', 'two@example.net'], { trackOpens: true, trackClicks: true, listUnsubscribe: true });
      const copies = await eventually(
        async () => {
          const found = await copiesOf(tracked);
          return found.length === 2 ? found : undefined;
        },
        20_000,
        'the tracked copies',
      );
      const tokensIn = (text: string, path: RegExp) => [...text.matchAll(path)].map((m) => m[1]!);
      const html = copies.map((c) => String(c.parsed.html)).join(' ');
      const head = copies.map((c) => c.raw.slice(0, c.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ')).join('\n');
      genuine = {
        forms,
        confirmLink,
        opens: tokensIn(html, /\/t\/o\/([A-Za-z0-9_-]+)/g),
        clicks: tokensIn(html, /\/t\/c\/([A-Za-z0-9_-]+)/g),
        unsubscribes: tokensIn(head, /\/u\/([A-Za-z0-9_-]+)/g),
        clickLocation: new Map(),
      };
      assert.deepEqual([genuine.opens.length, genuine.unsubscribes.length], [2, 2]);
      assert.ok(genuine.clicks.length >= 4, `click tokens: ${genuine.clicks.length}`);
      for (const token of genuine.clicks) {
        const click = await inject({ method: 'GET', url: `/t/c/${token}`, headers: {} });
        assert.equal(click.statusCode, 302);
        genuine.clickLocation.set(token, String(click.headers.location));
      }
    });
    after(() => app.close());

    it(`answers ${REQUESTS} hostile requests to the form and tracking pages (seed ${SEED}) with no 5xx and no foreign redirect, and stays healthy`, async () => {
      const random = seededRandom(SEED);
      const allTokens = [...genuine.opens, ...genuine.clicks, ...genuine.unsubscribes];
      const formIds = genuine.forms.map((path) => path.split('/').pop()!);
      const confirm = new URL(genuine.confirmLink, 'http://x');
      const statuses = new Map<number, number>();
      const prototypes = prototypeNames();
      /** The form id in a path: one of the two, changed a little, or junk. */
      const formSegment = (): Segment => {
        const id = random.pick(formIds);
        if (random.chance(0.6)) return plain(id);
        return tokenLike(id, [...formIds, '0193a5b2c4d1e2f3a4b5c6d7', id.toUpperCase(), `${id}0`], random);
      };

      for (let i = 0; i < REQUESTS; i++) {
        const surface = random.pick(['form', 'form', 'post', 'post', 'post', 'confirm', 'open', 'click', 'click', 'unsubscribe', 'unsubscribe'] as const);
        const request: FuzzRequest & { remoteAddress?: string } = { method: 'GET', url: '', headers: {}, remoteAddress: random.pick(CLIENTS) };
        let token: Segment | undefined;
        if (surface === 'form') {
          request.method = random.pick(['GET', 'GET', 'HEAD', 'PUT', 'DELETE']);
          request.url = `/inbox/forms/${formSegment().path}${junkQuery(random)}`;
        } else if (surface === 'post') {
          const form = formSegment();
          // Most posts carry a fresh page token of a real form, so they reach the service and the send path.
          const fresh = random.chance(0.5) ? await pageToken(`/inbox/forms/${random.pick(formIds)}`) : undefined;
          const body = bodyOf(random, signupFields(random, fresh ?? `${Date.now()}.bm9uY2U.c2ln`, allTokens));
          Object.assign(request, { method: 'POST', url: `/inbox/forms/${form.path}${junkQuery(random)}`, payload: body.payload });
          Object.assign(request.headers, body.headers);
        } else if (surface === 'confirm') {
          const params = new URLSearchParams(confirm.search);
          for (const name of ['s', 'sig']) {
            const roll = random.next();
            if (roll < 0.15) params.delete(name);
            else if (roll < 0.6) params.set(name, tokenLike(params.get(name)!, allTokens, random).text ?? '%zz');
            else if (roll < 0.7) params.append(name, 'again');
          }
          request.url = `/inbox/forms/${formSegment().path}/confirm?${params.toString()}${junkQuery(random).replace('?', '&')}`;
        } else {
          const own = surface === 'open' ? genuine.opens : surface === 'click' ? genuine.clicks : genuine.unsubscribes;
          token = tokenLike(random.pick(own), allTokens, random);
          const prefix = surface === 'open' ? '/t/o/' : surface === 'click' ? '/t/c/' : '/u/';
          request.method = surface === 'unsubscribe' ? random.pick(['GET', 'HEAD', 'POST', 'POST']) : random.pick(['GET', 'GET', 'HEAD', 'POST']);
          request.url = `${prefix}${token.path}${junkQuery(random)}`;
          if (random.chance(0.3))
            request.headers['user-agent'] = String(hostileValue(random))
              .replace(/[^\t\x20-\x7e]/g, '?')
              .slice(0, 2000);
          if (request.method === 'POST') {
            const body = bodyOf(
              random,
              random.chance(0.5) ? [['List-Unsubscribe', 'One-Click']] : [['via', random.pick(['page', '', String(hostileValue(random))])]],
            );
            request.payload = body.payload;
            Object.assign(request.headers, body.headers);
          }
        }

        const response = await inject(request);
        const where = `seed ${SEED}, request ${i} (replay with FUZZ_SEED=${SEED}) from ${request.remoteAddress}:\n${describeRequest(request)}\n→ ${response.statusCode} ${JSON.stringify(response.headers)} ${response.body.slice(0, 300)}`;
        assert.ok(response.statusCode < 500, `a 5xx answer at ${where}`);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 300 && response.statusCode < 400) {
          assert.equal(surface, 'click', `a redirect from a page that never redirects at ${where}`);
          const location = genuine.clickLocation.get(token?.text ?? '');
          assert.ok(location !== undefined, `a redirect from a token that is not a genuine click token at ${where}`);
          assert.equal(response.headers.location, location, `a redirect to a URL its token does not name at ${where}`);
        }
        const type = String(response.headers['content-type'] ?? '');
        // A HEAD answer has the headers of the GET and no body.
        if (/^application\/json/.test(type) && request.method !== 'HEAD') {
          assertEnvelopeText(response.body, response.statusCode, where);
        }
        if (/^text\/html/.test(type)) assert.match(String(response.headers['content-security-policy']), /default-src 'none'/, `no policy at ${where}`);
      }

      // The run reached the pages, not only the validators.
      const served = [...statuses].filter(([status]) => status < 400).reduce((sum, [, n]) => sum + n, 0);
      assert.ok(served > REQUESTS / 5, `only ${served} of ${REQUESTS} requests were served: ${JSON.stringify([...statuses])}`);
      assertPrototypesUnchanged(prototypes, SEED);

      // Healthy: ready, and a visitor, a click and an unsubscribe still work.
      expectEnvelope(await app.request({ method: 'GET', url: '/readyz' }), 200);
      const signup = await inject({
        method: 'POST',
        url: genuine.forms[1]!,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: 'after.the.fuzz@example.net', website: '', token: (await pageToken(genuine.forms[1]!))! }).toString(),
      });
      assert.equal(signup.statusCode, 200);
      assert.match(signup.body, /Check your inbox/);
      const click = await inject({ method: 'GET', url: `/t/c/${genuine.clicks[0]}`, headers: {} });
      assert.deepEqual([click.statusCode, click.headers.location], [302, genuine.clickLocation.get(genuine.clicks[0]!)]);
      const after = await send(a, ['after@example.net'], { listUnsubscribe: true });
      const [copy] = await eventually(async () => ((await copiesOf(after)).length ? copiesOf(after) : undefined), 20_000, 'a copy after the fuzz');
      const unsubscribe = /\/u\/([A-Za-z0-9_-]+)/.exec(copy!.raw)![1];
      const done = await inject({
        method: 'POST',
        url: `/u/${unsubscribe}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(done.statusCode, 200);
      assert.match(done.body, /You are unsubscribed/);
    });
  });
}
