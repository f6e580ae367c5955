/**
 * Contact imports (/inbox/v1/contactlists/{id}/import): the bare JSON array the
 * original's clients send, answered with a bare import id at once, then followed with
 * GET …/import/{importId} until its status is 2 (completed). Every counter of the
 * reference on a file with repeated addresses, invalid rows, and addresses that bounced,
 * complained, unsubscribed or are blocked (none of them re-subscribed); a file larger
 * than one chunk; another account sees none of it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

/**
 * A multipart body with one file part, as `curl -F file=@contacts.csv` sends it, and
 * other form fields after it (`-F charset=…`).
 */
function csvUpload(csv: string | Buffer, part = 'file', fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----postwireimport7d1f';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = Object.entries(fields)
    .map(([name, value]) => `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`)
    .join('');
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(csv), Buffer.from(`${tail}\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Text as Windows-1252 writes it (Latin-1, and the two characters of 0x80-0x9F the tests use). */
function windows1252(text: string): Buffer {
  return Buffer.from(text.replace(/€/g, '\x80').replace(/–/g, '\x96'), 'latin1');
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const STATUS_KEYS = [
  'added',
  'alreadyExists',
  'blocked',
  'charset',
  'contactListId',
  'createTime',
  'customFields',
  'failureReason',
  'hardBounce',
  'id',
  'ignoredColumns',
  'invalid',
  'invalidRows',
  'limitExceeded',
  'repetitive',
  'spam',
  'status',
  'total',
  'unsubscribe',
  'updateTime',
];

for (const dialect of DIALECTS) {
  describe(`marketing contact imports [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    before(async () => {
      app = await startTestApp(dialect, { worker: true, config: { importChunkRows: 4, importMaxBytes: 4096 } });
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    const call = (method: Method, url: string, body?: unknown, account = a) => app.request({ method, url, token: account.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await call(method, url, body, account), status).resultObject;
    const finished = (listId: string, importId: string, account = a) =>
      eventually(
        async () => {
          const status = await ok('GET', `/inbox/v1/contactlists/${listId}/import/${importId}`, undefined, 200, account);
          return status.status === 2 ? status : undefined;
        },
        20_000,
        `import ${importId} completed`,
      );

    it('counts every kind of row, upserts by address, and re-subscribes nobody', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Imported' }, 201)).id;
      const other = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Other' }, 201)).id;
      const city = (await ok('POST', '/inbox/v1/customfields', { Name: 'City', Type: 0 }, 201)).id;
      const theirField = (await ok('POST', '/inbox/v1/customfields', { Name: 'Theirs', Type: 0 }, 201, b)).id;
      const bob = await ok('POST', `/inbox/v1/contactlists/${list}/add`, { email: 'bob@example.net' });
      const cy = await ok('POST', `/inbox/v1/contactlists/${other}/add`, { email: 'cy@example.net' });
      await ok('PATCH', `/inbox/v1/contacts/${cy}/status`, { status: 3 });
      const ida = await ok('POST', `/inbox/v1/contactlists/${other}/add`, { email: 'ida@example.net' });
      for (const [email, reason] of [
        ['dee@example.net', 'hard_bounce'],
        ['eve@example.net', 'complaint'],
        ['fay@example.net', 'manual'],
      ]) {
        await ok('POST', '/notify/v1/suppressions', { email, reason }, 201);
      }

      const importId = await ok('POST', `/inbox/v1/contactlists/${list}/import`, [
        { email: 'ann@example.net', customFields: [{ customFieldId: city, value: 'Berlin' }] },
        { Email: 'ANN@example.net', CustomFields: [] },
        { email: 'not-an-address' },
        { email: 'bob@example.net', customFields: null },
        { email: 'cy@example.net' },
        { email: 'dee@example.net' },
        { email: 'eve@example.net' },
        { email: 'fay@example.net' },
        { email: 'gus@example.net', customFields: [{ customFieldId: city, value: 42 }] },
        { email: 'hal@example.net', customFields: [{ customFieldId: theirField, value: 'x' }] },
        { email: 'ida@example.net' },
      ]);
      assert.equal(typeof importId, 'string');
      assert.match(importId, /^[0-9a-f]{24}$/);

      const status = await finished(list, importId);
      assert.deepEqual(Object.keys(status).sort(), STATUS_KEYS);
      const { id, createTime, updateTime, invalidRows, ...counters } = status;
      assert.equal(id, importId);
      assert.deepEqual(counters, {
        contactListId: list,
        customFields: [city],
        total: 11,
        added: 3,
        alreadyExists: 1,
        repetitive: 1,
        invalid: 2,
        hardBounce: 1,
        unsubscribe: 1,
        spam: 1,
        blocked: 1,
        limitExceeded: 0,
        status: 2,
        charset: null,
        failureReason: '',
        ignoredColumns: [],
      });
      assert.deepEqual(
        invalidRows.map((r: any) => [r.row, r.email]),
        [
          [3, 'not-an-address'],
          [10, 'hal@example.net'],
        ],
      );
      assert.ok(invalidRows.every((r: any) => r.reason.length > 0));

      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 4, 'ann, bob, gus and ida');
      const members = (await ok('GET', `/inbox/v1/contacts?listId=${list}`)).items;
      assert.deepEqual(members.map((c: any) => c.email).sort(), ['ann@example.net', 'bob@example.net', 'gus@example.net', 'ida@example.net']);
      assert.equal(members.find((c: any) => c.email === 'bob@example.net').id, bob, 'an upsert, not a second contact');
      assert.equal(members.find((c: any) => c.email === 'ida@example.net').id, ida);
      assert.deepEqual(
        members.find((c: any) => c.email === 'gus@example.net').customFields.map((f: any) => f.value),
        ['42'],
      );
      const cyNow = await ok('GET', `/inbox/v1/contacts/${cy}`);
      assert.deepEqual([cyNow.status, cyNow.listIds], [3, [other]], 'the unsubscribed contact is left as it was');
      assert.equal((await ok('GET', '/inbox/v1/contacts?email=dee%40example.net')).totalCount, 0, 'no contact made for a bounced address');
    });

    it('a file larger than one chunk is applied whole, and importing it again adds nothing', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Big' }, 201)).id;
      const rows = Array.from({ length: 70 }, (_, i) => ({ email: `person${i}@big.example.net` }));
      const first = await finished(list, await ok('POST', `/inbox/v1/contactlists/${list}/import`, rows));
      assert.deepEqual([first.total, first.added, first.alreadyExists], [70, 70, 0]);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 70);
      const again = await finished(list, await ok('POST', `/inbox/v1/contactlists/${list}/import`, rows));
      assert.deepEqual([again.total, again.added, again.alreadyExists], [70, 0, 70]);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 70);
    });

    it('a task that runs again (a restart, a lease taken over) counts nothing twice', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Resumed' }, 201)).id;
      const importId = await ok('POST', `/inbox/v1/contactlists/${list}/import`, [
        { email: 'r1@example.net' },
        { email: 'r2@example.net' },
        { email: 'R1@example.net' },
        { email: 'bad' },
        ...Array.from({ length: 10 }, (_, i) => ({ email: `r${i + 3}@example.net` })),
      ]);
      const done = await finished(list, importId);
      // What a second run of the job finds: the import ended, nothing left to apply.
      await Promise.all([app.runtime.services.marketing.imports.run(importId), app.runtime.services.marketing.imports.run(importId)]);
      const again = await ok('GET', `/inbox/v1/contactlists/${list}/import/${importId}`);
      assert.deepEqual(again, done);
      assert.deepEqual([done.status, done.total, done.added, done.alreadyExists, done.repetitive, done.invalid], [2, 14, 12, 0, 1, 1]);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 12);
    });

    const uploadCsv = (listId: string, csv: string | Buffer, account = a, part = 'file', fields: Record<string, string> = {}) =>
      app.request({ method: 'POST', url: `/inbox/v1/contactlists/${listId}/import/csv`, token: account.token, ...csvUpload(csv, part, fields) });
    const failed = (listId: string, importId: string) =>
      eventually(
        async () => {
          const s = await ok('GET', `/inbox/v1/contactlists/${listId}/import/${importId}`);
          return s.status === 3 ? s : undefined;
        },
        20_000,
        `import ${importId} failed`,
      );
    const fileErrors = (body: any) => body.resultObject.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    const storedPieces = async () =>
      Number(
        (
          await app.runtime.services.handle.db
            .selectFrom('contact_import_files')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('a CSV upload: header mapped to the address and custom fields, repeats across chunks, invalid rows, left-alone contacts', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'From CSV' }, 201)).id;
      const other = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Elsewhere' }, 201)).id;
      const city = (await ok('POST', '/inbox/v1/customfields', { Name: 'City', Type: 0 }, 201)).id;
      const bob = await ok('POST', `/inbox/v1/contactlists/${list}/add`, { email: 'bob@csv.example.net' });
      const cy = await ok('POST', `/inbox/v1/contactlists/${other}/add`, { email: 'cy@csv.example.net' });
      await ok('PATCH', `/inbox/v1/contacts/${cy}/status`, { status: 3 });
      await ok('POST', '/notify/v1/suppressions', { email: 'dee@csv.example.net', reason: 'hard_bounce' }, 201);

      const csv = [
        'Email,city,Phone',
        'ann@csv.example.net,"Berlin, Mitte",123',
        'bob@csv.example.net,,',
        'not-an-address,X,',
        ',Y,',
        'ANN@csv.example.net,Paris,',
        'cy@csv.example.net,,',
        'dee@csv.example.net,,',
        'gus@csv.example.net,Rome,',
        '',
        'gus@csv.example.net,Oslo,',
        'hal@csv.example.net,,',
      ].join('\r\n');
      const importId = expectEnvelope(await uploadCsv(list, csv), 200).resultObject;
      assert.match(importId, /^[0-9a-f]{24}$/);
      const status = await finished(list, importId);
      assert.deepEqual(Object.keys(status).sort(), STATUS_KEYS);
      const { id, createTime, updateTime, invalidRows, ...counters } = status;
      assert.deepEqual(counters, {
        contactListId: list,
        customFields: [city],
        total: 10,
        added: 3,
        alreadyExists: 1,
        repetitive: 2,
        invalid: 2,
        hardBounce: 1,
        unsubscribe: 1,
        spam: 0,
        blocked: 0,
        limitExceeded: 0,
        status: 2,
        charset: 'utf-8',
        failureReason: '',
        // Named by no field: reported, not dropped in silence.
        ignoredColumns: ['Phone'],
      });
      assert.deepEqual(
        invalidRows.map((r: any) => [r.row, r.email]),
        [
          [3, 'not-an-address'],
          [4, ''],
        ],
      );
      const members = (await ok('GET', `/inbox/v1/contacts?listId=${list}`)).items;
      assert.deepEqual(members.map((c: any) => c.email).sort(), ['ann@csv.example.net', 'bob@csv.example.net', 'gus@csv.example.net', 'hal@csv.example.net']);
      assert.equal(members.find((c: any) => c.email === 'bob@csv.example.net').id, bob);
      const cityOf = (email: string) => members.find((c: any) => c.email === email).customFields.map((f: any) => f.value);
      assert.deepEqual(cityOf('ann@csv.example.net'), ['Berlin, Mitte'], 'the first row of an address wins; a quoted comma is kept');
      assert.deepEqual(cityOf('gus@csv.example.net'), ['Rome']);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 4);
      assert.deepEqual((await ok('GET', `/inbox/v1/contacts/${cy}`)).listIds, [other], 'the unsubscribed contact is not put on the list');
      assert.equal(await storedPieces(), 0, 'the file is deleted when the import ends');
    });

    it('a CSV upload with a mapping: columns to the address, an existing field, a new field or nothing; ignored columns reported', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Mapped' }, 201)).id;
      const town = (await ok('POST', '/inbox/v1/customfields', { Name: 'Town', Type: 0 }, 201)).id;
      const csv = [
        'email,First name,Where,plan,notes',
        'mia@map.example.net,Mia,Berlin,gold,x',
        'bad address,Ned,Paris,,',
        'ola@map.example.net,Ola,,silver,y',
      ].join('\r\n');
      const mapping = [{ as: 'email' }, { as: 'new', name: 'First name' }, { as: 'field', customFieldId: town }, { as: 'new', name: 'Plan' }, { as: 'ignore' }];
      const importId = expectEnvelope(await uploadCsv(list, csv, a, 'file', { mapping: JSON.stringify(mapping) }), 200).resultObject;
      const status = await finished(list, importId);
      assert.deepEqual([status.total, status.added, status.invalid], [3, 2, 1]);
      assert.deepEqual(status.ignoredColumns, ['notes']);
      assert.deepEqual(
        status.invalidRows.map((r: any) => [r.row, r.email]),
        [[2, 'bad address']],
      );
      // The new fields exist, named as asked, and hold the values.
      const fields = (await ok('GET', '/inbox/v1/customfields?pageSize=500')).items;
      const first = fields.find((f: any) => f.name === 'First name');
      const plan = fields.find((f: any) => f.name === 'Plan');
      assert.ok(first && plan, 'the new fields were created');
      assert.deepEqual([...status.customFields].sort(), [first.id, town, plan.id].sort());
      const members = (await ok('GET', `/inbox/v1/contacts?listId=${list}`)).items;
      const valuesOf = (email: string) =>
        Object.fromEntries(
          members.find((c: any) => c.email === email).customFields.map((f: any) => [fields.find((x: any) => x.id === f.customFieldId).name, f.value]),
        );
      assert.deepEqual(valuesOf('mia@map.example.net'), { 'First name': 'Mia', Town: 'Berlin', Plan: 'gold' });
      assert.deepEqual(valuesOf('ola@map.example.net'), { 'First name': 'Ola', Plan: 'silver' });

      // A second file mapping a column to "new" with the name of an existing field uses that field.
      const again = expectEnvelope(
        await uploadCsv(list, 'e,first\r\npia@map.example.net,Pia', a, 'file', {
          mapping: JSON.stringify([{ as: 'email' }, { as: 'new', name: 'first NAME' }]),
        }),
        200,
      ).resultObject;
      assert.deepEqual((await finished(list, again)).customFields, [first.id]);
      assert.equal((await ok('GET', '/inbox/v1/customfields?pageSize=500')).items.filter((f: any) => /^first name$/i.test(f.name)).length, 1);

      // A bad mapping is a 400 naming it; nothing is created and the file is not kept.
      const theirs = (await ok('POST', '/inbox/v1/customfields', { Name: 'Theirs', Type: 0 }, 201, b)).id;
      for (const [bad, fields] of [
        ['not json', ['mapping']],
        [JSON.stringify([{ as: 'email' }]), ['mapping']],
        [JSON.stringify([{ as: 'ignore' }, { as: 'ignore' }]), ['mapping']],
        [JSON.stringify([{ as: 'email' }, { as: 'field', customFieldId: theirs }]), ['mapping[1]']],
        [JSON.stringify([{ as: 'email' }, { as: 'new', name: ' ' }]), ['mapping[1]']],
        [JSON.stringify([{ as: 'email' }, { as: 'sideways' }]), ['mapping[1]']],
      ] as const) {
        const refused = expectEnvelope(await uploadCsv(list, 'email,x\r\nzed@map.example.net,1', a, 'file', { mapping: bad }), 400);
        assert.deepEqual(
          refused.resultObject.errors.map((e: any) => e.field),
          fields,
          bad,
        );
      }
      assert.equal(await storedPieces(), 0, 'refused files are deleted');
    });

    it('a file that stops being CSV past the rows read at upload ends the import failed, saying the line and why; its file is deleted', async () => {
      // The upload reads the header and the first chunk (4 rows here); the broken row comes after it.
      const good = ['email', 'ok1@broken.example.net', 'ok2@broken.example.net', 'ok3@broken.example.net', 'ok4@broken.example.net', 'ok5@broken.example.net'];
      for (const [broken, reason] of [
        [
          '"never closed@broken.example.net,\r\nok6@broken.example.net\r\n',
          'The file is not valid CSV: line 7: a quoted cell opens on this line and its closing quote never comes. Rows before that line were imported.',
        ],
        [
          '"ok6@broken.example.net"x\r\n',
          'The file is not valid CSV: line 7: a quoted cell is followed by other characters before the next comma (a quote inside a quoted cell is written as two quotes: ""). Rows before that line were imported.',
        ],
      ]) {
        const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Broken' }, 201)).id;
        const importId = expectEnvelope(await uploadCsv(list, `${good.join('\r\n')}\r\n${broken}`), 200).resultObject;
        const status = await failed(list, importId);
        assert.equal(status.failureReason, reason);
        assert.deepEqual([status.total, status.added], [5, 5], 'every row before the broken one is imported, as the reason says');
        assert.equal(await storedPieces(), 0, 'the file is deleted');
      }
    });

    it('a broken quote in the first rows is a 400 naming the file, the line and what is wrong; nothing is kept', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Broken early' }, 201)).id;
      const cases: [string | Buffer, string][] = [
        [
          'email,city\r\nann@early.example.net,"Berlin\r\nbob@early.example.net,Paris\r\n',
          'file: is not valid CSV: line 2: a quoted cell opens on this line and its closing quote never comes',
        ],
        [
          windows1252('email,city\r\nann@early.example.net,"two\r\nlines"\r\n\r\nbob@early.example.net,"Br"ück"\r\n'),
          'file: is not valid CSV: line 5: a quoted cell is followed by other characters before the next comma (a quote inside a quoted cell is written as two quotes: "")',
        ],
        ['"email\r\nann@early.example.net\r\n', 'file: is not valid CSV: line 1: a quoted cell opens on this line and its closing quote never comes'],
      ];
      for (const [csv, error] of cases) assert.deepEqual(fileErrors(expectEnvelope(await uploadCsv(list, csv), 400)), [error]);
      assert.equal(await storedPieces(), 0);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${list}`)).count, 0);
    });

    it('a Windows-1252 file is read as Windows-1252, a UTF-8 byte order mark is dropped, a named charset is honoured; the status says which', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Charsets' }, 201)).id;
      const street = (await ok('POST', '/inbox/v1/customfields', { Name: 'Straße', Type: 0 }, 201)).id;
      const imported = async (csv: Buffer, fields: Record<string, string> = {}) =>
        finished(list, expectEnvelope(await uploadCsv(list, csv, a, 'file', fields), 200).resultObject);
      const streetOf = async (email: string) =>
        (await ok('GET', `/inbox/v1/contacts?email=${encodeURIComponent(email)}`)).items[0].customFields.find((f: any) => f.customFieldId === street)?.value;

      const cp1252 = await imported(windows1252('email,Straße\r\nzoe@charset.example.net,Müllerstraße 1–3\r\nrene@charset.example.net,"Café Zoë, 10 €"\r\n'));
      assert.deepEqual([cp1252.charset, cp1252.added, cp1252.customFields], ['windows-1252', 2, [street]]);
      assert.equal(await streetOf('zoe@charset.example.net'), 'Müllerstraße 1–3');
      assert.equal(await streetOf('rene@charset.example.net'), 'Café Zoë, 10 €');

      const withBom = await imported(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('email,Straße\r\nann@charset.example.net,Ærøgade 5 €\r\n')]));
      assert.deepEqual([withBom.charset, withBom.added, withBom.customFields], ['utf-8', 1, [street]], 'the header maps: no mark before "email"');
      assert.equal(await streetOf('ann@charset.example.net'), 'Ærøgade 5 €');

      // In ISO-8859-15 0xA4 is €; read as Windows-1252 it would be ¤. The field may follow the file.
      const named = await imported(Buffer.from('email,Straße\r\nida@charset.example.net,Preis 5 \xa4\r\n', 'latin1'), { charset: 'ISO-8859-15' });
      assert.equal(named.charset, 'iso-8859-15');
      assert.equal(await streetOf('ida@charset.example.net'), 'Preis 5 €');

      const json = await finished(list, await ok('POST', `/inbox/v1/contactlists/${list}/import`, [{ email: 'jo@charset.example.net' }]));
      assert.deepEqual([json.charset, json.failureReason], [null, '']);

      const body = windows1252('email\r\nbea@charset.example.net,€\r\n');
      assert.deepEqual(fileErrors(expectEnvelope(await uploadCsv(list, body, a, 'file', { charset: 'klingon' }), 400)), [
        'charset: must name a charset, e.g. utf-8, windows-1252 or iso-8859-15',
      ]);
      assert.deepEqual(fileErrors(expectEnvelope(await uploadCsv(list, body, a, 'file', { charset: 'utf-8' }), 400)), [
        'file: is not valid UTF-8, though charset says it is (without charset, a file that is not UTF-8 is read as Windows-1252)',
      ]);
      assert.equal(await storedPieces(), 0);
    });

    it('a file that stops being CSV ends the import failed (status 3, no retries) with the reason, its file is deleted, and the owner is mailed', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Owner told' }, 201)).id;
      // Past the first chunk (4 rows here), which the upload reads and would refuse with a 400.
      const good = Array.from({ length: 5 }, (_, i) => `ok${i}@broken.example.net`).join('\r\n');
      const importId = expectEnvelope(await uploadCsv(list, `email\r\n${good}\r\n"never closed@broken.example.net,\r\n`), 200).resultObject;
      const status = await eventually(
        async () => {
          const s = await ok('GET', `/inbox/v1/contactlists/${list}/import/${importId}`);
          return s.status === 3 ? s : undefined;
        },
        20_000,
        'the import failed',
      );
      assert.equal(status.status, 3);
      assert.match(status.failureReason, /CSV.*line \d/, 'the reason names what is wrong and where');
      assert.equal(await storedPieces(), 0, 'the file is deleted');
      const job = await app.runtime.services.handle.db
        .selectFrom('jobs')
        .select(['attempts', 'failed_at', 'last_error'])
        .where('idempotency_key', '=', `contact-import:${importId}`)
        .executeTakeFirstOrThrow();
      assert.deepEqual([job.attempts, job.last_error], [1, status.failureReason], 'failed at its first attempt, not retried');
      assert.ok(job.failed_at !== null);
      const notice = await eventually(
        async () =>
          (await ok('GET', `/notify/v1/inbox?to=${encodeURIComponent(a.email)}`)).items.find(
            (m: { subject: string }) => m.subject === 'Your import into "Owner told" has failed',
          ),
        20_000,
        "the owner's notice captured",
      );
      assert.ok((await ok('GET', `/notify/v1/inbox/${notice.id}`)).html.includes(status.failureReason), 'the notice says why');
    });

    it("a CSV upload refused: no file, no address column, too large, another account's list; nothing is kept", async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Refusals' }, 201)).id;
      const noFile = expectEnvelope(await uploadCsv(list, 'email\r\nann@example.net', a, 'upload'), 400);
      assert.match(JSON.stringify(noFile.resultObject), /"field":"file"/);
      const noEmail = expectEnvelope(await uploadCsv(list, 'name,city\r\nAnn,Berlin'), 400);
      assert.match(noEmail.resultMessage, /email/);
      expectEnvelope(await uploadCsv(list, ''), 400);
      expectEnvelope(await uploadCsv(list, `email\r\n${'x@example.net\r\n'.repeat(400)}`), 413);
      const theirList = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Theirs' }, 201, b)).id;
      expectEnvelope(await uploadCsv(theirList, 'email\r\nann@example.net'), 404);
      expectEnvelope(await app.request({ method: 'POST', url: `/inbox/v1/contactlists/${list}/import/csv`, token: a.token, body: { file: 'email' } }), 400);
      assert.equal(await storedPieces(), 0);
    });

    it('bad requests and other accounts', async () => {
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Mine' }, 201)).id;
      expectEnvelope(await call('POST', `/inbox/v1/contactlists/${list}/import`, { email: 'ann@example.net' }), 400);
      expectEnvelope(await call('POST', `/inbox/v1/contactlists/${list}/import`, [{ mail: 'ann@example.net' }]), 400);
      const theirList = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Theirs' }, 201, b)).id;
      expectEnvelope(await call('POST', `/inbox/v1/contactlists/${theirList}/import`, [{ email: 'x@example.net' }]), 404);
      const theirImport = await ok('POST', `/inbox/v1/contactlists/${theirList}/import`, [{ email: 'x@example.net' }], 200, b);
      await finished(theirList, theirImport, b);
      expectEnvelope(await call('GET', `/inbox/v1/contactlists/${theirList}/import/${theirImport}`), 404);
      expectEnvelope(await call('GET', `/inbox/v1/contactlists/${list}/import/${theirImport}`), 404);
      expectEnvelope(await call('GET', `/inbox/v1/contactlists/${list}/import/nonsense`), 404);
    });
  });
}
