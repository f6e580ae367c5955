/**
 * The shared lease queue's renewals and dead-holder reclaim (src/queue/), against a real
 * database: jobs come from real sends through the API (no worker running), and the
 * heartbeat and the reclaim are driven the way the worker drives them.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { after, before, beforeEach, describe, it } from 'node:test';
import pino from 'pino';
import type { Db, Dialect } from '../../src/db/database.js';
import { claimDueJobs, deliveryQueue } from '../../src/delivery/queue.js';
import { reclaimDeadLeases } from '../../src/queue/dead-leases.js';
import { holderId, isDeadHolder } from '../../src/queue/holder-id.js';
import { LeaseHeartbeat } from '../../src/queue/lease-heartbeat.js';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

const silent = pino({ level: 'silent' });

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** `id` with its pid replaced, the rest (host, start, namespace, token) kept. */
function withPid(id: string, pid: number): string {
  const parts = id.split(':');
  parts[1] = String(pid);
  return parts.join(':');
}

describe('lease holder ids', () => {
  it('a holder of this process is alive; an older incarnation with our pid is dead', () => {
    const mine = holderId('worker');
    assert.equal(isDeadHolder(mine), false);
    assert.equal(isDeadHolder(holderId('webhooks')), false);
    const parts = mine.split(':');
    parts[4] = `0000beef-worker-1`;
    assert.equal(isDeadHolder(parts.join(':')), true, 'same pid, another token: the process before a restart');
  });

  it('a holder whose pid no longer runs is dead', async () => {
    assert.equal(isDeadHolder(withPid(holderId('worker'), await deadPid())), true);
  });

  it('a live pid that started at another time is a reused pid: its old holder is dead (Linux)', { skip: os.platform() !== 'linux' }, () => {
    const parts = withPid(holderId('worker'), process.ppid).split(':');
    parts[2] = '1';
    assert.equal(isDeadHolder(parts.join(':')), true);
  });

  it('another host, another pid namespace or a foreign id is never called dead', async () => {
    const pid = await deadPid();
    const parts = withPid(holderId('worker'), pid).split(':');
    assert.equal(isDeadHolder(['other-host', ...parts.slice(1)].join(':')), false);
    assert.equal(isDeadHolder([...parts.slice(0, 3), '12345', parts[4]].join(':')), false);
    assert.equal(isDeadHolder('worker-a'), false);
    assert.equal(isDeadHolder(`${os.hostname()}:${pid}:abc123`), false, 'the id format before holder-id.ts');
  });
});

for (const dialect of DIALECTS) {
  describe(`lease renewal and reclaim [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let db: Db;
    let d: Dialect;

    const enqueue = async (count: number): Promise<string[]> => {
      const to = Array.from({ length: count }, (_, i) => ({ email: `l${i}@example.net` }));
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: { from: { email: account.email }, to, subject: 'Leases', htmlContent: '<p>l</p>' },
      });
      return expectEnvelope(response, 200).resultObject.recipients.map((r: any) => r.id);
    };
    const job = (id: string) => db.selectFrom('delivery_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
      db = app.runtime.services.handle.db;
      d = app.runtime.services.handle.dialect;
    });
    after(() => app.close());
    beforeEach(async () => {
      await db.deleteFrom('delivery_jobs').execute();
    });

    it('the heartbeat extends the leases of the rows held, and only those', async () => {
      const ids = await enqueue(3);
      const holder = holderId('worker');
      const claimed = await claimDueJobs(db, d, { holder, limit: 3, leaseMs: 1_000 });
      const heartbeat = new LeaseHeartbeat(db, deliveryQueue, holder, 60_000, silent);
      heartbeat.hold(ids, Math.min(...claimed.map((c) => c.locked_until)));
      heartbeat.letGo([ids[2]!]);
      const before = Date.now();
      await heartbeat.renew();
      for (const id of ids.slice(0, 2)) assert.ok((await job(id)).locked_until! >= before + 60_000, 'a held row is renewed for a whole lease');
      assert.ok((await job(ids[2]!)).locked_until! < before + 60_000, 'a row let go is not');
      assert.ok(heartbeat.mayStart(ids[0]!), 'a renewed row may start');
      assert.equal(heartbeat.mayStart(ids[2]!), false, 'a row let go may not');
      assert.deepEqual(
        (await claimDueJobs(db, d, { holder: 'another', limit: 10, leaseMs: 1_000, now: Date.now() + 2_000 })).map((c) => c.id),
        [ids[2]],
        "after the claim's lease, only the row let go is claimable by another worker",
      );
    });

    it('a row passed on after its lease ran out is not renewed and may not start', async () => {
      const [id] = await enqueue(1);
      const holder = holderId('worker');
      const t0 = Date.now();
      await claimDueJobs(db, d, { holder, limit: 1, leaseMs: 1_000, now: t0 });
      const heartbeat = new LeaseHeartbeat(db, deliveryQueue, holder, 1_000, silent);
      heartbeat.hold([id!], t0 + 1_000);
      // The renewals failed for longer than a lease, and another worker took the row.
      assert.equal((await claimDueJobs(db, d, { holder: 'another', limit: 1, leaseMs: 60_000, now: t0 + 1_000 })).length, 1);
      await heartbeat.renew();
      assert.equal(heartbeat.mayStart(id!), false);
      assert.equal((await job(id!)).locked_by, 'another', 'the new holder keeps its lease');
    });

    it("the rows of a dead process of this host are freed at once, attempts kept; a live holder's stay", async () => {
      const ids = await enqueue(4);
      const dead = withPid(holderId('worker'), await deadPid());
      const live = holderId('worker');
      await claimDueJobs(db, d, { holder: dead, limit: 2, leaseMs: 300_000 });
      await claimDueJobs(db, d, { holder: live, limit: 2, leaseMs: 300_000 });
      const { holders, rows } = await reclaimDeadLeases(db, deliveryQueue);
      assert.deepEqual(holders, [dead]);
      assert.equal(rows, 2);
      const after = await Promise.all(ids.map(job));
      const freed = after.filter((r) => r.locked_by === null);
      assert.equal(freed.length, 2);
      for (const r of freed) {
        assert.equal(r.locked_until, null);
        assert.equal(r.attempts, 1, 'the dead process may have handed it over: the attempt counts');
      }
      assert.equal(after.filter((r) => r.locked_by === live).length, 2);
      assert.deepEqual((await claimDueJobs(db, d, { holder: 'next', limit: 10, leaseMs: 1_000 })).map((c) => c.id).sort(), freed.map((r) => r.id).sort());
    });
  });
}
