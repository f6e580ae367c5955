/** Which route a recipient takes: exact, wildcard and catch-all patterns, most specific first. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchesPattern, patternProblem, pickRoute, splitAddress } from '../../../src/features/notify/inbound/inbound-routing.js';

describe('inbound route patterns', () => {
  it('matches an exact local part in any case, and nothing else', () => {
    assert.equal(matchesPattern('support', 'support'), true);
    assert.equal(matchesPattern('support', 'Support'), true);
    assert.equal(matchesPattern('support', 'support2'), false);
    assert.equal(matchesPattern('support', 'xsupport'), false);
  });

  it('lets * stand for any run of characters, none included', () => {
    assert.equal(matchesPattern('reply+*', 'reply+abc123'), true);
    assert.equal(matchesPattern('reply+*', 'reply+'), true);
    assert.equal(matchesPattern('reply+*', 'reply'), false);
    assert.equal(matchesPattern('*', 'anything.at.all'), true);
    assert.equal(matchesPattern('a*b*c', 'axxbyyc'), true);
    assert.equal(matchesPattern('a*b*c', 'axxcyyb'), false);
    assert.equal(matchesPattern('a*a', 'a'), false);
    assert.equal(matchesPattern('*-bounce', 'list-bounce'), true);
  });

  it('picks the most specific route: exact, then the longest literal pattern, then the catch-all, then the oldest', () => {
    const routes = [
      { id: '000000000000000000000001', pattern: '*' },
      { id: '000000000000000000000002', pattern: 'reply+*' },
      { id: '000000000000000000000003', pattern: 'reply+ticket-*' },
      { id: '000000000000000000000004', pattern: 'reply+ticket-7' },
      { id: '000000000000000000000006', pattern: 'x*' },
      { id: '000000000000000000000005', pattern: '*x' },
    ];
    assert.equal(pickRoute(routes, 'reply+ticket-7')?.pattern, 'reply+ticket-7');
    assert.equal(pickRoute(routes, 'reply+ticket-8')?.pattern, 'reply+ticket-*');
    assert.equal(pickRoute(routes, 'reply+abc')?.pattern, 'reply+*');
    assert.equal(pickRoute(routes, 'hello')?.pattern, '*');
    assert.equal(pickRoute(routes, 'xx')?.pattern, '*x', 'equally specific: the older route');
    assert.equal(pickRoute([...routes].reverse(), 'xx')?.pattern, '*x', 'whatever order the rows come in');
    assert.equal(
      pickRoute(
        routes.filter((r) => r.pattern !== '*'),
        'hello',
      ),
      undefined,
    );
  });

  it('refuses patterns that are not a local part, naming why', () => {
    assert.equal(patternProblem('support'), undefined);
    assert.equal(patternProblem('reply+*'), undefined);
    assert.equal(patternProblem('*'), undefined);
    assert.match(patternProblem('')!, /empty/);
    assert.match(patternProblem('support@example.com')!, /local part/);
    assert.match(patternProblem('a b')!, /may hold only/);
    assert.match(patternProblem('a**')!, /\*\*/);
    assert.match(patternProblem('x'.repeat(65))!, /64/);
  });

  it('splits an address at its last @, the domain lowercase', () => {
    assert.deepEqual(splitAddress('Support@In.Example.COM.'), { localPart: 'Support', domain: 'in.example.com' });
    assert.deepEqual(splitAddress('<"a@b"@example.com>'), { localPart: '"a@b"', domain: 'example.com' });
    assert.equal(splitAddress('nobody'), undefined);
    assert.equal(splitAddress('@example.com'), undefined);
  });
});
