/**
 * Destination pacing (src/delivery/transports/pacing.ts): what a worker does when a
 * receiving server asks it to slow down, with a clock the test moves.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { parseDestinationLimits } from '../../src/lib/destination-limits.ts';
import { providerKey } from '../../src/delivery/transports/mx.ts';
import { DestinationPacer, isThrottleReply } from '../../src/delivery/transports/pacing.ts';
import type { SendOutcome } from '../../src/delivery/transports/transport.ts';
import { TestClock } from '../helpers/clock.ts';

const DELIVERED: SendOutcome = { kind: 'delivered', response: '250 2.0.0 Ok' };
const THROTTLED: SendOutcome = { kind: 'deferred', response: '421 4.7.0 Try again later, closing connection' };

/** A delivery the test finishes when it wants, to hold a slot. */
function heldDelivery() {
  let finish!: (outcome: SendOutcome) => void;
  let started = false;
  const done = new Promise<SendOutcome>((resolve) => {
    finish = resolve;
  });
  return {
    deliver: () => {
      started = true;
      return done;
    },
    finish,
    started: () => started,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('destination pacing', () => {
  const clock = new TestClock({ frozen: true, at: 1_000_000 });
  const pacers: DestinationPacer[] = [];
  const pacer = (concurrency: number, perSecond = 0, maxWaitMs = 2_000) => {
    const p = new DestinationPacer({ defaults: { concurrency, perSecond }, maxWaitMs, clock });
    pacers.push(p);
    return p;
  };
  afterEach(() => {
    for (const p of pacers.splice(0)) p.close();
  });

  it('keeps at most the ceiling in flight; the next starts when one finishes', async () => {
    const p = pacer(2);
    const held = [heldDelivery(), heldDelivery(), heldDelivery()];
    const runs = held.map((h) => p.run('example.net', h.deliver));
    await tick();
    assert.deepEqual(
      held.map((h) => h.started()),
      [true, true, false],
    );
    held[0]!.finish(DELIVERED);
    await tick();
    assert.equal(held[2]!.started(), true);
    held[1]!.finish(DELIVERED);
    held[2]!.finish(DELIVERED);
    assert.deepEqual(
      (await Promise.all(runs)).map((o) => o.kind),
      ['delivered', 'delivered', 'delivered'],
    );
  });

  it('a throttling reply halves the concurrency and pauses the destination; a delivery that would wait past the limit is postponed', async () => {
    const p = pacer(8, 0, 500);
    assert.equal((await p.run('google.com', async () => THROTTLED)).kind, 'deferred');
    assert.deepEqual(p.paceOf('google.com'), { concurrency: 4, perSecond: 0, pausedForMs: 1_000 });
    // Paused for 1 s, more than the 500 ms a delivery may wait: not attempted, and told when to come back.
    let attempted = false;
    const postponed = await p.run('google.com', async () => {
      attempted = true;
      return DELIVERED;
    });
    assert.equal(attempted, false);
    assert.equal(postponed.kind, 'postponed');
    assert.equal(postponed.kind === 'postponed' && postponed.retryAfterMs, 1_000);
    // Another destination is not affected.
    assert.equal((await p.run('outlook.com', async () => DELIVERED)).kind, 'delivered');
  });

  it('throttling again doubles the pause and halves again, down to one at a time', async () => {
    const p = pacer(4, 0, 100_000);
    await p.run('yahoodns.net', async () => THROTTLED);
    clock.advance(1_000);
    await p.run('yahoodns.net', async () => THROTTLED);
    assert.deepEqual(p.paceOf('yahoodns.net'), { concurrency: 1, perSecond: 0, pausedForMs: 2_000 });
    clock.advance(2_000);
    await p.run('yahoodns.net', async () => THROTTLED);
    assert.deepEqual(p.paceOf('yahoodns.net'), { concurrency: 1, perSecond: 0, pausedForMs: 4_000 });
  });

  it('recovers one step per round of normal answers, up to the ceiling and no further', async () => {
    const p = pacer(4, 10, 100_000);
    await p.run('google.com', async () => THROTTLED);
    assert.deepEqual(p.paceOf('google.com'), { concurrency: 2, perSecond: 5, pausedForMs: 1_000 });
    clock.advance(1_000);
    const answers = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await p.run('google.com', async () => DELIVERED);
        clock.advance(1_000);
      }
    };
    await answers(2); // a round at concurrency 2
    assert.equal(p.paceOf('google.com')?.concurrency, 3);
    assert.equal(p.paceOf('google.com')?.perSecond, 6);
    await answers(3 + 4 + 4 + 4 + 4);
    assert.deepEqual(p.paceOf('google.com'), { concurrency: 4, perSecond: 10, pausedForMs: 0 }, 'back at the ceiling');
    await answers(8);
    assert.deepEqual(p.paceOf('google.com'), { concurrency: 4, perSecond: 10, pausedForMs: 0 }, 'and never above it');
  });

  it('a rate spaces the starts; the delivery whose turn is too far is postponed', async () => {
    const p = pacer(100, 1, 2_000);
    const held = Array.from({ length: 3 }, () => heldDelivery());
    const runs = held.map((h) => p.run('example.org', h.deliver));
    await tick();
    // One start a second: the first now, the second after 1 s, the third after 2 s (the clock is stopped).
    assert.deepEqual(
      held.map((h) => h.started()),
      [true, false, false],
    );
    const fourth = await p.run('example.org', async () => DELIVERED);
    assert.equal(fourth.kind, 'postponed', 'three ahead at one a second is 3 s away, past the 2 s limit');
    // The clock reaches the second's turn: it starts, and the third waits a second more.
    clock.advance(1_000);
    await tick();
    assert.deepEqual(
      held.map((h) => h.started()),
      [true, true, false],
    );
    p.close();
    held[0]!.finish(DELIVERED);
    assert.equal((await runs[0])!.kind, 'delivered');
  });

  it('tells throttling replies from other temporary failures', () => {
    for (const reply of [
      '421 4.7.0 Try again later, closing connection.',
      '421-4.7.28 Our system has detected an unusual rate of unsolicited mail',
      '451 4.7.500 Server busy. Please try again later.',
      '454 4.7.0 Throttling failure: Maximum sending rate exceeded.',
      '452 Too many messages from your IP',
      'no mail server of example.net took the message: mx1.example.net [192.0.2.1]: 421 Service not available, too busy',
    ])
      assert.equal(isThrottleReply(reply), true, reply);
    for (const reply of [
      '451 4.3.0 Mailbox busy, try again later',
      '450 4.7.1 Greylisted, please try again in 300 seconds',
      '452 4.2.2 Mailbox full',
      '550 5.7.1 Rate of complaints too high',
      'Connection timed out (ETIMEDOUT)',
    ])
      assert.equal(isThrottleReply(reply), false, reply);
  });

  it('keys a domain by its MX provider', () => {
    const hosts = (name: string) => ({ hosts: [{ name }] });
    assert.equal(providerKey('gmail.com', hosts('gmail-smtp-in.l.google.com')), 'google.com');
    assert.equal(providerKey('shop.example', hosts('aspmx.l.google.com')), 'google.com');
    assert.equal(providerKey('contoso.com', hosts('contoso-com.mail.protection.outlook.com')), 'outlook.com');
    assert.equal(providerKey('example.co.uk', hosts('mx.mailhost.co.uk')), 'mailhost.co.uk');
    assert.equal(providerKey('implicit.example', hosts('implicit.example')), 'implicit.example');
    assert.equal(providerKey('ip.example', hosts('192.0.2.7')), '192.0.2.7');
  });

  it('reads DESTINATION_LIMITS', () => {
    const limits = parseDestinationLimits(['google.com=10/20', 'Outlook.com=5']);
    assert.ok(typeof limits !== 'string');
    assert.deepEqual(Object.fromEntries(limits), { 'google.com': { concurrency: 10, perSecond: 20 }, 'outlook.com': { concurrency: 5, perSecond: 0 } });
    assert.match(String(parseDestinationLimits(['google.com=0/5'])), /concurrency ≥ 1/);
    assert.match(String(parseDestinationLimits(['google.com'])), /"google\.com" is not key=concurrency\/perSecond/);
  });
});
