import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { trackableLinks, trackHtml } from '../../src/lib/tracked-html.js';

const HTML =
  '<html><body><a href="https://a.example/x?y=1&amp;z=2">A</a> <a name="top">anchor</a> <a href="#top">up</a> ' +
  '<A HREF=\'HTTP://B.example/\'>B</A> <a href=https://c.example/c>C</a> <a href="mailto:x@example.com">mail</a> ' +
  '<a data-href="https://no.example/" href=" https://d.example/d ">D</a></body></html>';

describe('tracked HTML', () => {
  it('lists the http(s) links in document order, entities decoded; anchors, mailto: and the like are not links to track', () => {
    assert.deepEqual(trackableLinks(HTML), ['https://a.example/x?y=1&z=2', 'HTTP://B.example/', 'https://c.example/c', 'https://d.example/d']);
    assert.deepEqual(trackableLinks('<p>no links</p>'), []);
  });

  it('rewrites exactly those links, in the same order, and leaves everything else as it was', () => {
    const out = trackHtml(HTML, { clickUrl: (i) => `https://t.example/c/${i}?a=1&b=2` });
    assert.deepEqual(
      trackableLinks(out),
      [0, 1, 2, 3].map((i) => `https://t.example/c/${i}?a=1&b=2`),
    );
    assert.ok(out.includes('href="https://t.example/c/0?a=1&amp;b=2"'), 'the new URL is an escaped attribute');
    assert.ok(out.includes('href="#top"') && out.includes('href="mailto:x@example.com"') && out.includes('data-href="https://no.example/"'));
    assert.equal(trackHtml(HTML, {}), HTML);
  });

  it('adds the pixel before the end of the body, or at the end without one', () => {
    const out = trackHtml(HTML, { pixelUrl: 'https://t.example/o/tok' });
    assert.match(out, /<img src="https:\/\/t\.example\/o\/tok" width="1" height="1" alt=""[^>]*><\/body><\/html>$/);
    assert.match(trackHtml('<p>hi</p>', { pixelUrl: 'https://t.example/o/tok' }), /^<p>hi<\/p><img src="https:\/\/t\.example\/o\/tok"/);
  });

  it('is deterministic', () => {
    const tracking = { clickUrl: (i: number) => `https://t.example/c/${i}`, pixelUrl: 'https://t.example/o/1' };
    assert.equal(trackHtml(HTML, tracking), trackHtml(HTML, tracking));
  });
});
