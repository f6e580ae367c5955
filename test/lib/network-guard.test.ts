/**
 * What counts as internal, in every spelling an address can take, and what the
 * operator's OUTBOUND_ALLOW opens.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OutboundPolicy, parseAddress, parseIPv4 } from '../../src/lib/network-guard.js';

describe('network guard', () => {
  it('reads every IPv4 spelling inet_aton accepts, and nothing else', () => {
    for (const [text, canonical] of [
      ['127.0.0.1', '127.0.0.1'],
      ['127.1', '127.0.0.1'],
      ['127.0.1', '127.0.0.1'],
      ['2130706433', '127.0.0.1'],
      ['0x7f000001', '127.0.0.1'],
      ['0x7F.0.0.1', '127.0.0.1'],
      ['0177.0.0.1', '127.0.0.1'],
      ['017700000001', '127.0.0.1'],
      ['0', '0.0.0.0'],
      ['169.254.43518', '169.254.169.254'],
    ] as const)
      assert.equal(parseIPv4(text), canonical, text);
    for (const text of ['256.0.0.1', '1.2.3.4.5', '08.0.0.1', '1..1', 'example.com', '4294967296', '']) assert.equal(parseIPv4(text), undefined, text);
  });

  it('refuses internal addresses and names, IPv4 inside IPv6 included; public ones pass', () => {
    const policy = new OutboundPolicy([]);
    for (const host of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0.0.0.0',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '192.0.0.8',
      '[::1]',
      '[::]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::127.0.0.1]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:0a00:0001::]',
      '[fd00:ec2::254]',
      '[fc00::1]',
      '[fe80::1]',
      '[ff02::1]',
      '[2001:db8::1]',
      '[2001::1]',
      'localhost',
      'LOCALHOST.',
      'a.localhost',
      'metadata.google.internal',
      'metadata',
      'db.internal',
      'printer.local',
      'intranet',
    ])
      assert.ok(policy.hostProblem(host), `${host} is refused`);
    for (const host of ['example.com', 'hooks.example.co.uk', '93.184.216.34', '1.1.1.1', '[2606:4700::1111]', '[64:ff9b::5db8:d822]', '[2002:5db8:d822::]']) {
      assert.equal(policy.hostProblem(host), undefined, `${host} is allowed`);
    }
  });

  it('OUTBOUND_ALLOW opens exactly the names, addresses and ranges it lists', () => {
    const policy = new OutboundPolicy(['127.0.0.1', '10.1.0.0/16', 'hooks.corp', '*.svc.corp', 'fd00::/8']);
    for (const host of ['127.0.0.1', '127.1', '10.1.2.3', 'hooks.corp', 'a.svc.corp', '[fd00::5]']) assert.equal(policy.hostProblem(host), undefined, host);
    for (const host of ['127.0.0.2', '10.2.0.1', 'other.internal', 'svc', '[fe80::1]']) assert.ok(policy.hostProblem(host), host);
    assert.equal(policy.addressProblem(parseAddress('10.1.9.9')!), undefined);
    assert.ok(policy.addressProblem(parseAddress('::ffff:10.2.0.1')!));
  });
});
