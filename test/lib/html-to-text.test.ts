import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { htmlToText } from '../../src/lib/html-to-text.js';

describe('htmlToText', () => {
  it('returns plain text unchanged', () => {
    assert.equal(htmlToText('Hello world'), 'Hello world');
    assert.equal(htmlToText(''), '');
  });

  it('turns paragraphs and block elements into blank-line separated paragraphs', () => {
    assert.equal(htmlToText('<p>Hello</p><p>World</p>'), 'Hello\n\nWorld');
    assert.equal(htmlToText('<h1>Title</h1><div>Body</div><blockquote>Quote</blockquote>tail'), 'Title\n\nBody\n\nQuote\n\ntail');
    assert.equal(htmlToText('<table><tr><td>a</td></tr><tr><td>b</td></tr></table>'), 'a\n\nb');
  });

  it('turns <br> into a line break in every spelling', () => {
    assert.equal(htmlToText('a<br>b<br/>c<br />d<BR>e'), 'a\nb\nc\nd\ne');
  });

  it('renders list items as dashes', () => {
    assert.equal(htmlToText('<ul><li>one</li><li class="x">two</li></ul><p>after</p>'), '- one\n- two\n\nafter');
  });

  it('keeps the address of a link', () => {
    assert.equal(htmlToText('<a href="https://example.com/x">Click <b>here</b></a>'), 'Click here (https://example.com/x)');
    assert.equal(htmlToText("<a class='c' href='https://example.com'>https://example.com</a>"), 'https://example.com');
    assert.equal(htmlToText('<a href="mailto:a@example.com"></a>'), 'mailto:a@example.com');
    assert.equal(htmlToText('<A HREF="https://e.example">E</A>'), 'E (https://e.example)');
    assert.equal(htmlToText('<a name="top">Top</a>'), 'Top');
  });

  it('decodes entities after removing tags', () => {
    assert.equal(htmlToText('Tom &amp; Jerry &lt;3 &quot;q&quot; &apos;s&apos; &#65;&#x42;&#X43;'), 'Tom & Jerry <3 "q" \'s\' ABC');
    assert.equal(htmlToText('&lt;b&gt;not a tag&lt;/b&gt;'), '<b>not a tag</b>');
    assert.equal(htmlToText('&amp;lt;'), '&lt;', 'decoded once, not twice');
    assert.equal(htmlToText('<a href="https://e.example/?a=1&amp;b=2">go</a>'), 'go (https://e.example/?a=1&b=2)');
    assert.equal(htmlToText('a&nbsp;b'), 'a b');
  });

  it('decodes every named HTML entity, not only the XML five', () => {
    assert.equal(
      htmlToText('It&rsquo;s 5&euro; &mdash; or less&hellip; &copy;&nbsp;Shop &frac12; &Eacute;t&eacute; &NotEqualTilde;'),
      'It\u2019s 5\u20ac \u2014 or less\u2026 \u00a9 Shop \u00bd \u00c9t\u00e9 \u2242\u0338',
    );
    assert.equal(htmlToText('&AMP; &LT;'), '& <');
  });

  it('leaves unknown or invalid entities as written', () => {
    assert.equal(htmlToText('&bogus; &#0; &#x110000; & alone'), '&bogus; &#0; &#x110000; & alone');
  });

  it('drops scripts, styles, the head and comments with their content', () => {
    const html = '<html><head><title>T</title><style>p { color: red }</style></head><body><script>alert(1)</script><!-- hidden --><p>shown</p></body></html>';
    assert.equal(htmlToText(html), 'shown');
  });

  it('collapses whitespace and trims', () => {
    assert.equal(htmlToText('<div>   lots \t  of   space   </div>'), 'lots of space');
    assert.equal(htmlToText('<p>x</p>\n\n\n\n\n<p>y</p>'), 'x\n\ny');
    assert.equal(htmlToText('  <b>bold</b>  <i>it</i>  '), 'bold it');
  });

  it('keeps a lone < as text', () => {
    assert.equal(htmlToText('1 < 2'), '1 < 2');
    assert.equal(htmlToText('<p>a <b>b</b> c</p>'), 'a b c');
  });

  it('handles unclosed constructs without losing the text before them', () => {
    assert.equal(htmlToText('<script>no close'), 'no close');
    assert.equal(htmlToText('<a href="x">no close'), 'no close');
    assert.equal(htmlToText('before <!-- never closed'), 'before');
    assert.equal(htmlToText('text <b unterminated'), 'text <b unterminated');
  });

  it('converts a multi-megabyte body full of unclosed tags, comments and links', () => {
    // The HTML limit of /send is 5 MB; the old regex version needed hours for this.
    const parts = ['<a href="x">', '<script>', '<li', '<b', '<', '<title>', '&#x1'];
    for (const part of parts) {
      const html = `start ${part.repeat(Math.floor(1_000_000 / part.length))}`;
      const text = htmlToText(html);
      assert.ok(text.startsWith('start'), part);
    }
    const comments = htmlToText(`ok ${'<!--'.repeat(250_000)}`);
    assert.equal(comments, 'ok');
  });
});
