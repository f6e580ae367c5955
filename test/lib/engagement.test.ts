import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyUserAgent, judgeHit, type Hit } from '../../src/lib/engagement.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const hit = (over: Partial<Hit>): Hit => ({
  kind: 'click',
  method: 'GET',
  userAgent: FIREFOX,
  ip: '203.0.113.9',
  purpose: '',
  deliveredAt: 1_000_000,
  at: 1_000_000 + 60_000,
  ...over,
});

describe('honest engagement', () => {
  it("counts a person's open or click", () => {
    assert.deepEqual(judgeHit(hit({})), { userAgentClass: 'desktop', flagged: false });
    assert.deepEqual(judgeHit(hit({ kind: 'open', userAgent: IPHONE })), { userAgentClass: 'mobile', flagged: false });
  });

  it('flags mail-privacy and image proxies and prefetchers', () => {
    assert.equal(judgeHit(hit({ kind: 'open', userAgent: 'Mozilla/5.0' })).reason, 'apple_privacy_proxy');
    assert.equal(judgeHit(hit({ kind: 'open', ip: '17.58.1.2' })).reason, 'apple_privacy_proxy');
    assert.equal(judgeHit(hit({ kind: 'open', ip: '::ffff:17.58.1.2' })).reason, 'apple_privacy_proxy');
    assert.equal(judgeHit(hit({ kind: 'open', userAgent: 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' })).reason, 'google_image_proxy');
    assert.equal(
      judgeHit(hit({ kind: 'open', userAgent: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html' })).reason,
      'yahoo_image_proxy',
    );
    assert.equal(judgeHit(hit({ kind: 'open', purpose: 'prefetch' })).reason, 'prefetch');
    assert.equal(classifyUserAgent('Mozilla/5.0 (via ggpht.com GoogleImageProxy)'), 'privacy_proxy');
  });

  it('flags link scanners: HEAD, within 2 s of delivery, known agents, no agent', () => {
    assert.deepEqual(judgeHit(hit({ method: 'HEAD' })), { userAgentClass: 'desktop', flagged: true, reason: 'head_request' });
    assert.equal(judgeHit(hit({ at: 1_000_000 + 1999 })).reason, 'soon_after_delivery');
    assert.equal(judgeHit(hit({ at: 1_000_000 + 2000 })).flagged, false);
    assert.equal(judgeHit(hit({ deliveredAt: null })).flagged, false);
    assert.equal(judgeHit(hit({ userAgent: 'Mozilla/5.0 (compatible; Barracuda Sentinel)' })).reason, 'scanner_agent');
    assert.equal(judgeHit(hit({ userAgent: 'python-requests/2.31' })).userAgentClass, 'scanner');
    assert.equal(judgeHit(hit({ userAgent: '' })).reason, 'no_user_agent');
    // The 2-second rule is about clicks: an open that early is a fast reader, or a proxy caught above.
    assert.equal(judgeHit(hit({ kind: 'open', at: 1_000_000 + 500 })).flagged, false);
  });
});
