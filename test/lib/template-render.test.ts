/** The template language (Handlebars, compatible with the variables-only syntax before it), as pure functions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkTemplate,
  escapeHtml,
  MAX_ITERATIONS,
  MAX_NESTING,
  partialNames,
  placeholdersOf,
  renderTemplate,
  TemplateLimitError,
  TemplateRenderError,
  TemplateSyntaxError,
} from '../../src/lib/template-render.js';

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

  it("a built-in helper with the wrong number of arguments is the template's fault (a syntax error), when saved and when a branch runs it", () => {
    for (const text of ['{{#if}}x{{/if}}', '{{#unless a b}}x{{/unless}}', '{{#each}}x{{/each}}'])
      assert.throws(() => checkTemplate(text), TemplateSyntaxError, text);
    const hidden = '{{#if show}}{{lookup items}}{{/if}}';
    assert.equal(renderTemplate(hidden, { show: false }, { html: true }), '');
    assert.throws(() => renderTemplate(hidden, { show: true, items: { a: 1 } }, { html: true }), TemplateSyntaxError);
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

/**
 * The variables-only renderer that came before Handlebars, as it was: the reference every text
 * in the old syntax must still render like, byte for byte, errors included.
 */
const OLD_PLACEHOLDER = /\{\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}\}|\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;
function oldRender(text: string, variables: Record<string, unknown>, html: boolean): string {
  const problems: { name: string; problem: string }[] = [];
  const out = text.replace(OLD_PLACEHOLDER, (whole, raw: string | undefined, escaped: string | undefined) => {
    const name = (raw ?? escaped)!;
    let node: unknown = variables;
    for (const part of name.split('.')) {
      node = node !== null && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
    }
    if (node === undefined || (node !== null && typeof node === 'object')) {
      if (!problems.some((p) => p.name === name)) problems.push({ name, problem: node === undefined ? 'missing' : 'not_scalar' });
      return whole;
    }
    if (node === null) return '';
    return html && escaped !== undefined ? escapeHtml(String(node)) : String(node);
  });
  if (problems.length) throw new TemplateRenderError(problems as never);
  return out;
}

describe('compatibility: texts of the old syntax render exactly as before', () => {
  const vars = {
    name: 'Ann <&>',
    v: `<b>&"'=\`</b>`,
    a: { b: 'AB', '': { b: 'Y' }, 0: 'a0' },
    f: false,
    z: 0,
    n: null,
    0: 'zero',
    1: { 5: 'f' },
    'order-id': 'O1',
    _x: 'u',
    '-x': 'm',
    formatDate: 'fd',
    if: 'IF',
    each: 'E',
    lookup: 'L',
    this: { name: 'T' },
    else: 'EL',
    list: ['x', 'y'],
  };
  const texts = [
    'Hi {{name}}, {{ a.b }} {{  a.0  }}',
    '{{ v }}|{{{ v }}}',
    '[{{ f }}][{{ z }}][{{ n }}]',
    // Handlebars would read numbers, helpers, keywords and the context here: the old syntax reads keys.
    '{{ 0 }} {{ 1.5 }} {{ a..b }} {{ list.1 }}',
    '{{ order-id }} {{ _x }} {{ -x }}',
    '{{ formatDate }} {{ if }} {{ each }} {{ lookup }} {{ else }} {{ this.name }}',
    // What the old syntax left as written, Handlebars refuses or reads otherwise: left as written.
    '{{ a b }} {{}} {{ }} {{ weird! }} {{ name }}',
    'stray {{else}} {{ name }}',
    '{{{ name }} and {{ name }}} and {{{{ name }}}}',
    'style { a: {{ name }} } and }} {{ a.b }} }}} {{{',
    'a{{color:red}} {{! not a comment }} \\{{ name }} {{& name}} {{~ name ~}}',
    '{{@index}} {{"name"}} {{[name]}} {{ a/b }} {{ ../name }} {{ formatDate name }}x',
    '{{\n name \n}}{{name}}\n  <td>{{name}}</td>\n',
    'no placeholders at all, #A# and { braces }',
  ];
  for (const text of texts) {
    it(JSON.stringify(text), () => {
      for (const html of [true, false]) assert.equal(renderTemplate(text, vars, { html }), oldRender(text, vars, html), `html: ${html}`);
    });
  }

  it('the same errors: every missing variable and object, once, in order', () => {
    const text = '{{ missing }} {{ a }} {{ name.x }} {{constructor}} {{ missing }} {{ list }} {{ toString }}';
    const problems = (render: () => string) => {
      try {
        render();
      } catch (error) {
        return (error as TemplateRenderError).problems;
      }
      assert.fail('no error');
    };
    assert.deepEqual(
      problems(() => renderTemplate(text, vars, { html: true })),
      problems(() => oldRender(text, vars, true)),
    );
  });
});

describe('Handlebars', () => {
  const receipt = {
    name: 'Ann <&>',
    items: [
      { title: 'Tea & cake', qty: 2, price: 3.5 },
      { title: 'Mug', qty: 1, price: 10 },
    ],
    discount: 2,
    total: 1234.5,
    paidAt: '2026-11-27T10:00:00Z',
  };

  it('each with @index and ../, if/else, unless, with, lookup; escaped the old way', () => {
    const text =
      '{{#each items}}<li>{{@index}} {{ title }} x{{qty}} for {{../name}}</li>{{/each}}' +
      '{{#if discount}}<p>-{{ discount }}</p>{{else}}none{{/if}}{{#if coupon}}<p>{{ coupon.code }}</p>{{/if}}' +
      '{{#unless coupon}}U{{/unless}}{{#with items.[1]}}{{title}}{{/with}} {{lookup items.[0] "qty"}}';
    assert.equal(
      renderTemplate(text, receipt, { html: true }),
      '<li>0 Tea &amp; cake x2 for Ann &lt;&amp;&gt;</li><li>1 Mug x1 for Ann &lt;&amp;&gt;</li><p>-2</p>UMug 2',
    );
    assert.equal(renderTemplate('{{#each items}}{{title}}{{/each}} {{{ name }}}', receipt, { html: false }), 'Tea & cakeMug Ann <&>');
  });

  it('formatDate, formatNumber and formatCurrency in the locale named', () => {
    assert.equal(
      renderTemplate(
        '{{formatCurrency total "EUR" "de-DE"}}|{{formatCurrency total "USD"}}|{{formatNumber total "de-DE"}}|{{formatNumber total "en-US" decimals=0}}|' +
          '{{formatDate paidAt "en-GB"}}|{{formatDate paidAt "de-DE" dateStyle="long" timeStyle="short" timeZone="Europe/Berlin"}}',
        receipt,
        { html: false },
      ),
      `1.234,50\u00a0€|$1,234.50|1.234,5|1,235|27 Nov 2026|27. November 2026 um 11:00`,
    );
    for (const text of ['{{formatCurrency total "XXXX"}}', '{{formatNumber name}}', '{{formatDate total "not a locale!!"}}', '{{formatDate name}}']) {
      assert.throws(() => renderTemplate(text, receipt, { html: false }), TemplateLimitError, text);
    }
  });

  it('outside blocks a variable must be given; inside blocks and as a condition a missing one is empty', () => {
    assert.equal(renderTemplate('{{#if coupon}}{{ coupon.code }}{{/if}}{{#each none}}x{{/each}}.', {}, { html: true }), '.');
    assert.throws(
      () => renderTemplate('{{#if a}}{{/if}}{{ title }} {{formatCurrency price "EUR"}}', {}, { html: true }),
      (error: unknown) => {
        assert.ok(error instanceof TemplateRenderError);
        assert.deepEqual(error.problems, [
          { name: 'title', problem: 'missing' },
          { name: 'price', problem: 'missing' },
        ]);
        return true;
      },
    );
  });

  it('allowMissing (a preview with a partial sample) renders what is missing as nothing, in both syntaxes', () => {
    assert.equal(renderTemplate('[{{ a }}][{{ b.c }}][{{#if d}}{{ d }}{{/if}}]', { b: {} }, { html: true, allowMissing: true }), '[][][]');
    assert.equal(renderTemplate('[{{ a }}][{{ b }}] {{ x y }}', { b: { c: 1 } }, { html: true, allowMissing: true }), '[][] {{ x y }}');
  });

  it('lists the root variables used, blocks and @root included, items of loops not', () => {
    assert.deepEqual(placeholdersOf('{{#each items}}{{title}}{{@root.currency}}{{/each}}{{#if discount}}{{discount}}{{/if}}{{formatDate paidAt}} {{ name }}'), [
      'items',
      'currency',
      'discount',
      'paidAt',
      'name',
    ]);
  });

  it('a syntax error names line and column of the text as written', () => {
    const at = (text: string) => {
      try {
        checkTemplate(text);
      } catch (error) {
        assert.ok(error instanceof TemplateSyntaxError);
        return [error.line, error.column, error.reason];
      }
      assert.fail(`no error for ${text}`);
    };
    assert.deepEqual(at('<p>{{ name }}</p>\n {{#each items}}\n  {{ a b }}\n{{/each}}'), [3, 3, 'unknown helper a']);
    assert.deepEqual(at('x\n{{#if a}}'), [2, 10, 'unexpected end of template (a block is not closed)']);
    assert.deepEqual(at('{{#each items}}{{ title }}{{/if}}')[2], "each doesn't match if");
    assert.match(String(at('{{#if a}}{{> footer}}{{/if}}')[2]), /the partial footer is not a template of this account/);
    assert.match(String(at('{{#log a}}{{/log}}')[2]), /unknown block helper log/);
    assert.match(String(at('{{#if a}}{{log a}}{{/if}}')[2]), /unknown helper log/);
    assert.match(String(at('{{#each x}}{{#blockHelperMissing}}{{/blockHelperMissing}}{{/each}}')[2]), /unknown block helper blockHelperMissing/);
    assert.deepEqual(at('{{#if a}}\n {{#items}}{{title}}{{/items}}{{/if}}'), [2, 2, 'unknown block helper items: use #if, #unless, #each or #with']);
    assert.match(String(at('{{^items}}none{{/items}}')[2]), /unknown block helper items/);
  });

  it('partials: {{> name}} is the text given for that name, bound like the rest, at most MAX_PARTIAL_DEPTH deep', () => {
    const partials = new Map([
      ['footer', '<p>Bye {{ name }}</p>'],
      ['Order lines', '{{#each items}}<li>{{ this }}</li>{{/each}}{{> footer}}'],
    ]);
    assert.deepEqual(partialNames('a {{> footer}} b {{> "Order lines"}}\n{{>footer }}'), ['footer', 'Order lines']);
    assert.equal(
      renderTemplate('<h1>{{ name }}</h1>\n{{> "Order lines"}}', { name: 'A<', items: [1, 2] }, { html: true, partials }),
      '<h1>A&lt;</h1>\n<li>1</li><li>2</li><p>Bye A&lt;</p>',
    );
    assert.deepEqual(placeholdersOf('{{ a }}{{> "Order lines"}}', partials), ['a', 'items', 'name']);
    assert.deepEqual(placeholdersOf('{{ a }}{{> unknown}}'), ['a'], 'without their texts, partials count as empty');
    const error = (text: string, given: Map<string, string>) => {
      try {
        renderTemplate(text, {}, { html: true, partials: given });
      } catch (e) {
        assert.ok(e instanceof TemplateSyntaxError, String(e));
        return e.message;
      }
      assert.fail(`no error for ${text}`);
    };
    assert.equal(error('x\n  {{> nope}}', partials), 'line 2, column 3: the partial nope is not a template of this account');
    assert.match(error('{{> a}}', new Map([['a', 'x{{> a}}']])), /partials name partials more than 5 deep/);
    assert.match(error('{{> footer name}}', partials), /without arguments/);
    assert.match(error('{{#> footer}}x{{/footer}}', partials), /partial blocks/);
    const loops = new Map([['loops', '{{#each a}}{{#each ../a}}{{#each ../../a}}x{{/each}}{{/each}}{{/each}}']]);
    assert.throws(() => renderTemplate('{{> loops}}', { a: Array.from({ length: 100 }) }, { html: true, partials: loops }), /loops run more than/);
  });

  it('no prototype access: constructor, __proto__ and inherited members are empty', () => {
    assert.equal(
      renderTemplate(
        '{{#each items}}[{{constructor.name}}{{__proto__}}{{title.constructor}}]{{/each}}{{#with items}}{{constructor}}{{/with}}{{lookup name "constructor"}}',
        receipt,
        {
          html: true,
        },
      ),
      '[][]',
    );
  });

  it('bounds: nesting, iterations and output size', () => {
    const nested = `${'{{#if x}}'.repeat(MAX_NESTING + 1)}${'{{/if}}'.repeat(MAX_NESTING + 1)}`;
    assert.throws(() => checkTemplate(nested), TemplateSyntaxError);
    checkTemplate(`${'{{#if x}}'.repeat(MAX_NESTING)}${'{{/if}}'.repeat(MAX_NESTING)}`);
    const many = { items: Array.from({ length: 200 }, (_, i) => i) };
    assert.throws(
      () => renderTemplate('{{#each items}}{{#each ../items}}{{#each ../../items}}x{{/each}}{{/each}}{{/each}}', many, { html: true }),
      /loops run more than/,
    );
    const wide = { items: Array.from({ length: 100 }), s: 'x'.repeat(100_000) };
    assert.throws(() => renderTemplate('{{#each items}}{{{../s}}}{{/each}}', wide, { html: true }), /longer than/);
    assert.throws(() => renderTemplate(`{{#each items}}${'y'.repeat(100_000)}{{/each}}`, wide, { html: true }), /longer than/);
    assert.throws(() => renderTemplate('{{{ s }}}'.repeat(60), wide, { html: true }), /longer than/);
    assert.equal(renderTemplate('{{#each items}}x{{/each}}', { items: Array.from({ length: MAX_ITERATIONS }) }, { html: true }).length, MAX_ITERATIONS);
  });
});
