/** The placeholder syntax of templates, as pure functions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml, placeholdersOf, renderTemplate, TemplateRenderError } from '../../src/lib/template-render.js';

describe('renderTemplate', () => {
  it('fills {{ name }}, dotted paths and tolerates spacing', () => {
    assert.equal(
      renderTemplate('Hi {{name}}, {{ order.id }} {{  order.total  }}', { name: 'Ann', order: { id: 'A-1', total: 3.5 } }, { html: false }),
      'Hi Ann, A-1 3.5',
    );
  });

  it('escapes in HTML unless tripled; text is never escaped', () => {
    const vars = { v: '<b>&"\'</b>' };
    assert.equal(renderTemplate('{{ v }}|{{{ v }}}', vars, { html: true }), '&lt;b&gt;&amp;&quot;&#39;&lt;/b&gt;|<b>&"\'</b>');
    assert.equal(renderTemplate('{{ v }}', vars, { html: false }), '<b>&"\'</b>');
  });

  it('null renders as nothing; false and 0 as themselves', () => {
    assert.equal(renderTemplate('[{{ a }}][{{ b }}][{{ c }}]', { a: null, b: false, c: 0 }, { html: false }), '[][false][0]');
  });

  it('names every missing or non-scalar variable once', () => {
    assert.throws(
      () => renderTemplate('{{ a }} {{ b.c }} {{ a }} {{ o }}', { b: {}, o: { x: 1 } }, { html: false }),
      (error: unknown) => {
        assert.ok(error instanceof TemplateRenderError);
        assert.deepEqual(error.problems, [
          { name: 'a', problem: 'missing' },
          { name: 'b.c', problem: 'missing' },
          { name: 'o', problem: 'not_scalar' },
        ]);
        return true;
      },
    );
  });

  it('does not reach into prototypes', () => {
    assert.throws(() => renderTemplate('{{ constructor }} {{ toString }}', {}, { html: false }), TemplateRenderError);
  });

  it('fills #key# from customFields, only the keys given', () => {
    assert.equal(renderTemplate('#A# #fff# #B#', {}, { html: true, customFields: { A: '<x>', B: 2 } }), '&lt;x&gt; #fff# 2');
    assert.equal(renderTemplate('#A#', {}, { html: false }), '#A#');
  });

  it('lists the placeholders used, in order of first use', () => {
    assert.deepEqual(placeholdersOf('{{ b }} {{{ a.x }}} {{ b }} #c#'), ['b', 'a.x']);
    assert.equal(escapeHtml('a&b'), 'a&amp;b');
  });
});
